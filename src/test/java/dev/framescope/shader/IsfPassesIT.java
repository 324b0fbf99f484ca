package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.RuntimePage.Pixels;
import dev.framescope.shader.formats.Effect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * ISF PASSES (TARGET, WIDTH/HEIGHT expressions, PERSISTENT, FLOAT) and IMPORTED images on real WebGL2, checked pixel
 * by pixel against values that follow from the demo files' code.
 */
@Timeout(180)
class IsfPassesIT {

    private static final Path ISF = Path.of("demo/shaders/isf");
    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();


    private static int[] render(Path root, String id) {
        return render(root, id, Map.of());
    }

    private static int[] render(Path root, String id, Map<String, String> images) {
        return rgb(pixels(root, id, 0.5, 16, images));
    }

    private static Pixels pixels(Path root, String id, double time, Integer frames, Map<String, String> images) {
        Effect effect = new EffectLibrary(root).select(id).get(0);
        Pixels pixels = BROWSER.harness().withPage(page -> {
            return RuntimePage.render(page, effect, Backend.webgl2, 64, 64, time,
                    Effect.uniforms(effect.definition(), Map.of()), images, frames);
        }, 60_000);
        assertEquals("ok", pixels.status(), id + ": " + pixels.diagnostics() + " " + pixels.note());
        return pixels;
    }

    private static int[] rgb(Pixels pixels) {
        return ShaderCalls.rgb(pixels, "frame");
    }

    private static void assertPixel(int[] rgb, int x, int y, int r, int g, int b, String why) {
        int i = 3 * (y * 64 + x);
        String at = why + " at (" + x + ", " + y + "): got " + rgb[i] + "," + rgb[i + 1] + "," + rgb[i + 2];
        assertTrue(Math.abs(rgb[i] - r) <= 1 && Math.abs(rgb[i + 1] - g) <= 1 && Math.abs(rgb[i + 2] - b) <= 1,
                at + ", expected " + r + "," + g + "," + b);
    }

    @Test
    void aQuarterSizeTargetFromWidthAndHeightExpressionsIsShownBlockByBlock() {
        int[] rgb = render(ISF, "Quarter Res");
        // Pass 0 draws a 16×16 target (64/4, floor(64/4)); texel (i, j) holds ((i+0.5)/16, (j+0.5)/16), j from the
        // bottom. Pass 1 samples it (nearest) over the 64×64 frame, so every 4×4 block shows one texel.
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 64; x++) {
                int i = x / 4;
                int j = (63 - y) / 4;
                assertPixel(rgb, x, y, (int) Math.round(255 * (i + 0.5) / 16), (int) Math.round(255 * (j + 0.5) / 16),
                        0, "block texel");
            }
        }
    }

    @Test
    void aSinglePersistentPassReadsItsOwnPreviousFrameOncePerFrame() {
        // Time 0.05 of the 8 s loop is 0.4 s: a 60 fps host has drawn frames 0..24 (TIME 0 .. 24/60 s).
        Pixels pixels = pixels(ISF, "Frame Counter", 0.05, null, Map.of());
        assertPixel(rgb(pixels), 10, 10, 25, 24, 24, "25 frames drawn, FRAMEINDEX 24, TIME×60 = 24");
        assertTrue(pixels.note().contains("25 frame(s)"), pixels.note());
        // Ten frames asked for at time 0: all at TIME 0 (never before it), FRAMEINDEX 0..9.
        assertPixel(rgb(pixels(ISF, "Frame Counter", 0.0, 10, Map.of())), 30, 40, 10, 9, 0, "10 frames at time 0");
    }

    @Test
    void frameIndexTimeAndTimeDeltaAreWhatAHostGivesWithoutFeedback() {
        // Not feedback: only the last frame is drawn, with the number it has in the host's sequence.
        assertPixel(rgb(pixels(ISF, "Frame Index", 0.1, null, Map.of())), 5, 5, 48, 48, 255, "frame 48 at 0.8 s");
        assertPixel(rgb(pixels(ISF, "Frame Index", 0.0, null, Map.of())), 5, 5, 0, 0, 0, "first frame");
        assertPixel(rgb(pixels(ISF, "Frame Index", 0.0, 5, Map.of())), 5, 5, 4, 0, 0, "frame 4, all at TIME 0");
    }

    @Test
    void aFloatFinalTargetIsReadAsFloatsNotAsZeros() {
        Pixels pixels = pixels(ISF, "Float Output", 0.0, null, Map.of());
        assertPixel(rgb(pixels), 20, 20, 255, 0, 64, "bytes clamp 2.5 to 255 and round 0.001 to 0");
        FloatStats stats = FloatStats.of(pixels.floats());
        double[] expected = {2.5, 0.001, 0.25, 1.0};
        for (int c = 0; c < 4; c++) {
            assertEquals((float) expected[c], stats.min()[c], 1e-9, "min of channel " + c);
            assertEquals((float) expected[c], stats.max()[c], 1e-9, "max of channel " + c);
        }
        assertEquals(0.25, stats.fractionAboveOne(), 1e-12, "red, one component in four, is above 1");
    }

    @Test
    void persistentFloatTargetsAccumulateWhatEightBitOrNonPersistentOnesLose(@TempDir Path root) throws Exception {
        // 16 feedback frames (asked for) × 0.001 = 0.016 → 4/255 in a float target; an 8-bit target rounds each 0.001 to 0;
        // a target that is not PERSISTENT starts every frame blank, so it never holds more than one 0.001.
        assertPixel(render(ISF, "Slow Accumulator"), 10, 10, 4, 4, 4, "persistent float");
        String source = Files.readString(ISF.resolve("Slow Accumulator.fs"));
        Files.writeString(root.resolve("Eight Bit.fs"), source.replace("\"FLOAT\": true", "\"FLOAT\": false"));
        Files.writeString(root.resolve("Forgetful.fs"), source.replace("\"PERSISTENT\": true",
                "\"PERSISTENT\": false"));
        assertPixel(render(root, "Eight Bit"), 10, 10, 0, 0, 0, "persistent 8-bit");
        assertPixel(render(root, "Forgetful"), 10, 10, 0, 0, 0, "non-persistent float");
    }

    @Test
    void anImportedImageIsBoundByNameWithItsTopRowAtTheTop() {
        int[] rgb = render(ISF, "Imported Palette");
        // palette.png (scripts/make-isf-palette.py): pixel (i, j), j from the top, is (64i + 16, 64j + 16, 128),
        // sampled linearly as ISF hosts do: frame pixel 16i + 8 is at texel coordinate i + 1/32, 1/32 of the way
        // to the next texel (clamped at the edge), 2 levels from the texel.
        for (int j = 0; j < 4; j++) {
            for (int i = 0; i < 4; i++) {
                assertPixel(rgb, 16 * i + 8, 16 * j + 8, linear(16 * i + 8), linear(16 * j + 8), 128, "palette texel");
            }
        }
        // Pixel 31 is at texel coordinate 1.47, between texels 1 and 2 (nearest gives texel 1's 80).
        assertPixel(rgb, 31, 31, 110, 110, 128, "between palette texels");
    }

    /** The palette's red at frame column x (its green at row x from the top), filtered linearly. */
    private static int linear(int x) {
        double t = (x + 0.5) / 16 - 0.5;
        int i0 = (int) Math.floor(t);
        double f = t - i0;
        return (int) Math.round((1 - f) * (64 * i0 + 16) + f * (64 * Math.min(i0 + 1, 3) + 16));
    }

    @Test
    void aFileBoundToAnImportedNameReplacesTheImage(@TempDir Path dir) throws Exception {
        java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(4, 4,
                java.awt.image.BufferedImage.TYPE_INT_RGB);
        for (int j = 0; j < 4; j++) {
            for (int i = 0; i < 4; i++) {
                image.setRGB(i, j, (200 - 40 * j) << 16 | (30 * i) << 8 | 77);
            }
        }
        Path file = dir.resolve("other.png");
        javax.imageio.ImageIO.write(image, "png", file.toFile());
        int[] rgb = render(ISF, "Imported Palette", Map.of("palette", file.toString()));
        assertPixel(rgb, 8, 8, 200, 0, 77, "bound file texel (0, 0)");
        assertPixel(rgb, 56, 56, 80, 90, 77, "bound file texel (3, 3)");
    }
}
