package dev.framescope.cli;

import java.util.ArrayList;
import java.util.List;

/** Left-aligned columns for terminal output. */
final class TextTable {

    private final List<String[]> rows = new ArrayList<>();

    TextTable(String... header) {
        rows.add(header);
    }

    void row(String... cells) {
        rows.add(cells);
    }

    String render() {
        int columns = rows.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], cell(row, i).length());
            }
        }
        StringBuilder text = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(i == columns - 1 ? cell(row, i) : String.format("%-" + widths[i] + "s  ", cell(row, i)));
            }
            text.append(line.toString().stripTrailing()).append('\n');
        }
        return text.toString();
    }

    private static String cell(String[] row, int i) {
        return i < row.length && row[i] != null ? row[i] : "";
    }
}
