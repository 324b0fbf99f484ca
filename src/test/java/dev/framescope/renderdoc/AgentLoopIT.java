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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

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
            for (JsonNode target : result.path("targets")) {
                for (JsonNode writer : target.path("writers")) {
                    if (answer == null && writer.path("new_nan_pixels").asInt() > 0) {
                        answer = writer.get("marker_path").asText();
                    }
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
