package dev.framescope.common;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * "Did you mean": the known names closest to one that was mistyped (a tool, a group), by edit distance with
 * transpositions, case ignored. Close enough means at most a third of the name's letters off (at least two), or one
 * name containing the other ({@code digest} finds {@code get_frame_digest}). Stateless.
 */
public final class Suggestions {

    /** Most suggestions given: more than three reads as a list, not a guess. */
    public static final int MOST = 3;

    private Suggestions() {
    }

    /**
     * Longer than any name FrameScope knows by far: not a typo but something else sent as a name (a 3 MiB "tool
     * name" kept the reader thread on its edit distances for a minute, every other message waiting).
     */
    static final int MAX_TYPED = 256;

    /** Up to {@link #MOST} known names close to {@code given}, closest first; empty when none is close. */
    public static List<String> closest(String given, Collection<String> known) {
        if (given.length() > MAX_TYPED) {
            return List.of();
        }
        String typed = given.toLowerCase(Locale.ROOT);
        int allowed = Math.max(2, typed.length() / 3);
        record Scored(String name, int distance) {
        }
        List<Scored> close = new ArrayList<>();
        for (String name : known) {
            String candidate = name.toLowerCase(Locale.ROOT);
            int distance = Math.abs(typed.length() - candidate.length()) > allowed ? Integer.MAX_VALUE
                    : distance(typed, candidate); // the lengths alone put it further off than allowed
            boolean contains = typed.length() >= 4 && (candidate.contains(typed) || typed.contains(candidate));
            if (distance <= allowed || contains) {
                close.add(new Scored(name, contains ? Math.min(distance, allowed) : distance));
            }
        }
        return close.stream().sorted(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name))
                .limit(MOST).map(Scored::name).toList();
    }

    /** " Did you mean a or b?" for a message, or "" when nothing is close. */
    public static String didYouMean(String given, Collection<String> known) {
        List<String> close = closest(given, known);
        return close.isEmpty() ? "" : " Did you mean " + String.join(" or ", close) + "?";
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
