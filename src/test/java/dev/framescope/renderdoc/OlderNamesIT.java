package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import dev.framescope.server.RegistryCaller;
import dev.framescope.server.ToolGroups;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RenderDoc tools folded into broader ones still answer by their older names (presets and all, as tools/call and
 * the console apply them), on the GL fixture, with what the older tool gave: checked against the ground truth, not
 * against the new tool's own answer.
 */
@Timeout(180)
class OlderNamesIT {

    private static final String GL = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();

    @TempDir
    static Path state;
    private static ToolCaller caller;
    private static JsonNode truth;

    @BeforeAll
    static void start() throws Exception {
        caller = new RegistryCaller(ToolGroups.create(Config.defaults(state)));
        truth = Json.mapper().readTree(Files.readString(Path.of("demo/captures/ground-truth.json")))
                .at("/captures/gl_defects");
    }

    private static JsonNode call(String tool, Object... keyValues) {
        Map<String, Object> arguments = new HashMap<>();
        arguments.put("capture", GL);
        for (int i = 0; i < keyValues.length; i += 2) {
            arguments.put((String) keyValues[i], keyValues[i + 1]);
        }
        ToolCaller.Answer answer = caller.call(tool, arguments, ToolContext.SILENT);
        assertFalse(answer.error(), tool + ": " + answer.body());
        return answer.body();
    }

    private static JsonNode draw(String kind) {
        for (JsonNode d : truth.get("draws")) {
            if (d.get("kind").asText().equals(kind)) {
                return d;
            }
        }
        throw new AssertionError(kind);
    }

    private static int eventAt(String kind) {
        return call("iterate_actions", "marker_filter", draw(kind).get("marker").asText(), "draws_only", true)
                .at("/preview/0/event_id").asInt();
    }

    @Test
    void getPipelineStateIsTheInsightWithEverythingItGave() {
        JsonNode state = call("get_pipeline_state", "event_id", eventAt("no_depth_target"));
        JsonNode pipeline = state.get("pipeline");
        assertEquals("TriangleList", pipeline.get("topology").asText(), state.toString());
        assertEquals(truth.at("/target/width").asDouble(), pipeline.at("/viewport/width").asDouble());
        assertTrue(pipeline.at("/vertex_buffers/count").asInt() > 0, pipeline.toString());
        assertEquals(draw("no_depth_target").get("target").asText(), pipeline.at("/color_targets/0/name").asText());
        assertEquals("RS", state.get("highlight_stage").asText());
        assertTrue(state.get("warning_message").asText().startsWith("draw renders with no depth target bound"),
                state.toString());
    }

    @Test
    void getFrameSummaryIsOpenCaptureWithTheOverview() {
        JsonNode summary = call("get_frame_summary", "marker_depth", 1, "max_items", 64);
        JsonNode overview = summary.get("overview");
        Set<String> markers = new HashSet<>();
        overview.at("/markers/preview").forEach(m -> markers.add(m.get("marker_path").asText()));
        assertEquals(Set.of("Frame", ""), markers, "one level: everything is under Frame but the final glFinish");
        Set<String> textures = new HashSet<>();
        overview.at("/textures/preview").forEach(t -> textures.add(t.get("name").asText()));
        assertTrue(textures.containsAll(Set.of("hdr_color", "ui_color", "checker_texture")), textures.toString());
        JsonNode message = overview.at("/debug_messages/preview/0");
        assertTrue(message.get("description").asText().contains(draw("api_error").get("message_contains").asText()),
                message.toString());
        assertEquals(draw("api_error").get("marker").asText(), message.get("marker_path").asText());
        assertEquals(overview.at("/statistics/draw_calls").asInt(), summary.get("draws").asInt());
    }

    @Test
    void theTimingsAndCounterToolsAreGetCounters() {
        JsonNode timings = call("get_action_timings", "top_n", 3);
        assertEquals(3, timings.at("/draws/preview").size());
        assertEquals(draw("normal").get("marker").asText(), timings.at("/draws/preview/0/marker_path").asText());
        JsonNode counters = call("enumerate_counters");
        int covered = 0;
        for (JsonNode d : truth.get("draws")) {
            if (d.has("region")) {
                covered += area(d.get("region")) * d.path("draw_count").asInt(1);
            }
        }
        boolean found = false;
        for (JsonNode c : counters.at("/counters/preview")) {
            if (c.get("name").asText().equals("Samples Passed")) {
                assertEquals(covered, c.get("value").asLong(), c.toString());
                found = true;
            }
        }
        assertTrue(found, counters.toString());
    }

    @Test
    void theSearchToolsAreIterateActionsWithAQuery() {
        for (String older : new String[] {"search_capture", "search_actions", "search_resources"}) {
            JsonNode found = call(older, "query", "ui_color");
            boolean resource = false;
            for (JsonNode r : found.at("/resources/preview")) {
                resource |= r.get("name").asText().equals("ui_color");
            }
            assertTrue(resource, older + ": " + found);
            boolean action = false;
            for (JsonNode a : found.get("preview")) {
                action |= a.get("marker_path").asText().equals(draw("no_depth_target").get("marker").asText())
                        && a.get("match_reason").asText().equals("output ui_color");
            }
            assertTrue(action, older + ": " + found);
        }
    }

    @Test
    void theTextureToolsAreGetTexture() {
        JsonNode info = call("get_texture_info", "texture", "hdr_color");
        assertEquals(truth.at("/target/format").asText(), info.at("/textures/preview/0/format").asText());
        assertEquals(1, info.at("/textures/count").asInt());
        JsonNode all = call("get_texture_info");
        assertTrue(all.at("/textures/count").asInt() > 3, all.toString());
        JsonNode nan = draw("writes_nan").get("region");
        JsonNode data = call("get_texture_data", "texture", "hdr_color", "x", nan.get(0).asInt(), "y",
                nan.get(1).asInt(), "width", 2, "height", 2);
        assertEquals(2, data.get("rows").size());
        assertEquals("NaN", data.at("/rows/1/1/0").asText(), data.toString());
        assertEquals(4, data.at("/statistics/0/nan").asInt());
    }

    @Test
    void getCaptureStatusIsOpenCapture() {
        JsonNode status = call("get_capture_status");
        assertEquals(truth.get("api").asText(), status.get("api").asText());
        assertFalse(status.has("overview"), "the plain open_capture: no overview unless asked");
    }

    private static int area(JsonNode box) {
        return (box.get(2).asInt() - box.get(0).asInt()) * (box.get(3).asInt() - box.get(1).asInt());
    }
}
