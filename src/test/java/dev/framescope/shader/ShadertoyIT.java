package dev.framescope.shader;

import static dev.framescope.shader.ShaderCalls.call;
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
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo Shadertoy shaders (demo/shaders/shadertoy) on real WebGL2, pixel by pixel: fragCoord and iResolution
 * (y up), iTime, iMouse set by the caller, Buffer A feedback over the frames rendered (a float target), iFrame, an
 * iChannel bound to a file; compile errors on the tab's own line; an unsupported input named.
 */
@Timeout(240)
class ShadertoyIT {

    private static final Path ROOT = Path.of("demo/shaders/shadertoy");
    private static final int SIZE = 64;
    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();
    @TempDir
    static Path files;


    private static Pixels pixels(String id, double time, Map<String, Object> values, Map<String, String> images,
                                 Integer frames) {
        Effect effect = new EffectLibrary(ROOT).select(id).get(0);
        return BROWSER.harness().withPage(page -> {
            return RuntimePage.render(page, effect, Backend.webgl2, SIZE, SIZE, time,
                    Effect.uniforms(effect.definition(), values), images, frames);
        }, 120_000);
    }

    /** RGB of every pixel, rows top-down. */
    private static int[] render(String id, double time, Map<String, Object> values, Map<String, String> images,
                                Integer frames) {
        Pixels pixels = pixels(id, time, values, images, frames);
        return ShaderCalls.rgb(pixels, id);
    }

    /** Pixel (x, y) with y counted from the top, as rows are returned. */
    private static int[] at(int[] rgb, int x, int y) {
        int i = 3 * (y * SIZE + x);
        return new int[] {rgb[i], rgb[i + 1], rgb[i + 2]};
    }

    private static void near(int expected, int actual, String why) {
        assertTrue(Math.abs(expected - actual) <= 1, why + ": expected " + expected + ", got " + actual);
    }

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

    @Test
    void fragCoordAndIResolutionMapCornersWithYUpAndITimeMovesTheFrame() {
        int[] start = render("probes/uv", 0.0, Map.of(), Map.of(), null);
        // fragCoord is the pixel centre: (0.5, 0.5) bottom-left, (63.5, 63.5) top-right; × 255 / 64.
        near(2, at(start, 0, SIZE - 1)[0], "bottom-left red");
        near(2, at(start, 0, SIZE - 1)[1], "bottom-left green");
        near(253, at(start, SIZE - 1, 0)[0], "top-right red");
        near(253, at(start, SIZE - 1, 0)[1], "top-right green");
        near(2, at(start, 0, 0)[0], "top-left red");
        near(253, at(start, 0, 0)[1], "top-left green: y grows upward");
        near(0, at(start, 5, 5)[2], "iTime 0");
        int[] later = render("probes/uv", 0.5, Map.of(), Map.of(), null); // iTime 4 s
        near(128, at(later, 5, 5)[2], "iTime 4 s / 8");
    }

    @Test
    void iMouseSetByTheCallerMovesTheRings() {
        int[] centred = render("rings", 0.0, Map.of(), Map.of(), null);
        int[] moved = render("rings", 0.0, Map.of("iMouse", List.of(12.0, 12.0, 12.0, 12.0)), Map.of(), null);
        assertTrue(differing(centred, moved) > 0.3, "rings around (12, 12): " + differing(centred, moved));
        int[] spot = at(moved, 12, SIZE - 1 - 12);
        int[] before = at(centred, 12, SIZE - 1 - 12);
        assertTrue(spot[0] + spot[1] + spot[2] > before[0] + before[1] + before[2] + 60,
                "the ring's bright centre is at the mouse: " + List.of(spot[0], spot[1], spot[2]) + " vs "
                        + List.of(before[0], before[1], before[2]));
    }

    @Test
    void bufferAFeedbackAccumulatesOverTheFramesRendered() {
        int[] one = render("trail", 0.25, Map.of(), Map.of(), 1);
        int[] thirty = render("trail", 0.25, Map.of(), Map.of(), 30);
        // Bottom-left pixel: Buffer A's count (float alpha, +1 a frame) and iFrame of the last frame.
        near(1, at(one, 0, SIZE - 1)[0], "one frame counted");
        near(0, at(one, 0, SIZE - 1)[1], "iFrame 0");
        near(30, at(thirty, 0, SIZE - 1)[0], "thirty frames counted in the float target");
        near(29, at(thirty, 0, SIZE - 1)[1], "iFrame 29");
        int litOne = lit(one);
        int litThirty = lit(thirty);
        assertTrue(litOne > 10 && litThirty > 3 * litOne, "the trail grows: " + litOne + " lit pixels after one "
                + "frame, " + litThirty + " after thirty");
        // The dot at iTime 2 s (the last frame) is where the single frame drew it: same head in both.
        assertTrue(differing(one, thirty) > 0.01, "frame 30 differs from frame 1");
        // The time implies the frames: 0.25 × 480 + 1 = 121.
        near(121, at(render("trail", 0.25, Map.of(), Map.of(), null), 0, SIZE - 1)[0], "121 frames by default");
    }

    private static int lit(int[] rgb) {
        int count = 0;
        for (int p = 0; p < SIZE * SIZE; p++) {
            if (rgb[3 * p] > 20) {
                count++;
            }
        }
        return count;
    }

    @Test
    void anIChannelBoundToAFileIsSampledUpright() throws Exception {
        BufferedImage image = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                image.setRGB(x, y, 0xff000000 | (4 * x) << 16 | (4 * y) << 8 | 90);
            }
        }
        Path file = files.resolve("photo.png");
        ImageIO.write(image, "png", file.toFile());
        int[] card = render("probes/channel", 0.0, Map.of(), Map.of(), null);
        int[] bound = render("probes/channel", 0.0, Map.of(), Map.of("iChannel0", file.toString()), null);
        for (int[] xy : new int[][] {{5, 5}, {40, 10}, {60, 60}, {20, 50}}) {
            int[] got = at(bound, xy[0], xy[1]);
            near(4 * xy[0], got[0], "file red at " + xy[0] + "," + xy[1]);
            near(4 * xy[1], got[1], "file green (top row at the top) at " + xy[0] + "," + xy[1]);
            near(90, got[2], "file blue");
        }
        assertTrue(differing(card, bound) > 0.5, "the test card was replaced");
        near(64, at(bound, 0, 10)[0], "iChannelResolution[0].x");
        near(64, at(bound, 0, 10)[1], "iChannelResolution[0].y");
    }

    @Test
    void compileErrorsAreOnTheTabsOwnLinesAndUnsupportedInputsAreNamed(@TempDir Path stateDir) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        JsonNode report = call(toolkit, "compile_effect", Map.of("effect", "broken/*,unsupported/*,trail,rings",
                "effects_root", ROOT.toString()));
        JsonNode image = ShaderCalls.effect(report, "broken/image-error").at("/programs/0/diagnostics/0");
        assertEquals(3, image.get("line").asInt(), report.toString());
        assertEquals("Image", image.get("program").asText());
        assertTrue(image.get("message").asText().contains("shade"), image.toString());
        JsonNode common = ShaderCalls.effect(report, "broken/common-error").at("/programs/0/diagnostics/0");
        assertEquals(2, common.get("line").asInt(), report.toString());
        assertEquals("Common", common.get("program").asText());
        JsonNode volume = ShaderCalls.effect(report, "unsupported/volume");
        assertEquals("unsupported", volume.get("status").asText());
        assertTrue(volume.at("/error/message").asText().startsWith("UNSUPPORTED: a volume (3D texture) input on "
                + "iChannel1 of Image"), volume.toString());
        JsonNode trail = ShaderCalls.effect(report, "trail").get("programs");
        assertEquals(4, trail.size(), "Buffer A and Image, GLSL and WGSL: " + trail);
        assertEquals("ok", trail.get(0).get("status").asText());
        assertEquals("not_available", trail.get(1).get("status").asText(), "Shadertoy is GLSL only");
        assertTrue(report.get("summary").asText().startsWith("5 effect(s) compiled on both: 2 ok, 2 with errors, 1 "
                + "unsupported"), report.get("summary").asText());

        JsonNode frame = call(toolkit, "render_effect_frame", Map.of("effect", "unsupported/volume",
                "effects_root", ROOT.toString()));
        assertEquals("unsupported", frame.at("/frames/preview/0/status").asText(), frame.toString());
        assertTrue(frame.at("/frames/preview/0/note").asText().startsWith("UNSUPPORTED: a volume"));
        JsonNode trailFrame = call(toolkit, "render_effect_frame", Map.of("effect", "trail", "effects_root",
                ROOT.toString(), "width", SIZE, "height", SIZE, "time", 0.1, "frames", 10));
        assertEquals("ok", trailFrame.at("/frames/preview/0/status").asText(), trailFrame.toString());
        assertTrue(trailFrame.at("/frames/preview/0/note").asText().startsWith("Shadertoy: 10 frame(s) drawn"),
                trailFrame.toString());
    }

    /**
     * The pass trace through a Shadertoy export's buffers: what Buffer A (a float target) holds at the bottom-left
     * pixel, then what Image writes there, in drawing order. After 10 frames Buffer A's alpha counts 10 and Image
     * shows it and iFrame 9 (each / 255), read before Image's 8-bit target rounds them.
     */
    @Test
    void thePassTraceFollowsAPixelThroughBufferAIntoImage(@TempDir Path stateDir) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        JsonNode frame = call(toolkit, "render_effect_frame", Map.of("effect", "trail", "effects_root",
                ROOT.toString(), "backend", "webgl2", "width", 32, "height", 16, "frames", 10, "time", 1.0,
                "trace_x", 0, "trace_y", 15)).at("/frames/preview/0");
        JsonNode trace = frame.at("/pass_trace/preview");
        assertEquals(2, trace.size(), frame.toString());
        assertEquals("Buffer A", trace.at("/0/pass").asText());
        assertEquals("rgba32f", trace.at("/0/format").asText());
        assertEquals(10.0, trace.at("/0/value/3").asDouble(), "Buffer A's alpha counts the frames: " + trace);
        assertEquals("Image", trace.at("/1/pass").asText());
        assertEquals("rgba32f twin", trace.at("/1/read_from").asText());
        assertEquals(10 / 255.0, trace.at("/1/value/0").asDouble(), 1e-6, trace.toString());
        assertEquals(9 / 255.0, trace.at("/1/value/1").asDouble(), 1e-6, "iFrame of the last frame: " + trace);
    }
}
