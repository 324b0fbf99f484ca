package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Tier B drill-down tools through the tool registry (schema, conversion, output budget) on RenderDoc 1.24's
 * replay of the committed fixtures: typed shader constants, pixel history that says what RenderDoc did not measure,
 * analyze_nan_inf's single-pixel mode, offending vertices, texture regions that fit the budget, counter values, and
 * the errors for events that are not draws and offsets past a buffer's end.
 */
@Timeout(300)
class TierBDrillDownIT {

    private static final Path CAPTURES = Path.of("demo/captures");
    private static final String GL = CAPTURES.resolve("gl_defects.rdc").toAbsolutePath().toString();
    private static final String VK = CAPTURES.resolve("vk_defects.rdc").toAbsolutePath().toString();

    @TempDir
    static Path state;
    private static ToolGroups.Toolkit toolkit;
    private static JsonNode manifest;

    @BeforeAll
    static void start() throws Exception {
        toolkit = ToolGroups.create(Config.defaults(state));
        manifest = Json.mapper().readTree(Files.readString(CAPTURES.resolve("ground-truth.json")));
    }

    private static CallToolResult raw(String tool, Object... keyValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            args.put((String) keyValues[i], keyValues[i + 1]);
        }
        return toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(), args, ToolContext.SILENT);
    }

    private static JsonNode call(String tool, Object... keyValues) throws Exception {
        CallToolResult result = raw(tool, keyValues);
        String text = ((TextContent) result.content().get(0)).text();
        assertFalse(Boolean.TRUE.equals(result.isError()), text);
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }

    /** The {code, message, context} of a call that must fail. */
    private static JsonNode error(String tool, Object... keyValues) throws Exception {
        CallToolResult result = raw(tool, keyValues);
        String text = ((TextContent) result.content().get(0)).text();
        assertTrue(Boolean.TRUE.equals(result.isError()), text);
        return Json.mapper().readTree(text);
    }

    private static JsonNode draw(String capture, String kind) {
        for (JsonNode d : manifest.at("/captures/" + capture + "/draws")) {
            if (d.get("kind").asText().equals(kind)) {
                return d;
            }
        }
        throw new AssertionError(kind);
    }

    private static int eventOf(String capture, String marker) throws Exception {
        return call("iterate_actions", "capture", capture, "marker_filter", marker, "draws_only", true)
                .at("/preview/0/event_id").asInt();
    }

    private static JsonNode constant(JsonNode shader, String name) {
        for (JsonNode c : shader.at("/constants/preview")) {
            if (c.get("name").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError(name + " in " + shader.get("constants"));
    }

    private static int area(JsonNode region) {
        return (region.get(2).asInt() - region.get(0).asInt()) * (region.get(3).asInt() - region.get(1).asInt());
    }

    @Test
    void shaderConstantsComeBackTypedWithTheirShape() throws Exception {
        int nanDraw = eventOf(VK, draw("vk_defects", "writes_nan").get("marker").asText());
        JsonNode vk = call("get_shader_info", "capture", VK, "event_id", nanDraw, "include_constants", true);
        JsonNode mode = constant(vk, "mode");
        assertEquals("int", mode.get("type").asText());
        assertTrue(mode.get("value").isIntegralNumber(), mode.toString());
        assertEquals(1, mode.get("value").asInt(), "the NaN draw runs mode 1 (it read as 1.4e-45 as a float)");
        assertEquals(List.of(), Json.mapper().convertValue(mode.get("shape"), List.class));
        JsonNode colour = constant(vk, "colour");
        assertEquals("float", colour.get("type").asText());
        assertEquals(List.of(4), Json.mapper().convertValue(colour.get("shape"), List.class));
        assertEquals("draw", colour.get("block").asText());

        int background = eventOf(GL, draw("gl_defects", "normal").get("marker").asText());
        JsonNode gl = call("get_shader_info", "capture", GL, "event_id", background, "include_constants", true);
        assertEquals(draw("gl_defects", "normal").get("colour"), constant(gl, "colour").get("value"),
                "float32 values in their shortest form: 0.1, not 0.10000000149011612");
        assertEquals("$Globals", constant(gl, "colour").get("block").asText());
    }

    @Test
    void aClearIsNotADrawForShaderInfoAndGeometry() throws Exception {
        int clear = call("iterate_actions", "capture", GL, "name_filter", "glClear").at("/preview/0/event_id").asInt();
        for (String tool : List.of("get_shader_info", "geometry_anomalies")) {
            JsonNode e = error(tool, "capture", GL, "event_id", clear);
            assertEquals("INVALID_ARGUMENT", e.get("code").asText(), tool);
            assertTrue(e.get("message").asText().contains("event " + clear + " is a clear, not a draw"), e.toString());
            assertEquals("event_id", e.at("/context/parameter").asText(), tool);
        }
    }

    @Test
    void glPixelHistoryLeavesUnmeasuredValuesNullAndEchoesBothOrigins() throws Exception {
        JsonNode nan = draw("gl_defects", "writes_nan");
        int x = nan.at("/region/0").asInt() + 4;
        int y = nan.at("/region/1").asInt() + 4;
        JsonNode history = call("pixel_history", "capture", GL, "texture", "hdr_color", "x", x, "y", y);
        assertFalse(history.get("shader_out_available").asBoolean());
        assertTrue(history.get("shader_out_note").asText().contains("null"));
        for (JsonNode m : history.at("/modifications/preview")) {
            assertTrue(m.get("shader_out").isNull(), m.toString());
            assertTrue(m.get("primitive").isNull(), m.toString());
        }
        assertEquals(y, history.get("y").asInt());
        assertEquals(255 - y, history.get("y_bottom_left").asInt());
        assertEquals("top_left", history.get("origin").asText());
        JsonNode flipped = call("pixel_history", "capture", GL, "texture", "hdr_color", "x", x, "y", 255 - y,
                "origin", "bottom_left");
        assertEquals(history.get("modifications"), flipped.get("modifications"), "the same pixel counted upwards");
        assertEquals("bottom_left", flipped.get("origin").asText());

        JsonNode sample = error("pixel_history", "capture", GL, "texture", "hdr_color", "x", x, "y", y, "sample", 1);
        assertEquals("sample", sample.at("/context/parameter").asText());
        assertEquals("[0,0]", sample.at("/context/valid_range").toString());
    }

    @Test
    void pixelHistoryCountsUnchangedModificationsInsteadOfListingThem() throws Exception {
        // the Vulkan render pass clears the depth at (10, 1) to the 1.0 it already held
        JsonNode history = call("pixel_history", "capture", VK, "texture", "scene_depth", "x", 10, "y", 1);
        assertEquals(1, history.get("total").asInt());
        assertEquals(1, history.get("unchanged_left_out").asInt());
        assertEquals(0, history.at("/modifications/count").asInt());
        JsonNode all = call("pixel_history", "capture", VK, "texture", "scene_depth", "x", 10, "y", 1,
                "include_unchanged", true);
        assertEquals(0, all.get("unchanged_left_out").asInt());
        assertEquals(1, all.at("/modifications/count").asInt());
        assertFalse(all.at("/modifications/preview/0/changed").asBoolean());
        assertEquals("depth", all.get("values").asText());
        assertTrue(history.get("shader_out_available").asBoolean(), "Vulkan measures the shader's output");
    }

    @Test
    void analyzeNanInfValidatesTheEventAndFindsTheWriterOfOnePixel() throws Exception {
        JsonNode e = error("analyze_nan_inf", "capture", GL, "event_id", 999);
        assertEquals("NOT_FOUND", e.get("code").asText());
        assertEquals("event_id", e.at("/context/parameter").asText());
        assertTrue(e.at("/context/valid_range").isArray(), e.toString());

        JsonNode nan = draw("gl_defects", "writes_nan");
        JsonNode gl = call("analyze_nan_inf", "capture", GL, "texture", "hdr_color",
                "x", nan.at("/region/0").asInt() + 4, "y", nan.at("/region/1").asInt() + 4);
        assertEquals("pixel", gl.get("mode").asText());
        assertEquals(1, gl.at("/entries/count").asInt(), gl.toString());
        assertEquals(nan.get("marker").asText(), gl.at("/entries/preview/0/marker_path").asText());
        assertEquals("NaN", gl.at("/entries/preview/0/post/0").asText());
        assertEquals(gl.at("/entries/preview/0/event_id").asInt(), gl.get("first_event").asInt());
        assertTrue(gl.get("summary").asText().contains(nan.get("marker").asText()), gl.get("summary").asText());

        JsonNode inf = draw("vk_defects", "writes_inf");
        JsonNode vk = call("analyze_nan_inf", "capture", VK, "texture", "hdr_color",
                "x", inf.at("/region/0").asInt() + 4, "y", inf.at("/region/1").asInt() + 4);
        assertEquals(inf.get("marker").asText(), vk.at("/entries/preview/0/marker_path").asText());
        assertEquals("+Inf", vk.at("/entries/preview/0/shader_out/0").asText());

        JsonNode missing = error("analyze_nan_inf", "capture", GL, "x", 1, "y", 1);
        assertEquals("texture", missing.at("/context/parameter").asText());
    }

    @Test
    void geometryListsOffendingVerticesWithPositionUvAndReason() throws Exception {
        JsonNode report = call("geometry_anomalies", "capture", GL);
        assertFalse(report.toString().contains("-0.0"), "no signed zeros: " + report.get("rules"));
        Map<String, JsonNode> byMarker = new LinkedHashMap<>();
        report.at("/draws/preview").forEach(d -> byMarker.put(d.get("marker_path").asText(), d));

        JsonNode bad = byMarker.get(draw("gl_defects", "bad_positions").get("marker").asText()).get(
                "offending_vertices");
        assertEquals(2, bad.get("count").asInt());
        assertEquals(1, bad.at("/preview/0/index").asInt());
        assertEquals("invalid_position", bad.at("/preview/0/reason").asText());
        assertEquals(2, bad.at("/preview/1/index").asInt());
        assertEquals("non_finite", bad.at("/preview/1/reason").asText());

        JsonNode tiled = draw("gl_defects", "uv_out_of_range");
        JsonNode uv = byMarker.get(tiled.get("marker").asText()).get("offending_vertices");
        assertEquals(6, uv.get("count").asInt(), uv.toString());
        for (JsonNode v : uv.get("preview")) {
            assertEquals("uv_out_of_range", v.get("reason").asText());
            assertEquals(50.0, Math.abs(v.at("/uv/0").asDouble()), v.toString());
            assertEquals(4, v.get("position").size());
        }

        int event = eventOf(GL, tiled.get("marker").asText());
        JsonNode bySlot = call("geometry_anomalies", "capture", GL, "event_id", event, "mesh_slot", 1);
        assertEquals(uv, bySlot.at("/draws/preview/0/offending_vertices"), "slot 1 is the uv input");
        JsonNode wrongSlot = error("geometry_anomalies", "capture", GL, "event_id", event, "mesh_slot", 5);
        assertEquals("mesh_slot", wrongSlot.at("/context/parameter").asText());
        assertEquals("[0,1]", wrongSlot.at("/context/valid_values").toString());
    }

    @Test
    void textureRegionsFitTheBudgetOrSayTheRealBound() throws Exception {
        JsonNode nan = draw("gl_defects", "writes_nan");
        int nanInRegion = 16 * 16; // the NaN quad [16, 48) overlaps [0, 32) in a 16 × 16 square
        JsonNode values = call("get_texture", "capture", GL, "texture", "hdr_color", "width", 32, "height", 32);
        assertEquals(32, values.get("rows").size());
        assertEquals(nanInRegion, values.at("/statistics/0/nan").asInt());
        assertEquals("NaN", values.at("/rows/" + (nan.at("/region/1").asInt() + 1) + "/" + (nan.at("/region/0")
                .asInt() + 1) + "/0").asText());

        // 32 × 32 of the background: as doubles (0.10000000149011612) this was 66,802 bytes, over the budget
        JsonNode background = draw("gl_defects", "normal");
        JsonNode green = call("get_texture", "capture", GL, "texture", "hdr_color", "x", 0, "y",
                background.at("/region/1").asInt(), "width", 32, "height", 32);
        assertEquals(background.get("colour"), green.at("/rows/31/31"));
        assertEquals(background.at("/colour/1"), green.at("/statistics/1/max"));

        JsonNode packed = call("get_texture", "capture", GL, "texture", "hdr_color", "width", 32, "height", 32,
                "encoding", "base64");
        ByteBuffer texels = ByteBuffer.wrap(Base64.getDecoder().decode(packed.at("/data/base64").asText()))
                .order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(32 * 32 * 16, texels.capacity());
        for (int y = 0; y < 32; y++) {
            for (int x = 0; x < 32; x++) {
                float red = texels.getFloat((y * 32 + x) * 16);
                JsonNode shown = values.at("/rows/" + y + "/" + x + "/0");
                assertEquals(shown.isTextual() ? "NaN" : String.valueOf(shown.floatValue()), Float.isNaN(red) ? "NaN"
                        : String.valueOf(red), "(" + x + ", " + y + ")");
            }
        }
        assertEquals(values.get("statistics"), packed.get("statistics"));

        JsonNode wide = call("get_texture", "capture", GL, "texture", "hdr_color", "width", 64, "height", 32,
                "encoding", "base64");
        assertEquals(64 * 32 * 16, wide.at("/data/bytes").asInt());
        JsonNode tooBig = error("get_texture", "capture", GL, "texture", "hdr_color", "width", 64, "height",
                64, "encoding", "base64");
        assertEquals("INVALID_ARGUMENT", tooBig.get("code").asText(), "a stated bound, not OUTPUT_TOO_LARGE");
        assertEquals("[1,2048]", tooBig.at("/context/valid_range").toString());
        JsonNode tooManyValues = error("get_texture", "capture", GL, "texture", "hdr_color", "width", 64,
                "height", 64);
        assertTrue(tooManyValues.get("message").asText().contains("base64"), tooManyValues.toString());
    }

    @Test
    void everyCounterHasOneValueAndSamplesPassedIsTheFramesPixelCount() throws Exception {
        JsonNode counters = call("get_counters", "capture", GL);
        int expected = 0;
        for (JsonNode d : manifest.at("/captures/gl_defects/draws")) {
            if (d.has("region")) {
                expected += area(d.get("region")) * d.path("draw_count").asInt(1);
            }
        }
        JsonNode samples = null;
        for (JsonNode c : counters.at("/counters/preview")) {
            assertTrue(c.get("value").isNumber(), c.toString());
            assertTrue(c.get("unit").isTextual() && c.get("aggregation").isTextual(), c.toString());
            if (c.get("name").asText().equals("Samples Passed")) {
                samples = c;
            }
        }
        assertEquals(expected, samples.get("value").asLong(), "one sample per covered pixel, summed over draws");
        assertEquals("sum over events", samples.get("aggregation").asText());
    }

    @Test
    void anOffsetPastTheBuffersEndIsAnError() throws Exception {
        long size = call("get_buffer_contents", "capture", GL, "buffer", "positions").get("size").asLong();
        JsonNode e = error("get_buffer_contents", "capture", GL, "buffer", "positions", "offset", size);
        assertEquals("INVALID_ARGUMENT", e.get("code").asText());
        assertEquals("offset", e.at("/context/parameter").asText());
        assertEquals(size - 1, e.at("/context/valid_range/1").asLong());
    }
}
