package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.IntBinaryOperator;
import org.junit.jupiter.api.Test;

/** FrameDescription on frames whose description follows from their construction. */
class FrameDescriptionTest {

    /** A w × h frame whose pixel (x, y) is the 0xRRGGBB colour {@code colour} gives. */
    private static byte[] frame(int w, int h, IntBinaryOperator colour) {
        byte[] rgba = new byte[w * h * 4];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int c = colour.applyAsInt(x, y);
                int i = 4 * (y * w + x);
                rgba[i] = (byte) (c >> 16);
                rgba[i + 1] = (byte) (c >> 8);
                rgba[i + 2] = (byte) c;
                rgba[i + 3] = (byte) 255;
            }
        }
        return rgba;
    }

    @Test
    void greyRampFromLeftToRight() {
        // Columns 0..255 carry grey level x: mean luma 127.5/255, right half brighter by 128/255.
        FrameDescription d = FrameDescription.of(frame(256, 16, (x, y) -> x * 0x010101), 256, 16);
        assertEquals(0.5, d.meanLuma(), 1e-3);
        assertEquals(128.0 / 255, d.leftToRight(), 1e-3);
        assertEquals(0.0, d.topToBottom(), 1e-12);
        assertEquals(0.0, d.colourfulFraction());
        assertEquals(1.0 / 255, d.edgeDensity(), 1e-3, "one grey step per pixel across, none down");
        assertEquals("Mid-tone, grey frame; high contrast, smooth; brighter to the right.", d.text());
    }

    @Test
    void solidRedIsFlatAndAllRed() {
        FrameDescription d = FrameDescription.of(frame(32, 32, (x, y) -> 0xff0000), 32, 32);
        assertEquals(0.299, d.meanLuma(), 1e-9);
        assertEquals(0.0, d.lumaStd(), 1e-6);
        assertEquals(1.0, d.colourfulFraction());
        assertEquals(Map.of("red", 1.0), d.hueShares());
        assertEquals("Dark, red frame; flat (no contrast), smooth.", d.text());
    }

    @Test
    void blueCheckerOnBlackIsBusyAndHalfColourful() {
        FrameDescription d = FrameDescription.of(frame(64, 64, (x, y) -> (x + y) % 2 == 0 ? 0x0000ff : 0), 64, 64);
        assertEquals(0.5, d.colourfulFraction());
        assertEquals(Map.of("blue", 1.0), d.hueShares());
        assertEquals(2 * 0.114, d.edgeDensity(), 1e-9, "every step across and down changes Y by 0.114");
        assertTrue(d.text().contains("blue") && d.text().contains("busy"), d.text());
    }

    @Test
    void brightCentreOnBlack() {
        FrameDescription d = FrameDescription.of(frame(64, 64,
                (x, y) -> x >= 16 && x < 48 && y >= 16 && y < 48 ? 0xffffff : 0), 64, 64);
        assertEquals(1.0, d.centreMinusEdge(), 1e-9);
        assertTrue(d.text().endsWith("brighter in the centre."), d.text());
    }

    @Test
    void whiteShapeOnTransparentIsNotADarkGreyFrame() {
        // A white disc (alpha 255) on a background of alpha 0 whose colour bytes are 0, as a shader writes vec4(0).
        int w = 40;
        int h = 40;
        byte[] rgba = frame(w, h, (x, y) -> (x - 20) * (x - 20) + (y - 20) * (y - 20) < 100 ? 0xffffff : 0);
        int covered = 0;
        for (int p = 0; p < w * h; p++) {
            if ((rgba[4 * p] & 0xff) == 0) {
                rgba[4 * p + 3] = 0;
            } else {
                covered++;
            }
        }
        FrameDescription d = FrameDescription.of(rgba, w, h);
        assertEquals((double) covered / (w * h), d.coverage(), 1e-12);
        assertEquals(d.coverage(), d.meanAlpha(), 1e-12);
        assertEquals(1.0, d.meanLuma(), 1e-9, "white over the covered pixels");
        assertTrue(d.centreMinusEdge() > 0.1, "Y·alpha: the disc is in the centre");
        assertEquals(String.format("Very bright, grey shapes covering %.0f %% of the frame on a transparent background;"
                + " flat (no contrast), moderately detailed; brighter in the centre.", 100 * d.coverage()), d.text());
        // The same bytes read as opaque were "a dark grey frame": the old description.
        byte[] opaque = rgba.clone();
        for (int p = 0; p < w * h; p++) {
            opaque[4 * p + 3] = (byte) 255;
        }
        assertTrue(FrameDescription.of(opaque, w, h).text().startsWith("Dark, grey frame"),
                FrameDescription.of(opaque, w, h).text());
        assertEquals("Fully transparent frame (alpha 0 at every pixel).", FrameDescription.of(new byte[w * h * 4], w,
                h).text());
    }
}
