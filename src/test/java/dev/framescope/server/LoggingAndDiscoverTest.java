package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Components;
import dev.framescope.common.Config;
import dev.framescope.diagnostics.EnvironmentChecks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * logging/setLevel makes FrameScope's log records arrive as notifications/message; server/discover is answered
 * with both eras and decides nothing: a client that probes and then initializes gets the 2025-11-25 era.
 */
@Timeout(30)
class LoggingAndDiscoverTest {

    private static final Logger log = LoggerFactory.getLogger(LoggingAndDiscoverTest.class);

    @TempDir
    Path stateDir;

    private StdioSession session() throws Exception {
        Config config = Config.defaults(stateDir);
        ToolRegistry registry = new ToolRegistry(List.of(new SampleTools()));
        return new StdioSession(new ToolGroups.Toolkit(config, registry, new ToolInvoker(registry, new CallStats()),
                new EnvironmentChecks(config), new Components()));
    }

    /** Sends a ping after logging, so everything the log produced is read before the pong. */
    private static List<JsonNode> logAndCollect(StdioSession session, int pingId, Runnable logging) throws Exception {
        logging.run();
        session.send("{\"jsonrpc\":\"2.0\",\"id\":" + pingId + ",\"method\":\"ping\"}");
        List<JsonNode> notifications = new ArrayList<>();
        JsonNode line;
        while (!(line = session.receive()).has("id")) {
            notifications.add(line);
        }
        return notifications;
    }

    @Test
    void logRecordsReachTheClientAtTheLevelAsked() throws Exception {
        try (StdioSession session = session()) {
            session.initialize();
            assertTrue(logAndCollect(session, 1, () -> log.warn("before setLevel")).isEmpty(),
                    "nothing is sent before logging/setLevel");

            JsonNode set = session.request(2, "logging/setLevel", "{\"level\":\"warning\"}");
            assertFalse(set.has("error"), set.toString());
            List<JsonNode> warnOnly = logAndCollect(session, 3, () -> {
                log.info("an info record");
                log.warn("a warning record");
            });
            assertEquals(1, warnOnly.size(), warnOnly.toString());
            assertEquals("notifications/message", warnOnly.get(0).get("method").asText());
            assertEquals("warning", warnOnly.get(0).at("/params/level").asText());
            assertEquals("a warning record", warnOnly.get(0).at("/params/data").asText());
            assertEquals(LoggingAndDiscoverTest.class.getName(), warnOnly.get(0).at("/params/logger").asText());

            session.request(4, "logging/setLevel", "{\"level\":\"debug\"}");
            List<JsonNode> all = logAndCollect(session, 5, () -> {
                log.debug("a debug record");
                log.error("an error record");
            });
            assertEquals(List.of("debug", "error"), all.stream().map(n -> n.at("/params/level").asText()).toList());
            assertEquals("a debug record", all.get(0).at("/params/data").asText());
        }
    }

    @Test
    void serverDiscoverAnswersWithTheCardAndTheVersionsServed() throws Exception {
        try (StdioSession session = session()) {
            JsonNode card = session.request(1, "server/discover", "{\"_meta\":{"
                    + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}");
            JsonNode result = card.get("result");
            assertTrue(result != null, card.toString());
            assertEquals("[\"2026-07-28\",\"2025-11-25\",\"2025-06-18\",\"2025-03-26\",\"2024-11-05\"]",
                    result.get("supportedVersions").toString(), "both eras, newest first");
            assertEquals("framescope", result.at("/_meta/io.modelcontextprotocol~1serverInfo/name").asText(),
                    result.toString());
            assertTrue(result.at("/capabilities/tools").isObject());
            assertEquals(ModernServer.DISCOVER_TTL_MS, result.get("ttlMs").asLong());
            assertFalse(result.get("instructions").asText().isBlank());

            session.initialize(); // the dual-era fallback works on the same connection
            JsonNode tools = session.request(2, "tools/list", "{}");
            assertTrue(tools.at("/result/tools").size() > 0, tools.toString());
        }
    }
}
