package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class GlobTest {

    @Test
    void matchesStarsQuestionMarksAndLiterals() {
        assertTrue(new Glob("synth/*").matches("synth/gradient"));
        assertTrue(new Glob("*").matches(""));
        assertTrue(new Glob("*/g?adient").matches("synth/gradient"));
        assertTrue(new Glob("a*b*c").matches("axxbyyc"));
        assertFalse(new Glob("a*b*c").matches("axxbyy"));
        assertFalse(new Glob("synth/*").matches("filter/blur"));
        assertTrue(new Glob("Quarter Res").matches("Quarter Res"));
        assertFalse(new Glob("a.c").matches("abc"), "a dot is a dot, not a regex");
    }

    /** A backtracking regex took 26 s of CPU on a selector like this; the timeout only guards against a hang. */
    @Test
    @Timeout(10)
    void aSelectorOfManyStarsDoesNotBacktrack() {
        String stars = "*a".repeat(200) + "b";
        String text = "a".repeat(400);
        for (int i = 0; i < 100; i++) {
            assertFalse(new Glob(stars).matches(text));
        }
    }
}
