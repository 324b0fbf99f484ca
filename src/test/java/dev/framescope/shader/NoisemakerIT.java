package dev.framescope.shader;

import static dev.framescope.shader.ShaderCalls.call;
import static dev.framescope.shader.ShaderCalls.rgb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * The demo noisemaker effects (demo/shaders/noisemaker, definition.js modules of our own) on real WebGL2 and WebGPU,
 * pixel by pixel: a synth's colour uniform, a WGSL uniformLayout, y as noisemaker shows it, a filter over the test
 * card, a mixer's surface bound to a file, a define chosen through uniforms, two passes through an internal
 * texture, several render targets, point draws; compute effects and a hostile module are UNSUPPORTED.
 */
@Timeout(240)
class NoisemakerIT {

    private static final Path ROOT = Path.of("demo/shaders/noisemaker");
    private static final int SIZE = 32;
    private static final List<Backend> BACKENDS = List.of(Backend.webgl2, Backend.webgpu);
    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();
    @TempDir
    static Path files;


    private static int[] render(String id, Backend backend, Map<String, Object> values, Map<String, String> images) {
        Effect effect = new EffectLibrary(ROOT).select(id).get(0);
        Pixels pixels = BROWSER.harness().withPage(page -> {
            return RuntimePage.render(page, effect, backend, SIZE, SIZE, 0.25,
                    Effect.uniforms(effect.definition(), values), images);
        }, 60_000);
        return rgb(pixels, id + " " + backend);
    }

    private static void pixel(int[] rgb, int x, int y, int r, int g, int b, String why) {
        int i = 3 * (y * SIZE + x);
        String got = rgb[i] + "," + rgb[i + 1] + "," + rgb[i + 2];
        assertTrue(Math.abs(rgb[i] - r) <= 1 && Math.abs(rgb[i + 1] - g) <= 1 && Math.abs(rgb[i + 2] - b) <= 1,
                why + " at (" + x + ", " + y + "): got " + got + ", expected " + r + "," + g + "," + b);
    }

    @Test
    void synthsSetTheirUniformsDefinesAndLayoutOnBothBackends() {
        for (Backend b : BACKENDS) {
            pixel(render("synth/solidColor", b, Map.of(), Map.of()), 5, 5, 255, 128, 0, b + " default colour");
            pixel(render("synth/solidColor", b, Map.of("color", List.of(0.0, 1.0, 0.5), "level", 0.5), Map.of()),
                    20, 20, 0, 128, 64, b + " colour and level from uniforms");
            int[] band = render("synth/topBand", b, Map.of(), Map.of());
            pixel(band, 3, 0, 51, 102, 204, b + " the band is at the top (#3366cc)");
            pixel(band, 3, SIZE - 1, 0, 0, 0, b + " black below it");
            int[] narrow = render("synth/topBand", b, Map.of("height", 0.25), Map.of());
            pixel(narrow, 3, 6, 51, 102, 204, b + " a quarter-height band still covers row 6");
            pixel(narrow, 3, 12, 0, 0, 0, b + " and not row 12 (uniformLayout slot 1.x read)");
            pixel(render("synth/pickShape", b, Map.of(), Map.of()), 1, 1, 0, 255, 0, b + " SHAPE 0 by default");
            pixel(render("synth/pickShape", b, Map.of("shape", 1), Map.of()), 1, 1, 0, 0, 255,
                    b + " SHAPE 1 from uniforms");
            pixel(render("synth/pickShape", b, Map.of("shape", 1, "mode", 0), Map.of()), 1, 1, 0, 0, 128,
                    b + " with an int uniform beside the define");
        }
    }

    @Test
    void aClassOfFieldsWithAPalettePresetAndAnUnusedThirteenthUniformRendersOnBothBackends() {
        for (Backend b : BACKENDS) {
            // preset 6 (blueSkies) expanded as noisemaker's runtime does: offset 0.1 0.4, mode 3 -> 0.75
            pixel(render("synth/presetPalette", b, Map.of(), Map.of()), 7, 7, 26, 102, 191,
                    b + " the palette preset's offset and mode (13 WGSL uniforms declared, 12 used)");
        }
    }

    @Test
    void filtersMixersAndPassesReadTheirTextures() throws Exception {
        BufferedImage solid = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                solid.setRGB(x, y, 0xff00c850);
            }
        }
        Path file = files.resolve("b.png");
        ImageIO.write(solid, "png", file.toFile());
        for (Backend b : BACKENDS) {
            int[] card = render("filter/negate", b, Map.of("amount", 0.0), Map.of());
            int[] negative = render("filter/negate", b, Map.of("amount", 1.0), Map.of());
            int worst = 0;
            for (int i = 0; i < card.length; i++) {
                worst = Math.max(worst, Math.abs(card[i] + negative[i] - 255));
            }
            assertTrue(worst <= 1, b + ": amount 1 is the test card's negative, worst " + worst);
            // the same through a compute program on WebGPU (its fragment twin on WebGL2): noisemaker's compute filters
            int[] computed = render("filter/computeNegate", b, Map.of("amount", 1.0), Map.of());
            int worstComputed = 0;
            for (int i = 0; i < card.length; i++) {
                worstComputed = Math.max(worstComputed, Math.abs(computed[i] - negative[i]));
            }
            assertTrue(worstComputed <= 1, b + ": the compute program gives the negative, worst " + worstComputed);
            int[] distinct = render("filter/negate", b, Map.of("amount", 0.0), Map.of());
            assertEquals(java.util.Arrays.toString(card), java.util.Arrays.toString(distinct));
            int[] first = render("mixer/crossfade", b, Map.of("mixAmt", 0.0), Map.of());
            assertEquals(java.util.Arrays.toString(card), java.util.Arrays.toString(first),
                    b + ": mix 0 is the input (the test card), as the filter's amount 0 shows it");
            pixel(render("mixer/crossfade", b, Map.of("mixAmt", 1.0), Map.of("tex", file.toString())), 7, 9,
                    0, 200, 80, b + " mix 1 is the file bound to surface 'tex'");
            int[] second = render("mixer/crossfade", b, Map.of("mixAmt", 1.0), Map.of());
            assertTrue(!java.util.Arrays.equals(card, second), b + ": unbound 'tex' reads the second card");
            pixel(render("filter/twoStep", b, Map.of(), Map.of()), 16, 16, 191, 128, 64,
                    b + " pass 2 swaps pass 1's (0.25, 0.5, 0.75) through _stage");
        }
    }

    @Test
    void toolsListCompileAndRefuseWhatTheyCannotRun(@TempDir Path stateDir) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        JsonNode listed = call(toolkit, "search_effects", Map.of("effect", "*", "effects_root", ROOT.toString()));
        assertEquals(10, listed.at("/effects/count").asInt(), listed.toString());
        listed.at("/effects/preview").forEach(e -> assertEquals("noisemaker", e.get("format").asText()));
        JsonNode report = call(toolkit, "compile_effect", Map.of("effect", "*", "effects_root", ROOT.toString()));
        for (String id : List.of("synth/solidColor", "synth/topBand", "synth/pickShape", "synth/presetPalette",
                "filter/negate", "filter/computeNegate", "filter/twoStep", "mixer/crossfade")) {
            JsonNode e = ShaderCalls.effect(report, id);
            assertEquals("ok", e.get("status").asText(), e.toString());
            e.get("programs").forEach(p -> assertEquals("ok", p.get("status").asText(), id + " " + p));
        }
        JsonNode particles = ShaderCalls.effect(report, "unsupported/particles");
        assertEquals("unsupported", particles.get("status").asText());
        String why = particles.at("/error/message").asText();
        assertTrue(why.startsWith("UNSUPPORTED: noisemaker compute pass (pass 'simulate');"), why);
        assertFalse(why.contains("points"), "its point draw runs: " + why);
        JsonNode hostile = ShaderCalls.effect(report, "unsupported/hostile");
        assertEquals("unsupported", hostile.get("status").asText());
        String refused = hostile.at("/error/message").asText();
        assertTrue(refused.contains("fetch(") && refused.contains("line 11")
                && refused.contains("https://example.invalid/steal.js, which FrameScope never loads"), refused);
        JsonNode frame = call(toolkit, "render_effect_frame", Map.of("effect", "unsupported/*", "effects_root",
                ROOT.toString(), "backend", "webgpu"));
        frame.at("/frames/preview").forEach(f -> assertEquals("unsupported", f.get("status").asText(), f.toString()));
    }

    private static final Path STATE = Path.of("demo/shaders/noisemaker-state");

    private static Pixels renderState(String id, Backend backend, double time, Integer frames) {
        return renderState(id, backend, time, frames, Map.of());
    }

    private static Pixels renderState(String id, Backend backend, double time, Integer frames,
                                      Map<String, Object> values) {
        Effect effect = new EffectLibrary(STATE).select(id).get(0);
        return BROWSER.harness().withPage(page -> {
            return RuntimePage.render(page, effect, backend, SIZE, SIZE, time,
                    Effect.uniforms(effect.definition(), values), Map.of(), frames);
        }, 60_000);
    }

    /**
     * Declared textures as noisemaker's runtime allocates them: a 16x16 rgba16f state keeps values past 1 and below
     * 0 over 20 frames (RGBA8 would clamp them to 1 and 0) and is 16 wide (not the 32 of the frame), its pass sees
     * the frame's resolution (as noisemaker's global uniform, not the target's), a 1x1 rgba32f
     * keeps 20 x 2049 exactly (half floats would round it), and frame and deltaTime are the frame's index and the
     * normalised time since the previous frame (0 at the first frame), not 0 and a constant.
     */
    @Test
    void declaredTexturesKeepTheirSizeAndFormatAndFramesCount() {
        for (Backend b : BACKENDS) {
            Pixels accumulated = renderState("filter/accumulate", b, 0.25, 20);
            assertTrue(accumulated.note().contains("20 frame(s) rendered (frame 0..19)"), accumulated.note());
            int[] acc = rgb(accumulated, b + " accumulate");
            // left: 20 x 0.25 = 5 -> 5/8; 20 x -0.5 = -10 -> 10/16; resolution.x in the 16x16 pass: the frame's 32
            pixel(acc, 4, 10, 159, 159, 128, b + " rgba16f state past 1 and below 0, frame resolution");
            // right: 40980 mod 8 = 4 -> 0.5; frame 19; state width 16 -> 16/64
            pixel(acc, 28, 10, 128, 19, 64, b + " rgba32f sum, frame, 16-wide state");
            int[] first = rgb(renderState("synth/frameClock", b, 0.0, null), b + " frameClock at 0");
            pixel(first, 3, 3, 0, 0, 128, b + " first frame: frame 0, deltaTime 0");
            int[] fifth = rgb(renderState("synth/frameClock", b, 0.25, 5), b + " frameClock 5 frames");
            pixel(fifth, 3, 3, 4, 128, 128, b + " fifth frame: frame 4, deltaTime 1/480");
            int[] later = rgb(renderState("synth/frameClock", b, 0.25, null), b + " frameClock at 0.25");
            pixel(later, 3, 3, 120, 128, 128, b + " at time 0.25: frame 120 (60 frames a second from 0)");
        }
        for (Backend b : BACKENDS) {
            // a pass's `uniforms: {uGain: "gain"}`: the shader's uGain is the global's value (was never set: 0)
            pixel(rgb(renderState("synth/passGain", b, 0.0, null), b + " passGain"), 1, 1, 128, 0, 128,
                    b + " uGain from gain's default 0.5");
            pixel(rgb(renderState("synth/passGain", b, 0.0, null, Map.of("gain", 1.0)), b + " passGain 1"), 1, 1,
                    255, 0, 0, b + " uGain from the caller's gain 1");
        }
        Pixels huge = renderState("unsupported/hugeState", Backend.webgl2, 0.0, null);
        assertEquals("unsupported", huge.status());
        assertTrue(huge.note().startsWith("UNSUPPORTED: texture '_cells' width") && huge.note().contains("100000"),
                huge.note());
        Pixels odd = renderState("unsupported/hugeState", Backend.webgpu, 0.0, null);
        assertEquals("unsupported", odd.status());
        assertTrue(odd.note().startsWith("UNSUPPORTED: texture '_odd' has format 'bgra8unorm'"), odd.note());
    }

    /**
     * WGSL texture names resolved as noisemaker's WebGPU backend does: an alias of inputTex (inputColor), a pass's
     * second input by position (tex1), and a name no input has, which reads noisemaker's transparent black
     * placeholder. FrameScope bound that last one to the input card, so noisemaker's filter/reindex differed.
     */
    @Test
    void wgslTexturesNoInputNamesReadBlackAsInNoisemaker() {
        int[] gl = rgb(renderState("filter/bindingNames", Backend.webgl2, 0.0, null), "webgl2 bindingNames");
        int[] gpu = rgb(renderState("filter/bindingNames", Backend.webgpu, 0.0, null), "webgpu bindingNames");
        int differing = 0;
        for (int i = 0; i < gl.length; i++) {
            differing += Math.abs(gl[i] - gpu[i]) > 1 ? 1 : 0;
        }
        assertEquals(0, differing, "WebGPU frame differs from WebGL2 in " + differing + " components");
        pixel(gpu, 28, 16, 0, 0, 0, "statsTexture names no input: black");
        int y = 16;
        assertTrue(gpu[3 * (y * SIZE + 4)] + gpu[3 * (y * SIZE + 4) + 1] + gpu[3 * (y * SIZE + 4) + 2] > 30,
                "inputColor reads the card");
        assertTrue(gpu[3 * (y * SIZE + 16)] + gpu[3 * (y * SIZE + 16) + 1] + gpu[3 * (y * SIZE + 16) + 2] > 30,
                "tex1 reads the second input, the card");
    }

    /**
     * A pass repeated by a global ({@code repeat: "steps"}) runs as many times as the global's value, as noisemaker
     * resolves it each frame: 0.1 a repeat, so 2 by default (51) and 5 when the caller sets steps (128). FrameScope
     * repeated it by the default whatever the caller gave (51 both times).
     */
    @Test
    void aPassRepeatedByAGlobalRunsAsOftenAsTheGlobalSays() {
        for (Backend b : BACKENDS) {
            pixel(rgb(renderState("filter/repeatCount", b, 0.0, null), b + " repeatCount"), 5, 5, 51, 0, 0,
                    b + " steps' default 2: 0.2");
            pixel(rgb(renderState("filter/repeatCount", b, 0.0, null, Map.of("steps", 5)), b + " repeatCount 5"), 5,
                    5, 128, 0, 0, b + " steps 5: 0.5");
            pixel(rgb(renderState("filter/repeatCount", b, 0.0, null, Map.of("steps", 1)), b + " repeatCount 1"), 5,
                    5, 26, 0, 0, b + " steps 1: 0.1");
        }
    }

    /**
     * Per-program WGSL layouts ({@code uniformLayouts: {program: layout}}, as noisemaker's reactionDiffusion,
     * navierStokes, cellularAutomata and temporalAberration declare them): each program's packed array filled by
     * its own layout. FrameScope read only {@code uniformLayout}, so these WGSL programs got zeros (black here).
     */
    @Test
    void perProgramUniformLayoutsFillEachProgramsArray() {
        for (Backend b : BACKENDS) {
            pixel(rgb(renderState("synth/programLayouts", b, 0.0, null), b + " programLayouts"), 5, 5, 102, 0, 0,
                    b + " level 0.8 x gain 0.5");
            pixel(rgb(renderState("synth/programLayouts", b, 0.0, null, Map.of("gain", 1.0)), b + " gain 1"), 5, 5,
                    204, 0, 0, b + " level 0.8 x gain 1");
        }
    }

    /**
     * One draw into three render targets (noisemaker's agent passes: {@code drawBuffers}, several {@code outputs}),
     * through the tool as an agent calls it: attachment i is the i-th output, each keeps its format (2.5 survives in
     * rgba16f), the first ping-pongs across frames (0.1 a frame), the undeclared globals take the declared 8x8, and
     * the pass trace names what the pass wrote to each target. These were UNSUPPORTED before.
     */
    @Test
    void oneDrawWritesThreeRenderTargetsInOrder(@TempDir Path stateDir) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        for (Backend b : BACKENDS) {
            JsonNode frame = call(toolkit, "render_effect_frame", Map.of("effect", "filter/threeTargets",
                    "effects_root", STATE.toString(), "backend", b.name(), "width", SIZE, "height", SIZE,
                    "frames", 3, "trace_x", 1, "trace_y", 1)).at("/frames/preview/0");
            assertEquals("ok", frame.get("status").asText(), frame.toString());
            JsonNode trace = frame.at("/pass_trace/preview");
            assertEquals(4, trace.size(), trace.toString());
            String[] outputs = {"global_a", "global_b", "_c", "outputTex"};
            double[] red = {0.3, 2.5, 0.75, 0.3};
            for (int k = 0; k < 4; k++) {
                JsonNode t = trace.get(k);
                assertEquals(outputs[k], t.get("output").asText(), t.toString());
                assertEquals(k < 3 ? 0 : 1, t.get("index").asInt(), t.toString());
                assertEquals(k < 3 ? 8 : SIZE, t.get("width").asInt(), b + " " + t);
                assertEquals(red[k], t.at("/value/0").asDouble(), 1e-3, b + " " + t);
            }
            assertTrue(trace.get(2).get("format").asText().startsWith("rgba32f"), trace.toString());
            assertEquals(0.625, trace.get(3).at("/value/1").asDouble(), 1e-3, b + " b / 4 read by the next pass");
            assertEquals(0.125, trace.get(3).at("/value/3").asDouble(), 1e-3, b + " global_a is 8 wide");
        }
    }

    /**
     * Point draws as noisemaker's particle effects make them, through the tool: one point per agent of the 4x4 state
     * (count 'input'; a 17th vertex would add 1.0 at one pixel), dead agents culled, two agents on one pixel adding
     * up (additive blend: 0.5 there), and a pass run only when {@code mode} is 1. These were UNSUPPORTED before.
     */
    @Test
    void pointDrawsDepositOnePointPerAgentAdditively(@TempDir Path stateDir) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        for (Backend b : BACKENDS) {
            for (int mode : new int[] {0, 1}) {
                JsonNode frame = call(toolkit, "render_effect_frame", Map.of("effect", "synth/pointDeposits",
                        "effects_root", STATE.toString(), "backend", b.name(), "width", SIZE, "height", SIZE,
                        "uniforms", Map.of("mode", mode), "trace_x", 1, "trace_y", 1)).at("/frames/preview/0");
                assertEquals("ok", frame.get("status").asText(), frame.toString());
                JsonNode trace = frame.at("/pass_trace/preview");
                assertEquals(mode == 0 ? 3 : 4, trace.size(), b + " mode " + mode + ": depositBlue runs only in "
                        + "mode 1: " + trace);
                JsonNode shown = trace.get(trace.size() - 1).get("value");
                String what = b + " mode " + mode + " " + shown;
                if (mode == 0) {
                    assertEquals(0.375, shown.get(0).asDouble(), 1e-3, what + ": 12 live agents x 0.25 / 8");
                    assertEquals(0.5, shown.get(1).asDouble(), 1e-3, what + ": two agents on one pixel add up");
                    assertEquals(11 / 64.0, shown.get(3).asDouble(), 1e-3, what + ": 11 pixels lit");
                }
                assertEquals(mode == 0 ? 0 : 0.375, shown.get(2).asDouble(), 1e-3, what + ": blue deposits");
            }
        }
    }

    /**
     * 3D volumes drawn as noisemaker's demo draws them, through the tool (demo/shaders/noisemaker-3d): a generator
     * through render/render3d, each stage reading its own {@code threshold}; a processor fed by synth3d/noise3d at the
     * processor's volumeSize (4: an atlas 16 high) and then shown. Both were UNSUPPORTED before.
     */
    @Test
    void threeDVolumesAreDrawnThroughTheirChain(@TempDir Path stateDir) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(stateDir));
        Map<String, double[]> expected = Map.of("synth3d/ramp3d", new double[] {0.55, 0.5, 0.25},
                "filter3d/invert3d", new double[] {0.125, 0.5, 0.25});
        for (Backend b : BACKENDS) {
            for (Map.Entry<String, double[]> e : expected.entrySet()) {
                JsonNode frame = call(toolkit, "render_effect_frame", Map.of("effect", e.getKey(), "effects_root",
                        "demo/shaders/noisemaker-3d", "backend", b.name(), "width", SIZE, "height", SIZE,
                        "trace_x", 1, "trace_y", 1)).at("/frames/preview/0");
                assertEquals("ok", frame.get("status").asText(), frame.toString());
                assertTrue(frame.get("note").asText().contains("render/render3d"), frame.get("note").asText());
                JsonNode shown = null;
                for (JsonNode t : frame.at("/pass_trace/preview")) {
                    shown = t.get("output").asText().equals("outputTex") ? t.get("value") : shown;
                }
                for (int c = 0; c < 3; c++) {
                    assertEquals(e.getValue()[c], shown.get(c).asDouble(), 2e-3, b + " " + e.getKey() + " " + shown);
                }
            }
        }
    }

    /**
     * A {@code mat3} global (noisemaker's renderCubemap3d's cubeBasis), column-major on both backends: it reached
     * WebGL2 as one float and WebGPU as a 16-byte buffer, so the cubemap renderers drew only their background.
     */
    @Test
    void aMat3GlobalReachesTheShaderColumnMajor() {
        for (Backend b : BACKENDS) {
            pixel(rgb(renderState("synth/matrixBasis", b, 0.0, null), b + " matrixBasis"), 1, 1, 128, 64, 191,
                    b + " basis swapping x and y");
        }
    }
}
