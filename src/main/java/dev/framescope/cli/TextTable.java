package dev.framescope.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Left-aligned columns for terminal output, at most a given width: when the columns do not fit, the widest is narrowed
 * and its cells wrap at spaces onto lines of their own, so a long list (a tool's parameters) never makes a line a
 * terminal folds.
 */
final class TextTable {

    /** Narrower than this a column would wrap almost every word. */
    private static final int MIN_WRAPPED = 24;
    private static final String GAP = "  ";
    static final int DEFAULT_WIDTH = 100;

    private final List<String[]> rows = new ArrayList<>();

    TextTable(String... header) {
        rows.add(header);
    }

    void row(String... cells) {
        rows.add(cells);
    }

    /** The table at most {@code maxWidth} characters wide where the columns allow it. */
    String render(int maxWidth) {
        int columns = rows.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], cell(row, i).length());
            }
        }
        narrow(widths, maxWidth);
        StringBuilder text = new StringBuilder();
        for (String[] row : rows) {
            List<List<String>> wrapped = new ArrayList<>();
            int lines = 1;
            for (int i = 0; i < columns; i++) {
                wrapped.add(wrap(cell(row, i), widths[i]));
                lines = Math.max(lines, wrapped.get(i).size());
            }
            for (int l = 0; l < lines; l++) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < columns; i++) {
                    String part = l < wrapped.get(i).size() ? wrapped.get(i).get(l) : "";
                    line.append(i == columns - 1 ? part : String.format("%-" + widths[i] + "s" + GAP, part));
                }
                text.append(line.toString().stripTrailing()).append('\n');
            }
        }
        return text.toString();
    }

    /** Shrinks the widest columns (never the first: it names the row) until the table fits or cannot shrink more. */
    private static void narrow(int[] widths, int maxWidth) {
        while (total(widths) > maxWidth) {
            int widest = 1;
            for (int i = 1; i < widths.length; i++) {
                widest = widths[i] > widths[widest] ? i : widest;
            }
            int shrunk = Math.max(MIN_WRAPPED, widths[widest] - (total(widths) - maxWidth));
            if (widths.length < 2 || shrunk >= widths[widest]) {
                return;
            }
            widths[widest] = shrunk;
        }
    }

    private static int total(int[] widths) {
        int sum = GAP.length() * (widths.length - 1);
        for (int w : widths) {
            sum += w;
        }
        return sum;
    }

    /** The text in lines of at most {@code width}, broken at spaces (a longer word stands on its own line). */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() == 0 ? "" : " ").append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    /**
     * The width to fit: the terminal's {@code COLUMNS} when the shell exports it, else {@value #DEFAULT_WIDTH} (Java
     * cannot ask the terminal itself).
     */
    static int width(Map<String, String> env) {
        try {
            int columns = Integer.parseInt(env.getOrDefault("COLUMNS", "").trim());
            return columns >= 40 && columns <= 1000 ? columns : DEFAULT_WIDTH;
        } catch (NumberFormatException e) {
            return DEFAULT_WIDTH;
        }
    }

    private static String cell(String[] row, int i) {
        return i < row.length && row[i] != null ? row[i] : "";
    }
}
