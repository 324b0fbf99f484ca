package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A scripted agent with no knowledge of the fixture: it starts at get_frame_digest, follows only the tools' own
 * recommended_next_calls, and must name the draw that writes NaN — checked against the ground truth — in at most
 * six calls, through the real tool registry and bridge.
 */
@Timeout(180)
class AgentLoopIT {

    @TempDir
    Path state;

    @Test
    void fromTheDigestToTheNanWritingDrawInAtMostSixCalls() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(state));
        String capture = "demo/captures/gl_defects.rdc";
        List<String> calls = new ArrayList<>();
        JsonNode digest = call(toolkit, calls, "get_frame_digest", Map.of("capture", capture));
        String answer = null;
        for (JsonNode next : digest.get("recommended_next_calls")) {
            if (calls.size() >= 6) {
                break;
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> arguments = Json.mapper().convertValue(next.get("arguments"), Map.class);
            JsonNode result = call(toolkit, calls, next.get("tool").asText(), arguments);
            for (JsonNode finding : result.path("findings")) {
                if (answer == null && finding.path("code").asText().equals("nan_written")) {
                    answer = result.get("marker_path").asText();
                }
            }
            if (answer != null) {
                break;
            }
        }
        JsonNode truth = Json.mapper().readTree(Files.readString(Path.of("demo/captures/ground-truth.json")));
        String expected = null;
        for (JsonNode d : truth.at("/captures/gl_defects/draws")) {
            if (d.get("kind").asText().equals("writes_nan")) {
                expected = d.get("marker").asText();
            }
        }
        assertEquals(expected, answer, "calls: " + calls);
        assertTrue(calls.size() <= 6, calls.toString());
    }

    /**
     * The agent takes the first recommended call of each answer, from the digest on, until an answer shows the
     * cause: a shader whose source divides by a constant whose value is zero. On both fixtures that is the draw
     * the ground truth says writes NaN, reached in at most four calls.
     */
    @ParameterizedTest
    @ValueSource(strings = {"gl_defects", "vk_defects"})
    void fromTheDigestToTheShaderSourceAndTheZeroConstantInAtMostFourCalls(String name) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(state));
        String capture = "demo/captures/" + name + ".rdc";
        List<String> calls = new ArrayList<>();
        JsonNode answer = call(toolkit, calls, "get_frame_digest", Map.of("capture", capture));
        String cause = null;
        int event = -1;
        while (calls.size() < 4 && cause == null) {
            JsonNode next = answer.at("/recommended_next_calls/0");
            @SuppressWarnings("unchecked")
            Map<String, Object> arguments = Json.mapper().convertValue(next.get("arguments"), Map.class);
            answer = call(toolkit, calls, next.get("tool").asText(), arguments);
            cause = zeroDivisor(answer);
            event = answer.path("event_id").asInt(-1);
        }
        assertTrue(cause != null, "no shader dividing by a zero constant within 4 calls: " + calls);
        assertTrue(calls.size() <= 4, calls.toString());
        JsonNode truth = Json.mapper().readTree(Files.readString(Path.of("demo/captures/ground-truth.json")));
        String nanMarker = null;
        for (JsonNode d : truth.at("/captures/" + name + "/draws")) {
            if (d.get("kind").asText().equals("writes_nan")) {
                nanMarker = d.get("marker").asText();
            }
        }
        JsonNode action = call(toolkit, new ArrayList<>(), "iterate_actions", Map.of("capture", capture,
                "marker_filter", nanMarker, "draws_only", true));
        assertEquals(action.at("/preview/0/event_id").asInt(), event, "the cause is shown at the NaN-writing draw");
    }

    /** The name of a constant that is zero and that the shader source divides by, or null. */
    static String zeroDivisor(JsonNode answer) {
        String source = answer.at("/source_files/0/source").asText("");
        for (JsonNode constant : answer.at("/constants/preview")) {
            String name = constant.path("name").asText();
            if (!name.isEmpty() && firstNumber(constant.get("value")) == 0.0
                    && Pattern.compile("/\\s*(\\w+\\.)?" + Pattern.quote(name) + "\\b").matcher(source).find()) {
                return name;
            }
        }
        return null;
    }

    private static double firstNumber(JsonNode value) {
        if (value == null) {
            return Double.NaN;
        }
        if (value.isNumber()) {
            return value.asDouble();
        }
        if (value.isArray() && value.size() > 0) {
            return firstNumber(value.get(0));
        }
        return value.isObject() ? firstNumber(value.get("value")) : Double.NaN;
    }

    private static JsonNode call(ToolGroups.Toolkit toolkit, List<String> calls, String tool,
                                 Map<String, Object> arguments) throws Exception {
        calls.add(tool);
        CallToolResult result = toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(), arguments,
                ToolContext.SILENT);
        String text = ((TextContent) result.content().get(0)).text();
        assertTrue(!Boolean.TRUE.equals(result.isError()), text);
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }
}
