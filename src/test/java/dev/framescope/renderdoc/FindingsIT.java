package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The digest, get_event_insight and the pipeline state it includes agree on every finding of the GL fixture (one
 * severity, one stage, the same event), API errors are anomalies like NaN writes, and every Tier A answer says what
 * to call next. An agent that starts from get_frame_digest and always sends the first recommended call reaches the
 * NaN draw and its fragment shader within three calls, and stops where nothing is left (vkcube: no invented defect,
 * no loop). API errors are reported at the API call's own event and marker, ranked after NaN and geometry, and their
 * insight still recommends a next call.
 */
@Timeout(300)
class FindingsIT {

    private static final String GL = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();
    private static final String VK = Path.of("demo/captures/vk_defects.rdc").toAbsolutePath().toString();

    @TempDir
    static Path state;
    private static BridgeProcess bridge;
    private static Captures captures;
    private static JsonNode truth;

    @BeforeAll
    static void start() throws Exception {
        bridge = new BridgeProcess(Path.of("/usr/bin/python3"), state);
        captures = new Captures(bridge, List.of(Path.of("")));
        truth = Json.mapper().readTree(Files.readString(Path.of("demo/captures/ground-truth.json")));
    }

    @AfterAll
    static void stop() {
        bridge.close();
    }

    private static JsonNode query(String method, Map<String, Object> params) {
        Map<String, Object> withCapture = new HashMap<>(params);
        withCapture.putIfAbsent("capture", GL);
        return asked(method, withCapture);
    }

    /** The bridge's answer to {@code tool}'s arguments as the tool sends them (its input record's defaults). */
    private static JsonNode asked(String tool, Map<String, ?> arguments) {
        return captures.query(tool, ToolArguments.asSent(tool, arguments), r -> "", ToolContext.SILENT);
    }

    private static JsonNode draw(String kind) {
        return draw("gl_defects", kind);
    }

    private static JsonNode draw(String capture, String kind) {
        for (JsonNode d : truth.at("/captures/" + capture + "/draws")) {
            if (d.get("kind").asText().equals(kind)) {
                return d;
            }
        }
        throw new AssertionError(kind);
    }

    private static JsonNode anomaly(JsonNode digest, String code) {
        for (JsonNode a : digest.at("/anomalies/preview")) {
            if (a.get("code").asText().equals(code)) {
                return a;
            }
        }
        throw new AssertionError("no " + code + " in " + digest.get("anomalies"));
    }

    /** GL's glEnable(0xDEAD) (the driver's debug output) and Vulkan's line width (Khronos validation), at the call. */
    @ParameterizedTest
    @ValueSource(strings = {"gl_defects", "vk_defects"})
    void anApiErrorIsAnAnomalyAtItsCallLikeANanWrite(String name) {
        String capture = name.equals("gl_defects") ? GL : VK;
        JsonNode digest = query("get_frame_digest", Map.of("capture", capture, "max_anomalies", 64));
        JsonNode error = anomaly(digest, "api_error");
        JsonNode expected = draw(name, "api_error");
        String contains = expected.get("message_contains").asText();
        assertEquals(expected.get("marker").asText(), error.get("marker_path").asText());
        assertEquals("high", error.get("severity").asText());
        assertTrue(error.get("message").asText().contains(contains), error.toString());
        JsonNode insight = query("get_event_insight", Map.of("capture", capture, "event_id",
                error.get("event_id").asInt()));
        assertTrue(insight.get("findings").toString().contains(contains), insight.get("findings").toString());
        JsonNode opened = query("open_capture", Map.of("capture", capture, "overview", true));
        assertEquals(error.get("event_id"), opened.at("/overview/debug_messages/preview/0/event_id"));
    }

    /** Each defect draw: the same code and severity in the digest and the insight, and the stage it points to. */
    @Test
    void digestInsightAndItsPipelineStateAgreeOnEveryDefectDraw() {
        JsonNode digest = query("get_frame_digest", Map.of("max_anomalies", 64));
        Map<String, String> stages = Map.of("nan_written", "PS", "inf_written", "PS", "bad_vertex_positions", "VS",
                "uv_out_of_range", "IA", "no_depth_target", "RS", "degenerate_triangles", "VS");
        for (var expected : stages.entrySet()) {
            JsonNode a = anomaly(digest, expected.getKey());
            int event = a.get("event_id").asInt();
            JsonNode insight = query("get_event_insight", Map.of("event_id", event));
            JsonNode same = null;
            for (JsonNode f : insight.get("findings")) {
                if (f.get("code").asText().equals(expected.getKey())) {
                    same = f;
                }
            }
            assertTrue(same != null, expected.getKey() + " missing from the insight at " + event + ": "
                    + insight.get("findings"));
            assertEquals(a.get("severity"), same.get("severity"), expected.getKey());
            assertEquals(expected.getValue(), same.get("stage").asText(), expected.getKey());
            JsonNode pipeline = insight.get("pipeline");
            assertEquals(expected.getValue(), pipeline.get("highlight_stage").asText(), expected.getKey());
            assertEquals(insight.get("highlight_stage"), pipeline.get("highlight_stage"));
        }
        JsonNode uv = query("get_event_insight", Map.of("event_id", anomaly(digest, "uv_out_of_range")
                .get("event_id").asInt()));
        Set<String> tools = new HashSet<>();
        uv.get("recommended_next_calls").forEach(c -> tools.add(c.get("tool").asText()));
        assertTrue(tools.containsAll(List.of("geometry_anomalies", "get_shader_info")), tools.toString());
        JsonNode bad = query("get_event_insight", Map.of("event_id", anomaly(digest, "bad_vertex_positions")
                .get("event_id").asInt()));
        assertEquals("geometry_anomalies", bad.at("/recommended_next_calls/0/tool").asText());
    }

    @Test
    void glPipelineStateListsOnlyTheTexturesTheShaderReads() {
        JsonNode digest = query("get_frame_digest", Map.of("max_anomalies", 64));
        int textured = anomaly(digest, "uv_out_of_range").get("event_id").asInt();
        JsonNode pipeline = query("get_event_insight", Map.of("event_id", textured)).get("pipeline");
        assertEquals(0, pipeline.at("/stages/vertex/read_only_resources/count").asInt(), pipeline.toString());
        assertEquals(draw("uv_out_of_range").get("texture").asText(),
                pipeline.at("/stages/pixel/read_only_resources/preview/0/resources/0/name").asText());
        // a later draw uses a program with no sampler while the checker texture is still bound to unit 0
        JsonNode plain = query("get_event_insight", Map.of("event_id", anomaly(digest, "degenerate_triangles")
                .get("event_id").asInt())).get("pipeline");
        assertEquals(0, plain.at("/stages/pixel/read_only_resources/count").asInt(), plain.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"gl", "vk"})
    void everyTierAAnswerRecommendsCallsAndNoneTwice(String api) {
        String capture = api.equals("gl") ? GL : VK;
        List<JsonNode> answers = new ArrayList<>();
        answers.add(query("open_capture", Map.of("capture", capture)));
        answers.add(query("open_capture", Map.of("capture", capture, "overview", true)));
        answers.add(query("get_counters", Map.of("capture", capture)));
        JsonNode digest = query("get_frame_digest", Map.of("capture", capture));
        answers.add(digest);
        answers.add(query("get_event_insight", Map.of("capture", capture, "event_id",
                digest.at("/anomalies/preview/0/event_id").asInt())));
        JsonNode diagnostics = Json.mapper().valueToTree(captures.diagnostics(16));
        assertEquals("get_frame_digest", diagnostics.at("/recommended_next_calls/0/tool").asText(), "healthy: "
                + diagnostics);
        answers.add(diagnostics);
        for (JsonNode answer : answers) {
            JsonNode calls = answer.get("recommended_next_calls");
            assertTrue(calls != null && calls.size() > 0, answer.toString());
            Set<String> seen = new HashSet<>();
            for (JsonNode c : calls) {
                assertTrue(seen.add(c.get("tool").asText() + c.get("arguments")), "twice: " + c);
                assertEquals(capture, c.at("/arguments/capture").asText());
            }
        }
        JsonNode status = answers.get(0);
        assertTrue(status.at("/frame/number").isNull(), "an in-application capture has no frame number: " + status);
    }

    @Test
    void markerPathsAreEmptyOutsideAnyMarkerEverywhere() {
        JsonNode opened = query("open_capture", Map.of("overview", true, "max_items", 64));
        boolean outside = false;
        for (JsonNode m : opened.at("/overview/markers/preview")) {
            assertFalse(m.get("marker_path").asText().equals("(no marker)"), m.toString());
            outside |= m.get("marker_path").asText().isEmpty();
        }
        assertTrue(outside, "the fixture ends with glFinish outside any marker");
    }

    @Test
    void aRepeatedInsightIsAnsweredFromTheCache() {
        int event = query("get_frame_digest", Map.of()).at("/anomalies/preview/0/event_id").asInt();
        JsonNode first = query("get_event_insight", Map.of("event_id", event));
        long start = System.nanoTime();
        JsonNode again = query("get_event_insight", Map.of("event_id", event));
        assertEquals(first, again);
        System.err.printf("repeated get_event_insight: %.1f ms%n", (System.nanoTime() - start) / 1e6);
    }

    /** Most calls the agent of follow() makes. */
    private static final int MAX_CALLS = 8;

    private static String path(String name) {
        return Path.of("demo/captures/" + name + ".rdc").toAbsolutePath().toString();
    }

    private record Step(String tool, JsonNode arguments, JsonNode answer) {
    }

    /** The calls an agent makes when it always follows the first recommendation; stops on none or on a repeat. */
    private static List<Step> follow(String capture) {
        List<Step> steps = new ArrayList<>();
        String tool = "get_frame_digest";
        JsonNode arguments = Json.mapper().valueToTree(Map.of("capture", capture));
        while (steps.size() < MAX_CALLS) {
            @SuppressWarnings("unchecked")
            Map<String, Object> args = new HashMap<>(Json.mapper().convertValue(arguments, Map.class));
            JsonNode answer = asked(tool, args);
            steps.add(new Step(tool, arguments, answer));
            JsonNode next = answer.at("/recommended_next_calls/0");
            if (next.isMissingNode()) {
                return steps;
            }
            tool = next.get("tool").asText();
            arguments = next.get("arguments");
            for (Step done : steps) {
                assertFalse(done.tool().equals(tool) && done.arguments().equals(arguments),
                        "the first recommendation loops back to " + tool + " " + arguments);
            }
        }
        throw new AssertionError("no end after " + MAX_CALLS + " calls: " + steps);
    }

    private static int nanEvent(JsonNode digest) {
        for (JsonNode a : digest.at("/anomalies/preview")) {
            if (a.get("code").asText().equals("nan_written")) {
                return a.get("event_id").asInt();
            }
        }
        throw new AssertionError("no NaN anomaly: " + digest);
    }

    /** gl_scene puts its API error first in event order, where the old ranking sent the agent to it and stopped. */
    @ParameterizedTest
    @ValueSource(strings = {"gl_defects", "vk_defects", "gl_scene"})
    void theFirstRecommendationsReachTheNanDrawAndItsShader(String name) {
        List<Step> steps = follow(path(name));
        int nan = nanEvent(steps.get(0).answer());
        Step insight = steps.get(1);
        assertEquals("get_event_insight", insight.tool());
        assertEquals(nan, insight.answer().get("event_id").asInt());
        assertEquals("nan_written", insight.answer().at("/findings/0/code").asText());
        String marker = null;
        for (JsonNode d : truth.at("/captures/" + name + "/draws")) {
            marker = d.get("kind").asText().equals("writes_nan") ? d.get("marker").asText() : marker;
        }
        assertEquals(marker, insight.answer().get("marker_path").asText());
        Step shader = steps.get(2);
        assertEquals("get_shader_info", shader.tool());
        assertEquals(nan, shader.arguments().get("event_id").asInt());
        assertEquals("pixel", shader.answer().get("stage").asText());
        assertEquals(3, steps.size(), "the shader is the cause; nothing to follow past it");
    }

    @Test
    void onACaptureWithoutAnomaliesTheAgentEndsWithoutInventingOne() {
        List<Step> steps = follow(path("vkcube"));
        assertEquals(0, steps.get(0).answer().at("/anomalies/count").asInt());
        List<String> tools = new ArrayList<>();
        steps.forEach(s -> tools.add(s.tool()));
        assertEquals(List.of("get_frame_digest", "get_counters", "get_event_insight"), tools);
        assertEquals(0, steps.get(2).answer().get("findings").size(), steps.get(2).answer().toString());
    }

    /**
     * glEnable(0xDEAD) is API event 132 in gl_defects' structured file, and RenderDoc files its GL debug message
     * under the draw that follows (140); in gl_scene it is event 4, before any marker, filed under Frame/Clear's
     * glClear (9); vkCmdSetLineWidth is API event 32 of vk_defects (its draw is 34).
     */
    @ParameterizedTest
    @ValueSource(strings = {"gl_defects:132:glEnable", "vk_defects:32:vkCmdSetLineWidth", "gl_scene:4:glEnable"})
    void anApiErrorIsReportedAtTheCallItselfAfterNanAndGeometry(String expected) {
        String[] e = expected.split(":");
        JsonNode digest = asked("get_frame_digest", Map.of("capture", path(e[0]), "max_anomalies", 64));
        JsonNode truthError = null;
        for (JsonNode d : truth.at("/captures/" + e[0] + "/draws")) {
            truthError = d.get("kind").asText().equals("api_error") ? d : truthError;
        }
        List<String> order = new ArrayList<>();
        JsonNode error = null;
        for (JsonNode a : digest.at("/anomalies/preview")) {
            order.add(a.get("code").asText());
            if (error == null && a.get("code").asText().equals("api_error")) {
                error = a;
            }
        }
        assertEquals(Integer.parseInt(e[1]), error.get("event_id").asInt(), error.toString());
        assertEquals(truthError.get("marker").asText(), error.get("marker_path").asText());
        int firstError = order.indexOf("api_error");
        for (String before : List.of("nan_written", "inf_written", "bad_vertex_positions", "degenerate_triangles")) {
            assertTrue(order.indexOf(before) < firstError, before + " ranks before the API error: " + order);
        }
        assertEquals("nan_written", order.get(0), order.toString());
        JsonNode insight = asked("get_event_insight", Map.of("capture", path(e[0]), "event_id",
                Integer.parseInt(e[1])));
        assertEquals(e[2], insight.at("/api_call/name").asText(), insight.toString());
        assertEquals(truthError.get("marker").asText(), insight.get("marker_path").asText());
        assertTrue(insight.get("findings").toString().contains(truthError.get("message_contains").asText()));
        JsonNode next = insight.at("/recommended_next_calls/0");
        if (firstError < order.size() - 1) { // anything left to look at: the insight leads on to it
            assertEquals("get_event_insight", next.path("tool").asText(), "the error's insight leads on: " + insight);
            assertEquals(digest.at("/anomalies/preview/" + (firstError + 1) + "/event_id"), next.at("/arguments/event_id"));
        } else {
            assertTrue(next.isMissingNode(), "the last anomaly leads nowhere: " + insight);
        }
        JsonNode opened = asked("open_capture", Map.of("capture", path(e[0]), "overview", true));
        JsonNode message = opened.at("/overview/debug_messages/preview/0");
        assertEquals(Integer.parseInt(e[1]), message.get("event_id").asInt(), message.toString());
        assertEquals(e[2], message.get("call").asText());
    }

    /**
     * gl_markers raises each GL error with other calls and actions between it and the draw or clear RenderDoc files
     * its message under: a glDebugMessageInsert marker and a push (the first glEnable(0xDEAD), filed under
     * Frame/Clear's glClear), a pop and a marker (glBlendFunc), a glFlush (the first of two glHint calls whose
     * messages quote no value, filed under one draw). Every answer places each message at the call the ground truth
     * names, says how (quoted_call, named_call; the application's own message names none and keeps its filed event),
     * and the insight of a call shows the work it leads to, not a marker.
     */
    @Test
    void everyApiMessageIsAtTheCallThatRaisedItWhateverActionsComeBetween() {
        String markers = path("gl_markers");
        JsonNode expected = truth.at("/captures/gl_markers/messages");
        JsonNode opened = asked("open_capture", Map.of("capture", markers, "overview", true));
        JsonNode messages = opened.at("/overview/debug_messages/preview");
        assertEquals(expected.size(), messages.size(), messages.toString());
        JsonNode digest = asked("get_frame_digest", Map.of("capture", markers, "max_anomalies", 64));
        List<JsonNode> errors = new ArrayList<>();
        digest.at("/anomalies/preview").forEach(a -> {
            if (a.get("code").asText().equals("api_error")) {
                errors.add(a);
            }
        });
        assertEquals(expected.size(), errors.size(), digest.get("anomalies").toString());
        for (int i = 0; i < expected.size(); i++) {
            JsonNode want = expected.get(i);
            JsonNode got = messages.get(i);
            String what = want.get("call").asText() + ": " + got;
            assertEquals(want.get("event_id").asInt(), got.get("event_id").asInt(), what);
            assertEquals(want.get("marker").asText(), got.get("marker_path").asText(), what);
            assertEquals(want.get("attributed_by").asText(), got.get("attributed_by").asText(), what);
            assertEquals(want.get("filed_under_event").asInt(), got.get("api_event_id").asInt(), what);
            assertTrue(got.get("description").asText().contains(want.get("message_contains").asText()), what);
            JsonNode anomaly = errors.get(i);
            assertEquals(want.get("event_id").asInt(), anomaly.get("event_id").asInt(), anomaly.toString());
            assertEquals(want.get("marker").asText(), anomaly.get("marker_path").asText(), anomaly.toString());
            assertEquals(want.get("attributed_by").asText(), anomaly.get("attributed_by").asText());
        }
        JsonNode insight = asked("get_event_insight", Map.of("capture", markers, "event_id",
                expected.at("/0/event_id").asInt()));
        assertEquals("glEnable", insight.at("/api_call/name").asText(), insight.toString());
        assertEquals(expected.at("/0/filed_under_event").asInt(), insight.at("/api_call/action_event_id").asInt());
        assertEquals("Frame", insight.get("marker_path").asText());
        assertEquals("quoted_call", insight.at("/findings/0/attributed_by").asText(), insight.toString());
    }

    /**
     * gl_message_flood repeats glEnable(0xDEAD) and glHint(0xBAD1) 1,500 times before one draw: 3,000 messages of two
     * texts filed under it. Each is at its own call (the n-th of a text at the n-th call it names), and the digest
     * answers within its time limit: placed one by one over the whole window of calls, they took minutes.
     */
    @Test
    void aFloodOfRepeatedMessagesIsPlacedCallByCallWithinTheTimeLimit() {
        String flood = path("gl_message_flood");
        JsonNode truth = FindingsIT.truth.at("/captures/gl_message_flood/message_flood");
        int repeats = truth.get("repeats").asInt();
        JsonNode digest = asked("get_frame_digest", Map.of("capture", flood, "max_anomalies", 1));
        assertEquals(2 * repeats, digest.at("/anomalies/count").asInt(), digest.get("anomalies").toString());
        JsonNode opened = asked("open_capture", Map.of("capture", flood, "overview", true, "max_items",
                40));
        JsonNode messages = opened.at("/overview/debug_messages/preview");
        assertEquals(2 * repeats, opened.at("/overview/debug_messages/count").asInt());
        Map<String, Integer> seen = new HashMap<>();
        for (JsonNode m : messages) {
            for (JsonNode call : truth.get("calls")) {
                if (m.get("description").asText().contains(call.get("message_contains").asText())) {
                    int n = seen.merge(call.get("call").asText(), 1, Integer::sum) - 1;
                    int expected = call.get("first_event").asInt() + n * call.get("every").asInt();
                    assertEquals(expected, m.get("event_id").asInt(), "message " + n + " of " + call + ": " + m);
                    assertEquals(call.get("attributed_by").asText(), m.get("attributed_by").asText(), m.toString());
                    assertEquals(truth.get("marker").asText(), m.get("marker_path").asText());
                    assertEquals(truth.get("filed_under_event").asInt(), m.get("api_event_id").asInt());
                }
            }
        }
        assertEquals(messages.size(), seen.values().stream().mapToInt(Integer::intValue).sum(), seen.toString());
    }
}
