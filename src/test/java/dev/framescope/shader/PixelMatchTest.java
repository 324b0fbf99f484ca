package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.TransitionEnds;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The golden and endpoint comparison's formula on hand-made 2×2 frames (every channel counts, alpha too; a pixel
 * differs past the tolerance), its diff picture, and which effects are transitions and what their ends show.
 */
class PixelMatchTest {

    private static byte[] frame(int... rgba) {
        byte[] bytes = new byte[rgba.length];
        for (int i = 0; i < rgba.length; i++) {
            bytes[i] = (byte) rgba[i];
        }
        return bytes;
    }

    private static final byte[] EXPECTED = frame(0, 0, 0, 255, 100, 100, 100, 255, 200, 0, 0, 255, 12, 12, 12, 255);
    // pixel 1 off by 3 in green, pixel 2 off by 1 in red, pixel 3 off by 40 in alpha only
    private static final byte[] ACTUAL = frame(0, 0, 0, 255, 100, 103, 100, 255, 201, 0, 0, 255, 12, 12, 12, 215);

    @Test
    void countsPixelsWithAnyChannelPastTheToleranceAlphaIncluded() {
        PixelMatch exact = PixelMatch.of(EXPECTED, ACTUAL, 2, 2, 0);
        assertEquals(new PixelMatch(3, 0.75, 40, (3 + 1 + 40) / 16.0, false), exact);
        PixelMatch loose = PixelMatch.of(EXPECTED, ACTUAL, 2, 2, 3);
        assertEquals(1, loose.differingPixels(), "only the alpha change is past 3");
        assertEquals(new PixelMatch(0, 0, 40, 44 / 16.0, true), PixelMatch.of(EXPECTED, ACTUAL, 2, 2, 40));
        assertEquals("75.0% of pixels differ, max 40", exact.said());
    }

    @Test
    void theDiffPictureDimsMatchingPixelsAndPaintsDifferingOnesRedByTheirDifference() {
        // matching pixels: (r + g + b) / 12 grey; differing: red 128 + largest |Δ| / 2; all opaque
        assertArrayEquals(frame(0, 0, 0, 255, 129, 0, 0, 255, 16, 16, 16, 255, 148, 0, 0, 255),
                ImageDiff.picture(EXPECTED, ACTUAL, 2, 2, 2));
    }

    @Test
    void transitionsNameTheImagesTheirEndsShow() {
        Effect wipe = new EffectLibrary(Path.of("demo/shaders/isf-complete")).select("Two Image Wipe").get(0);
        assertEquals(new TransitionEnds("progress", "startImage", "testcard", "endImage", "testcard2"),
                wipe.format().transitionEnds(wipe));
        assertEquals("transition", wipe.kind());
        Effect iris = new EffectLibrary(Path.of("demo/shaders/transitions")).select("collection/iris").get(0);
        assertEquals(new TransitionEnds("progress", "from", "testcard", "to", "testcard2"),
                iris.format().transitionEnds(iris));
        Effect swap = new EffectLibrary(Path.of("demo/shaders/isf")).select("Channel Swap").get(0);
        assertNull(swap.format().transitionEnds(swap), "an ISF filter is no transition");
        assertEquals("filter", swap.kind());
    }
}
