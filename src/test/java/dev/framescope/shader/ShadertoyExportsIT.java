package dev.framescope.shader;

import static dev.framescope.shader.ShaderCalls.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.server.ToolGroups;
import dev.framescope.shader.EffectCompiler.Backend;
import dev.framescope.shader.formats.Effect;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 23 public Shadertoy API exports of demo/shaders/shadertoy-exports (see its PROVENANCE.md) through
 * render_effect_frame: each renders with the stand-ins it reads named in its note, or fails naming why. Before issue
 * 27 only 8 rendered (cubemaps, Cube A, keyboard, music, video, webcam and Sound passes were refused).
 */
@Timeout(600)
class ShadertoyExportsIT {

    private static final Path ROOT = Path.of("demo/shaders/shadertoy-exports");
    private static final String CUBE_CARD = "(cubemap): FrameScope's cube test card";
    private static final String CARD = "not saved beside the export): the test card";
    /** Per export, what its note must name (empty: nothing stands in). */
    private static final Map<String, List<String>> RENDERED = new TreeMap<>(Map.ofEntries(
            Map.entry("CircularPuzzleInteractive", List.of()),
            Map.entry("DistanceFieldPainter", List.of()),
            Map.entry("HeightFieldMarkI", List.of("iChannel1 of Image " + CUBE_CARD, "iChannel2 of Image " + CUBE_CARD,
                    "iChannel0 of Image (texture ad56fba948dfba9ae698198c109e71f118a54d209c0ea50d77ea546abad89c57"
                            + ".png, " + CARD)),
            Map.entry("Input-Keyboard", List.of("iChannel0 of Image (keyboard): all keys up")),
            Map.entry("KifsOctahedrons", List.of()),
            Map.entry("LunarCubemap", List.of("Cube A faces 64×64")),
            Map.entry("MyFirstAudioProcessingShader", List.of("iChannel0 of Image (music): silence")),
            Map.entry("NeuralNetVideoSample", List.of("iChannel0 of Image (video): the test card")),
            Map.entry("PathTracerWIP", List.of("iChannel0 of Buffer A " + CUBE_CARD, "iChannel1 of Buffer A (texture")),
            Map.entry("PlanetShadertoy", List.of("Sound pass 'Sound' (it makes audio, no pixels): not run")),
            Map.entry("SonicFusion", List.of("iChannel0 of Image (music): silence")),
            Map.entry("SpinningTilesOfColourfulness", List.of("iChannel0 of Image (texture", "iChannel1 of Image (texture")),
            Map.entry("StopMotionFox", List.of("iChannel0 of Buffer A (texture", "iChannel1 of Image (texture")),
            Map.entry("SurferBoy", List.of("iChannel0 of Buffer A (texture", "iChannel0 of Buffer C (texture")),
            Map.entry("TemporalAAVarianceClipping", List.of("iChannel1 of Buffer A " + CUBE_CARD)),
            Map.entry("TestCubemap", List.of("Cube A faces 64×64")),
            Map.entry("ToonWebcam", List.of("iChannel0 of Buffer A (webcam): the test card")),
            Map.entry("Training", List.of()),
            Map.entry("TrainingExt", List.of()),
            Map.entry("VolumetricIntegration", List.of("iChannel0 of Image (texture")),
            Map.entry("WordToy", List.of("iChannel1 of Buffer A (keyboard): all keys up")),
            Map.entry("fastMedian", List.of("iChannel0 of Image (video): the test card"))));
    @RegisterExtension
    static final OneBrowser BROWSER = new OneBrowser();

    @Test
    void twentyTwoOfTheTwentyThreeExportsRenderAndTheLastNamesItsOwnError(@TempDir Path state) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(state));
        JsonNode report = call(toolkit, "render_effect_frame", Map.of("effect", "*", "effects_root", ROOT.toString(),
                "width", 64, "height", 64, "limit", 50));
        assertEquals(23, report.at("/frames/count").asInt(), report.toString());
        for (JsonNode frame : report.at("/frames/preview")) {
            String id = frame.get("effect").asText();
            String note = frame.path("note").asText();
            if (id.equals("HeightFieldMarkI-Ext")) {
                // Its code samples iChannel2 as a cubemap, but the export binds nothing there: shadertoy.com declares
                // an unbound channel sampler2D too, so this is the export's own compile error.
                assertEquals("error", frame.get("status").asText(), frame.toString());
                assertTrue(frame.at("/diagnostics/0/message").asText().contains("'texture' : no matching overloaded"
                        + " function found"), frame.toString());
                continue;
            }
            assertEquals("ok", frame.get("status").asText(), id + ": " + frame);
            assertTrue(note.startsWith("Shadertoy: 1 frame(s) drawn"), id + ": " + note);
            assertTrue(frame.at("/metrics/unique_sampled_colors").asInt() > 1 || id.equals("DistanceFieldPainter")
                    || id.equals("SonicFusion"), id + " draws more than one colour: " + frame);
            for (String named : RENDERED.get(id)) {
                assertTrue(note.contains(named), id + " names " + named + ": " + note);
            }
            if (RENDERED.get(id).isEmpty()) {
                assertTrue(!note.contains("stand-ins"), id + " reads no stand-in: " + note);
            }
        }
        assertEquals(22, report.at("/page/counts/ok").asInt(), report.at("/page").toString());
    }

    @Test
    void testCubemapsImageReadsBackTheRaysItsCubeAPassDrew() {
        Effect effect = new EffectLibrary(ROOT).select("TestCubemap").get(0);
        // iMouse.z >= 0 draws each pixel's ray directly; iMouse.z < 0 samples Cube A along it.
        int[] direct = render(effect, List.of(0.0, 0.0, 0.0, 0.0));
        int[] sampled = render(effect, List.of(0.0, 0.0, -1.0, -1.0));
        int lit = 0;
        for (int i = 0; i < direct.length; i++) {
            assertTrue(Math.abs(direct[i] - sampled[i]) <= 3, "component " + i + ": drawn " + direct[i] + ", read "
                    + sampled[i]);
            lit += direct[i] > 0 ? 1 : 0;
        }
        assertTrue(lit > direct.length / 3, "the cross of six faces covers the frame: " + lit);
    }

    private static int[] render(Effect effect, List<Double> mouse) {
        return ShaderCalls.rgb(BROWSER.harness().withPage(page -> RuntimePage.render(page, effect, Backend.webgl2, 64,
                48, 0.0, Effect.uniforms(effect.definition(), Map.of("iMouse", mouse)), Map.of(), null), 120_000),
                "TestCubemap");
    }
}
