package dev.framescope.shader.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The native draw against Chromium's on a 2×1 pass shaped like the public ISF Boxinator at 128² (a NaN in Chromium's
 * draw where lavapipe's sin rounds the hash the other way): the pixel and the count disagree, and the answer says
 * the trace steps the native values; a pass drawn alike says nothing more.
 */
class AgreementTest {

    private static PassSnapshot pass(float... chromium) {
        return new PassSnapshot(0, "main", "300 es", "", null, false, 2, 1, null, Map.of(), List.of(), chromium);
    }

    @Test
    void aPixelNonFiniteInChromiumOnlyDisagreesAndSaysTheTraceIsTheNativeDraws() {
        float nan = Float.NaN;
        Agreement a = Agreement.of(pass(nan, nan, nan, 1.3f, 0.5f, 0.5f, 0.5f, 1f),
                new float[] {0.706f, 0.498f, 0.482f, 1.3f, 0.5004f, 0.5f, 0.5f, 1f}, 0, 0);
        assertFalse(a.atPixel());
        assertEquals(List.of("NaN", "NaN", "NaN", (double) 1.3f), a.chromium());
        assertEquals(1, a.pixelsDiffering());
        assertEquals(List.of(0, 0), a.mostDifferingPixel(), "NaN on one side only: the first that differs");
        assertEquals(1, a.chromiumNonFinite());
        assertEquals(0, a.nativeNonFinite());
        assertTrue(a.note().startsWith("native and Chromium differ in 1 of 2 pixels, this pixel among them"),
                a.note());
        assertTrue(a.note().contains("the trace steps the native draw's values"), a.note());
    }

    @Test
    void passesDrawnAlikeWithinTheToleranceSayNothingMore() {
        Agreement a = Agreement.of(pass(0.25f, 0.5f, Float.POSITIVE_INFINITY, 1f, 0f, 0f, 0f, 1f),
                new float[] {0.2505f, 0.5f, Float.POSITIVE_INFINITY, 1f, 0f, 0f, 0f, 1f}, 1, 0);
        assertTrue(a.atPixel());
        assertEquals(0, a.pixelsDiffering());
        assertNull(a.mostDifferingPixel());
        assertNull(a.note());
    }

    /** Rows are bottom-up in the arrays, (x, y) from the top in the answer, as the pixel debug_effect takes. */
    @Test
    void thePixelWithTheLargestDifferenceIsNamedToDebugNext() {
        float[] chromium = {0, 0, 0, 1, 0.2f, 0, 0, 1, 0.5f, 0, 0, 1, 0, 0, 0, 1};
        float[] nativePixels = {0, 0, 0, 1, 0.21f, 0, 0, 1, 0.9f, 0, 0, 1, 0, 0, 0, 1};
        Agreement a = Agreement.of(new PassSnapshot(0, "main", "300 es", "", null, false, 2, 2, null, Map.of(),
                List.of(), chromium), nativePixels, 0, 0);
        assertEquals(2, a.pixelsDiffering());
        assertEquals(List.of(0, 0), a.mostDifferingPixel(), "array pixel 2 (0.4 off) is the top row's first");
    }
}
