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
 * check_recording 'all' over MCP stdio tells a client that gave a progress token where it is: one notification as
 * its checks start and one as each ends, increasing, before the answer; a client without a token gets none.
 */
@Timeout(60)
class PhysicsProgressTest {

    private static final String RECORDING = Path.of("demo/recordings/penetration.db").toAbsolutePath().toString();

    @TempDir
    Path stateDir;

    @Test
    void everyCheckOfATriageReportsProgress() throws Exception {
        try (StdioSession session = new StdioSession(ToolGroups.create(Config.defaults(stateDir)))) {
            session.initialize();
            List<JsonNode> progress = call(session, 1, ",\"_meta\":{\"progressToken\":\"triage\"}");
            int checks = 9;
            assertEquals(checks + 1, progress.size(), progress.toString());
            assertEquals("9 checks over 300 frames of penetration.db", progress.get(0).get("message").asText());
            for (int i = 0; i < progress.size(); i++) {
                JsonNode p = progress.get(i);
                assertEquals("triage", p.get("progressToken").asText());
                assertEquals(i, p.get("progress").asDouble(), p.toString());
                assertEquals(checks, p.get("total").asDouble(), p.toString());
                if (i > 0) {
                    assertTrue(p.get("message").asText().endsWith(" done (" + i + " of 9 checks)"), p.toString());
                }
            }
            assertTrue(call(session, 2, "").isEmpty(), "no token, no progress");
        }
    }

    /** Sends check_recording 'all' and returns the progress notifications that came before its answer. */
    private List<JsonNode> call(StdioSession session, int id, String meta) throws Exception {
        session.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":"
                + "\"check_recording\",\"arguments\":{\"recording\":\"" + RECORDING + "\",\"energy_threshold\":"
                + (id / 10.0 + 0.5) + "}" + meta + "}}");
        List<JsonNode> progress = new ArrayList<>();
        JsonNode message = session.receiveAfterProgress(progress);
        assertEquals(id, message.get("id").asInt(), message.toString());
        assertFalse(message.at("/result/isError").asBoolean(), message.toString());
        return progress;
    }
}
