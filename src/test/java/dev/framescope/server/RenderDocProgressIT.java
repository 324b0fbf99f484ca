package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RenderDoc call over MCP stdio with a progress token says, before its answer, that the bridge starts, that the
 * capture is opened, and (for a call past a second) that the replay still works, with increasing progress; the
 * same call without a token gets no notification.
 */
@Timeout(120)
class RenderDocProgressIT {

    private static final String GL = Path.of("demo/captures/gl_defects.rdc").toAbsolutePath().toString();
    private static final String VK = Path.of("demo/captures/vk_defects.rdc").toAbsolutePath().toString();

    @TempDir
    Path stateDir;

    @Test
    void bridgeStartOpenAndTheDigestReportProgressOnlyWithAToken() throws Exception {
        try (StdioSession session = new StdioSession(ToolGroups.create(Config.defaults(stateDir)))) {
            session.initialize();
            List<JsonNode> progress = call(session, 1, GL, ",\"_meta\":{\"progressToken\":\"digest\"}");
            assertTrue(progress.size() >= 2, progress.toString());
            assertEquals("starting the RenderDoc bridge (about a second)", progress.get(0).get("message").asText());
            assertEquals("opening gl_defects.rdc for replay", progress.get(1).get("message").asText());
            for (int i = 0; i < progress.size(); i++) {
                assertEquals("digest", progress.get(i).get("progressToken").asText());
                assertEquals(i + 1.0, progress.get(i).get("progress").asDouble(), progress.toString());
            }
            for (JsonNode beat : progress.subList(2, progress.size())) {
                assertTrue(beat.get("message").asText().startsWith("get_frame_digest replaying gl_defects.rdc, "),
                        beat.toString());
            }
            assertTrue(call(session, 2, VK, "").isEmpty(), "no token, no progress");
            List<JsonNode> again = call(session, 3, VK, ",\"_meta\":{\"progressToken\":7}");
            assertTrue(again.stream().noneMatch(p -> p.get("message").asText().startsWith("starting")
                    || p.get("message").asText().startsWith("opening")), "bridge up and capture open: " + again);
        }
    }

    /** Sends get_frame_digest and returns the progress notifications that came before its answer. */
    private static List<JsonNode> call(StdioSession session, int id, String capture, String meta) throws Exception {
        session.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":"
                + "\"get_frame_digest\",\"arguments\":{\"capture\":\"" + capture + "\",\"max_anomalies\":" + (10 + id)
                + "}" + meta + "}}");
        List<JsonNode> progress = new ArrayList<>();
        JsonNode message = session.receiveAfterProgress(progress);
        assertEquals(id, message.get("id").asInt(), message.toString());
        assertFalse(message.at("/result/isError").asBoolean(), message.toString());
        return progress;
    }
}
