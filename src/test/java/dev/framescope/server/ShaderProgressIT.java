package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A shader batch over MCP stdio sends one progress notification per effect, increasing, before its result. */
@Timeout(120)
class ShaderProgressIT {

    @TempDir
    Path stateDir;

    @Test
    void batchReportsProgressPerEffect() throws Exception {
        try (StdioSession session = new StdioSession(ToolGroups.create(Config.defaults(stateDir)))) {
            session.initialize();
            session.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":"
                    + "\"compile_effect\",\"arguments\":{\"effect\":\"synth/gradient,filter/invert,broken/passthrough\"},"
                    + "\"_meta\":{\"progressToken\":\"batch\"}}}");
            List<JsonNode> progress = new ArrayList<>();
            JsonNode message = session.receiveAfterProgress(progress);
            assertEquals(1, message.get("id").asInt(), message.toString());
            assertEquals(3, progress.size(), progress.toString());
            for (int i = 0; i < progress.size(); i++) {
                assertEquals("batch", progress.get(i).get("progressToken").asText());
                assertEquals(i + 1.0, progress.get(i).get("progress").asDouble());
                assertEquals(3.0, progress.get(i).get("total").asDouble());
                assertTrue(progress.get(i).get("message").asText().startsWith("compiled "));
            }
        }
    }
}
