package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.Json;
import dev.framescope.shader.formats.Effect;
import org.junit.jupiter.api.Test;

/** The metric formulas of docs/shaders.md, pinned on hand-made pixel buffers. */
class PixelStatsTest {

    private static byte[] image(int pixels, int[]... colours) {
        byte[] rgba = new byte[pixels * 4];
        for (int p = 0; p < pixels; p++) {
            int[] c = colours[p % colours.length];
            for (int k = 0; k < 4; k++) {
                rgba[4 * p + k] = (byte) c[k];
            }
        }
        return rgba;
    }

    @Test
    void halfBlackHalfWhite() {
        PixelStats s = PixelStats.of(image(4, new int[] {0, 0, 0, 255}, new int[] {255, 255, 255, 255}), 2, 2);
        assertEquals(4, s.samples());
        assertArrayEquals(new double[] {0.5, 0.5, 0.5}, s.meanRgb(), 1e-12);
        assertArrayEquals(new double[] {0.5, 0.5, 0.5}, s.stdRgb(), 1e-12);
        assertEquals(1.0, s.meanAlpha());
        // Y is 0 or 255 (coefficients sum to 1): variance 255²/4 → 0.25 on the 0–1 scale.
        assertEquals(0.25, s.lumaVariance(), 1e-9);
        assertEquals(2, s.uniqueSampledColors());
        assertFalse(s.isAllZero());
        assertFalse(s.isMonochrome());
        assertFalse(s.isEssentiallyBlank());
    }

    @Test
    void transparentBlackIsBlankZeroAndMonochrome() {
        PixelStats s = PixelStats.of(new byte[64 * 64 * 4], 64, 64);
        assertEquals(1024, s.samples(), "stride floor(4096/1000) = 4");
        assertTrue(s.isAllZero());
        assertTrue(s.isAllTransparent());
        assertTrue(s.isMonochrome());
        assertTrue(s.isEssentiallyBlank());
        assertEquals(0.0, s.lumaVariance());
    }

    @Test
    void coloursDifferingBelowTheQuantisationStepCountOnce() {
        PixelStats s = PixelStats.of(image(2, new int[] {100, 100, 100, 255}, new int[] {103, 101, 102, 255}), 2, 1);
        assertEquals(1, s.uniqueSampledColors(), "⌊r/4⌋ keys: 25,25,25 for both");
    }

    @Test
    void uniformOverridesUseGlobalNamesAndKeepOtherDefaults() throws Exception {
        var definition = Json.mapper().readTree("""
                {"globals": {"speed": {"type": "float", "default": 0.25, "uniform": "uSpeed"},
                             "gain": {"type": "float", "default": 1.0}}}""");
        var values = Effect.uniforms(definition, java.util.Map.of("speed", 2.0));
        assertEquals(2.0, values.get("uSpeed"));
        assertEquals(1.0, values.get("gain"));
    }
}
