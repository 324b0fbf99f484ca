package dev.framescope.shader;

import static dev.framescope.shader.ShaderCalls.call;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.server.ToolGroups;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.RuntimePage.Pixels;
import dev.framescope.shader.formats.Effect;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntBinaryOperator;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo gl-transitions (demo/shaders/transitions) on real WebGL2, pixel by pixel: progress 0 shows the from image,
 * 1 the to image, a middle value neither; a parameter and a sampler parameter change what shows; images bound to
 * files replace the cards; a compile error is reported on the entry's own line.
 */
@Timeout(180)
class GlTransitionsIT {

    private static final Path ROOT = Path.of("demo/shaders/transitions");
    private static final int SIZE = 64;
    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();
    @TempDir
    static Path files;
    private static Map<String, String> bound;

    @BeforeAll
    static void bindFiles() throws Exception {
        bound = Map.of("from", write("from.png", (x, y) -> 0xff000000 | (4 * x) << 16 | (4 * y) << 8 | 50),
                "to", write("to.png", (x, y) -> 0xff000000 | 200 << 16 | (255 - 4 * x) << 8 | (4 * y)));
    }

    private static String write(String name, IntBinaryOperator argb) throws Exception {
        BufferedImage image = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                image.setRGB(x, y, argb.applyAsInt(x, y));
            }
        }
        Path file = files.resolve(name);
        ImageIO.write(image, "png", file.toFile());
        return file.toString();
    }

    /** The RGB of every pixel, rows top-down, as the PNG files are written. */
    private static int[] render(String id, Map<String, Object> values, Map<String, String> images) {
        Effect effect = new EffectLibrary(ROOT).select(id).get(0);
        Pixels pixels = BROWSER.harness().withPage(page -> {
            return RuntimePage.render(page, effect, Backend.webgl2, SIZE, SIZE, 0.0,
                    Effect.uniforms(effect.definition(), values), images);
        }, 60_000);
        return ShaderCalls.rgb(pixels, id);
    }

    private static int[] file(String name) throws Exception {
        BufferedImage image = ImageIO.read(Path.of(bound.get(name)).toFile());
        int[] rgb = new int[SIZE * SIZE * 3];
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                int argb = image.getRGB(x, y);
                int i = 3 * (y * SIZE + x);
                rgb[i] = argb >> 16 & 0xff;
                rgb[i + 1] = argb >> 8 & 0xff;
                rgb[i + 2] = argb & 0xff;
            }
        }
        return rgb;
    }

    /** The share of pixels with a channel more than 2 apart. */
    private static double differing(int[] a, int[] b) {
        int count = 0;
        for (int p = 0; p < SIZE * SIZE; p++) {
            for (int c = 0; c < 3; c++) {
                if (Math.abs(a[3 * p + c] - b[3 * p + c]) > 2) {
                    count++;
                    break;
                }
            }
        }
        return count / (double) (SIZE * SIZE);
    }

    private static void assertSamePixel(int[] expected, int[] actual, int x, int y, String why) {
        int i = 3 * (y * SIZE + x);
        for (int c = 0; c < 3; c++) {
            assertTrue(Math.abs(expected[i + c] - actual[i + c]) <= 2, why + " at (" + x + ", " + y + "): got "
                    + actual[i] + "," + actual[i + 1] + "," + actual[i + 2] + ", expected " + expected[i] + ","
                    + expected[i + 1] + "," + expected[i + 2]);
        }
    }

    @Test
    void progressZeroShowsTheFromImageOneTheToImageAndAMiddleValueNeither() throws Exception {
        int[] from = file("from");
        int[] to = file("to");
        int[] start = render("collection/iris", Map.of("progress", 0.0), bound);
        int[] end = render("collection/iris", Map.of("progress", 1.0), bound);
        int[] middle = render("collection/iris", Map.of(), bound); // progress defaults to 0.5
        assertEquals(0.0, differing(from, start), "progress 0 = the from file, pixel for pixel");
        assertEquals(0.0, differing(to, end), "progress 1 = the to file, pixel for pixel");
        assertTrue(differing(from, middle) > 0.2 && differing(to, middle) > 0.2,
                "the middle shows both: " + differing(from, middle) + " / " + differing(to, middle));
        assertSamePixel(to, middle, 32, 32, "the iris is open at the centre");
        assertSamePixel(from, middle, 1, 1, "and not yet at the corner");
    }

    @Test
    void withoutFilesTheTransitionGoesFromTheTestCardToTheSecondCard() {
        int[] irisStart = render("collection/iris", Map.of("progress", 0.0), Map.of());
        int[] irisEnd = render("collection/iris", Map.of("progress", 1.0), Map.of());
        assertEquals(0.0, differing(irisStart, render("single/posterFade", Map.of("progress", 0.0), Map.of())),
                "two transitions at progress 0 both show the from card");
        assertEquals(0.0, differing(irisEnd, render("single/posterFade", Map.of("progress", 1.0), Map.of())),
                "and at progress 1 the to card");
        assertEquals(1.0, differing(irisStart, irisEnd), "the two cards differ at every pixel");
    }

    @Test
    void aParameterChangesThePixels() {
        int[] centred = render("collection/iris", Map.of(), Map.of());
        int[] corner = render("collection/iris", Map.of("center", java.util.List.of(0.1, 0.9)), Map.of());
        assertTrue(differing(centred, corner) > 0.2, "moving the centre moves the opening: "
                + differing(centred, corner));
        int[] six = render("collection/shutters", Map.of(), Map.of());
        int[] two = render("collection/shutters", Map.of("slats", java.util.List.of(2, 1)), Map.of());
        assertTrue(differing(six, two) > 0.1, "an ivec2 parameter is set: " + differing(six, two));
    }

    @Test
    void aSamplerParameterReadsTheRampOrTheFileBoundToItsName() throws Exception {
        int[] from = file("from");
        int[] to = file("to");
        // The ramp is darker than 0.5 in the left half: the to image shows there at progress 0.5.
        int[] ramp = render("collection/maskWipe", Map.of(), bound);
        for (int y = 0; y < SIZE; y += 9) {
            assertSamePixel(to, ramp, 10, y, "left of the ramp's middle");
            assertSamePixel(from, ramp, 54, y, "right of it");
        }
        Map<String, String> withMask = new HashMap<>(bound);
        withMask.put("mask", write("mask.png", (x, y) -> y < SIZE / 2 ? 0xff000000 : 0xffffffff));
        int[] mask = render("collection/maskWipe", Map.of(), withMask);
        assertSamePixel(to, mask, 54, 10, "a black top half of the mask shows the to image");
        assertSamePixel(from, mask, 10, 54, "its white bottom half the from image");
    }

    @Test
    void theToolsReportTheEntrysOwnErrorLineNoWgslAndTakeImageFiles(@TempDir Path stateDir) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        JsonNode report = call(toolkit, "compile_effect", Map.of("effect", "*", "effects_root", ROOT.toString()));
        assertEquals("5 effect(s) compiled on both: 4 ok, 1 with errors; first: single/brokenWipe glsl line 9: "
                + "'edge' : undeclared identifier.", report.get("summary").asText());
        JsonNode iris = ShaderCalls.effect(report, "collection/iris").get("programs");
        assertEquals("ok", iris.get(0).get("status").asText());
        assertEquals("not_available", iris.get(1).get("status").asText(), "gl-transitions are GLSL only");

        JsonNode frame = call(toolkit, "render_effect_frame", Map.of("effect", "collection/iris", "effects_root",
                ROOT.toString(), "width", SIZE, "height", SIZE, "uniforms", Map.of("progress", 1.0), "images",
                Map.of("to", bound.get("to"))));
        JsonNode metrics = frame.at("/frames/preview/0/metrics");
        // The to file's mean: red 200, green 255 − 4x over x, blue 4y over y.
        assertArrayEquals(new double[] {200 / 255.0, 129.0 / 255, 126.0 / 255}, new double[] {
                metrics.at("/mean_rgb/0").asDouble(), metrics.at("/mean_rgb/1").asDouble(),
                metrics.at("/mean_rgb/2").asDouble()}, 0.03, frame.toString());
        JsonNode wrong = call(toolkit, "render_effect_frame", Map.of("effect", "collection/iris", "effects_root",
                ROOT.toString(), "images", Map.of("mask", bound.get("to"))));
        assertEquals("INVALID_ARGUMENT", wrong.get("code").asText(), wrong.toString());
    }
}
