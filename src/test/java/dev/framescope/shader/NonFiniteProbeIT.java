package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The non-finite probe and the pass trace of render_effect_frame on real WebGL2 and WebGPU, against the fixtures in
 * demo/shaders/non-finite (its README gives each defect; the numbers below follow from their code at 32×16).
 */
@Timeout(240)
class NonFiniteProbeIT {

    private static final String ROOT = "demo/shaders/non-finite";

    @TempDir
    Path stateDir;

    private ToolGroups.Toolkit toolkit;

    @BeforeEach
    void start() {
        toolkit = ToolGroups.create(Config.defaults(stateDir));
    }

    private CallToolResult call(Map<String, Object> args) {
        Map<String, Object> all = new HashMap<>(args);
        all.put("effects_root", ROOT);
        return toolkit.invoker().call(toolkit.registry().find("render_effect_frame").orElseThrow(), all,
                ToolContext.SILENT);
    }

    private static JsonNode answer(CallToolResult result) throws Exception {
        assertFalse(result.isError(), result.toString());
        String text = ((TextContent) result.content().get(0)).text();
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }

    private JsonNode frame(String effect, String backend, Integer traceX, Integer traceY) throws Exception {
        Map<String, Object> args = new HashMap<>(Map.of("effect", effect, "backend", backend, "width", 32,
                "height", 16));
        if (traceX != null) {
            args.put("trace_x", traceX);
            args.put("trace_y", traceY);
        }
        JsonNode frame = answer(call(args)).at("/frames/preview/0");
        assertEquals("ok", frame.path("status").asText(), frame.toString());
        return frame;
    }

    private static List<Long> counts(JsonNode array) {
        return List.of(array.get(0).asLong(), array.get(1).asLong(), array.get(2).asLong(), array.get(3).asLong());
    }

    @Test
    void aNanInTheFirstPassOfTwoIsFoundInItsBoxThoughTheFrameHoldsNoneOnBothBackends() throws Exception {
        for (String backend : List.of("webgl2", "webgpu")) {
            JsonNode frame = frame("probe/nan-box", backend, 10, 5);
            JsonNode n = frame.get("non_finite");
            assertEquals("found", n.get("status").asText(), backend + ": " + n);
            assertEquals(2, n.get("passes_probed").asInt());
            assertEquals(1, n.get("passes_with_non_finite").asInt());
            assertEquals(0, n.get("first_pass").asInt());
            assertEquals("nan", n.get("first_pass_name").asText());
            assertEquals(16 * 8, n.get("pixels").asLong(), backend);
            assertEquals(0.25, n.get("fraction").asDouble(), 1e-9);
            assertEquals(List.of(128L, 128L, 128L, 0L), counts(n.get("nan")), backend);
            assertEquals(List.of(0L, 0L, 0L, 0L), counts(n.get("pos_inf")));
            assertEquals(Json.mapper().readTree("{\"x0\":8,\"y0\":4,\"x1\":23,\"y1\":11}"), n.get("box"), backend);
            assertEquals(0, n.get("final_pixels").asLong(), "the RGBA8 texture stored the NaN as a byte");
            JsonNode trace = frame.at("/pass_trace/preview");
            assertEquals(2, trace.size());
            assertEquals("nan", trace.at("/0/pass").asText());
            assertEquals("nanTex", trace.at("/0/output").asText());
            assertEquals("[\"nan\",\"nan\",\"nan\",\"finite\"]", trace.at("/0/kinds").toString(), backend);
            assertTrue(trace.at("/0/non_finite").asBoolean());
            assertTrue(trace.at("/0/value/0").isNull());
            assertEquals(1.0, trace.at("/0/value/3").asDouble());
            assertEquals("show", trace.at("/1/pass").asText());
            assertFalse(trace.at("/1/non_finite").asBoolean(), backend + " " + trace);
            JsonNode outside = frame("probe/nan-box", backend, 2, 2).at("/pass_trace/preview/0");
            assertEquals(List.of(0.2, 0.4, 0.6, 1.0), List.of(outside.at("/value/0").asDouble(),
                    outside.at("/value/1").asDouble(), outside.at("/value/2").asDouble(),
                    outside.at("/value/3").asDouble()).stream().map(v -> Math.round(v * 1000) / 1000.0).toList(),
                    "outside the box the pass writes its colour, read as floats");
        }
    }

    @Test
    void anAllPlusInfChannelIsToldFromMinusInfAndNan() throws Exception {
        for (String backend : List.of("webgl2", "webgpu")) {
            JsonNode n = frame("probe/inf-channel", backend, null, null).get("non_finite");
            assertEquals(List.of(32L * 16, 0L, 0L, 0L), counts(n.get("pos_inf")), backend + ": " + n);
            assertEquals(List.of(0L, 0L, 2L * 32, 0L), counts(n.get("neg_inf")), backend + ": " + n);
            assertEquals(List.of(0L, 0L, 0L, 0L), counts(n.get("nan")), backend);
            assertEquals(1.0, n.get("fraction").asDouble());
        }
    }

    @Test
    void aHalfNanFrameSaysHalfAndWhereWhileItsBytesLookLikeAPicture() throws Exception {
        for (String backend : List.of("webgl2", "webgpu")) {
            JsonNode answer = answer(call(Map.of("effect", "probe/half-nan", "backend", backend, "width", 32,
                    "height", 16)));
            JsonNode n = answer.at("/frames/preview/0/non_finite");
            assertEquals(0.5, n.get("fraction").asDouble(), backend + ": " + n);
            assertEquals(List.of(256L, 256L, 256L, 256L), counts(n.get("nan")));
            assertEquals(Json.mapper().readTree("{\"x0\":0,\"y0\":0,\"x1\":15,\"y1\":15}"), n.get("box"));
            assertEquals(256, n.get("final_pixels").asLong());
            assertTrue(answer.get("summary").asText().contains("NON-FINITE: pass 0"), answer.get("summary").asText());
        }
    }

    @Test
    void aFloatTargetKeepsItsInfinityAndTheSummaryNoLongerCallsItNan() throws Exception {
        JsonNode answer = answer(call(Map.of("effect", "Inf Float", "width", 32, "height", 16, "trace_x", 3,
                "trace_y", 3)));
        JsonNode frame = answer.at("/frames/preview/0");
        assertEquals(List.of(512L, 0L, 0L, 0L), counts(frame.at("/non_finite/pos_inf")), frame.toString());
        assertEquals(2, frame.at("/non_finite/passes_with_non_finite").asInt());
        assertEquals("target", frame.at("/pass_trace/preview/0/read_from").asText());
        assertEquals("rgba32f", frame.at("/pass_trace/preview/0/format").asText());
        assertEquals("+inf", frame.at("/pass_trace/preview/1/kinds/0").asText());
        String summary = answer.get("summary").asText();
        assertTrue(summary.contains("exact mean RGB (none finite, 0.2500, 0.5000)"), summary);
    }

    @Test
    void aPublicThreePassIsfEffectIsTracedPassByPassAndItsLastPassIsTheFrame() throws Exception {
        CallToolResult result = call(Map.of("effect", "Soft Blur", "width", 64, "height", 64, "trace_x", 40,
                "trace_y", 20, "include_image", true, "pass_images", true));
        JsonNode frame = answer(result).at("/frames/preview/0");
        assertEquals("none", frame.at("/non_finite/status").asText(), frame.toString());
        assertEquals(3, frame.at("/non_finite/passes_probed").asInt());
        JsonNode trace = frame.at("/pass_trace/preview");
        assertEquals(List.of("smaller", "small", "outputTex"), List.of(trace.at("/0/output").asText(),
                trace.at("/1/output").asText(), trace.at("/2/output").asText()));
        // Sizes from the ISF expressions at 64²: max(floor(64·0.02), 1) = 1 and floor(64·0.25) = 16.
        assertEquals("[1,1,16,16,64,64]", "[" + trace.at("/0/width") + "," + trace.at("/0/height") + ","
                + trace.at("/1/width") + "," + trace.at("/1/height") + "," + trace.at("/2/width") + ","
                + trace.at("/2/height") + "]");
        assertEquals("[10,5]", trace.at("/1/at").toString(), "(40, 20) scaled to the 16² target");
        // The last pass's traced floats are the frame's bytes there.
        assertEquals(5, result.content().size(), "the answer, the frame and three pass pictures");
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(
                ((ImageContent) result.content().get(1)).data())));
        int rgb = png.getRGB(40, 20);
        int[] bytes = {(rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff};
        for (int c = 0; c < 3; c++) {
            assertEquals(bytes[c], Math.round(255 * trace.at("/2/value/" + c).asDouble()), 1, "channel " + c);
        }
        BufferedImage small = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(
                ((ImageContent) result.content().get(3)).data())));
        assertEquals(16, small.getWidth(), "the second pass's picture at its own size");
    }

    @Test
    void passPicturesMarkNonFinitePixelsMagenta() throws Exception {
        CallToolResult result = call(Map.of("effect", "probe/nan-box", "width", 32, "height", 16, "trace_x", 0,
                "trace_y", 0, "pass_images", true));
        assertEquals(3, result.content().size(), "the answer and two pass pictures");
        BufferedImage nan = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(
                ((ImageContent) result.content().get(1)).data())));
        assertEquals(0xffff00ff, nan.getRGB(8, 4));
        assertEquals(0xffff00ff, nan.getRGB(23, 11));
        assertTrue(nan.getRGB(7, 4) != 0xffff00ff && nan.getRGB(8, 12) != 0xffff00ff);
    }

    @Test
    void aCleanEffectProbesItsPassesAndFindsNone() throws Exception {
        CallToolResult result = toolkit.invoker().call(toolkit.registry().find("render_effect_frame").orElseThrow(),
                Map.of("effect", "synth/trails", "width", 32, "height", 32), ToolContext.SILENT);
        JsonNode n = answer(result).at("/frames/preview/0/non_finite");
        assertEquals("none", n.get("status").asText(), n.toString());
        assertEquals(2, n.get("passes_probed").asInt());
        assertEquals(0, n.get("final_pixels").asLong());
        JsonNode bad = Json.mapper().readTree(((TextContent) call(Map.of("effect", "probe/nan-box", "trace_x", 40,
                "width", 32, "height", 16)).content().get(0)).text());
        assertEquals("trace_y", bad.at("/context/parameter").asText(), bad.toString());
        JsonNode outside = Json.mapper().readTree(((TextContent) call(Map.of("effect", "probe/nan-box", "trace_x", 40,
                "trace_y", 0, "width", 32, "height", 16)).content().get(0)).text());
        assertEquals("trace_x", outside.at("/context/parameter").asText(), outside.toString());
        assertTrue(outside.at("/context/expected").asText().contains("0 to 31"), outside.toString());
    }

    @Test
    void testEffectAndTheDescriptionCarryNonFiniteToo() throws Exception {
        CallToolResult parity = toolkit.invoker().call(toolkit.registry().find("test_effect").orElseThrow(),
                Map.of("effect", "probe/half-nan", "check", "parity", "width", 32, "height", 16, "effects_root",
                        ROOT), ToolContext.SILENT);
        JsonNode effect = answer(parity).at("/effects/preview/0");
        assertEquals(2, answer(parity).get("schema_version").asInt());
        assertEquals(0.5, effect.at("/glsl_non_finite/fraction").asDouble(), effect.toString());
        assertEquals(0.5, effect.at("/wgsl_non_finite/fraction").asDouble(), effect.toString());
        CallToolResult moved = toolkit.invoker().call(toolkit.registry().find("test_effect").orElseThrow(),
                Map.of("effect", "probe/nan-box", "backend", "webgl2", "width", 32, "height", 16, "effects_root",
                        ROOT), ToolContext.SILENT);
        JsonNode run = answer(moved).at("/effects/preview/0");
        assertEquals(List.of(128L, 128L, 128L, 0L), counts(run.at("/non_finite/nan")), "the base frame: " + run);
        for (JsonNode trial : run.at("/uniforms/0/tried")) {
            // zero moved off 0 makes zero / zero finite: those frames have nothing to report
            assertTrue(trial.path("non_finite").isMissingNode() == (trial.get("value").asDouble() != 0),
                    trial.toString());
        }
        JsonNode described = answer(call(Map.of("effect", "probe/half-nan", "width", 32, "height", 16, "describe",
                true, "ask_model", false)));
        assertTrue(described.get("summary").asText().contains("But NON-FINITE: pass 0"),
                described.get("summary").asText());
        assertEquals(256, described.at("/effects/preview/0/non_finite/final_pixels").asLong());
    }
}
