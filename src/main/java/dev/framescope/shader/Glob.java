package dev.framescope.shader;

/**
 * An effect selector part: {@code *} matches any run of characters (none included), {@code ?} one character,
 * everything else itself. Matched by the two-pointer algorithm with one backtrack point, in O(pattern × text) time
 * at worst and without recursion or regular expressions, so a selector of many stars cannot spin a worker (a
 * backtracking regex took 26 s on one). Immutable.
 */
final class Glob {

    private final String pattern;

    Glob(String pattern) {
        this.pattern = pattern.replaceAll("\\*+", "*"); // a run of stars matches what one star matches
    }

    boolean matches(String text) {
        int p = 0;
        int t = 0;
        int star = -1;
        int resume = 0;
        while (t < text.length()) {
            if (p < pattern.length() && (pattern.charAt(p) == '?' || pattern.charAt(p) == text.charAt(t))) {
                p++;
                t++;
            } else if (p < pattern.length() && pattern.charAt(p) == '*') {
                star = p++;
                resume = t;
            } else if (star >= 0) {
                p = star + 1;
                t = ++resume;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }
}
