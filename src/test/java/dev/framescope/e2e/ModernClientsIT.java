package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP TypeScript client v2 ({@code @modelcontextprotocol/client}, pinned in src/test/node) drives the JAR through
 * the launcher in each of its version negotiation modes with {@code src/test/node/client-modern.mjs}: {@code legacy}
 * (the 2025-11-25 {@code initialize} handshake, elicitation as a server-to-client request), a pin on
 * {@code 2026-07-28} (the stateless era: {@code _meta} on every request, elicitation as an {@code input_required}
 * result the client answers by retrying the call) and {@code auto} (probe {@code server/discover}, fall back to
 * {@code initialize} when the server offers no modern revision). Each run must pass every check of the script in the
 * era its mode calls for. The Inspector's and Claude Code's own choice of era is in InspectorCliIT and
 * ClaudeCodeCliIT.
 */
@Timeout(180)
class ModernClientsIT {

    private static final String MODERN = "2026-07-28";
    private static final String LEGACY = "2025-11-25";

    @TempDir
    static Path dir;
    /** The revisions the JAR itself offers in its {@code server/discover} answer. */
    private static List<String> offered;

    @BeforeAll
    static void askTheJarWhichRevisionsItOffers() throws Exception {
        NodeClients.require("@modelcontextprotocol/client/package.json", "the MCP TypeScript client v2");
        try (RawClient raw = new RawClient(dir.resolve("discover-stderr.txt"), Map.of())) {
            raw.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{\"_meta\":{"
                    + "\"io.modelcontextprotocol/protocolVersion\":\"" + MODERN + "\","
                    + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
            JsonNode answer = raw.await(1, 60_000);
            assertNotNull(answer, "no answer to server/discover");
            offered = StreamSupport.stream(answer.at("/result/supportedVersions").spliterator(), false)
                    .map(JsonNode::asText).toList();
        }
        assertTrue(offered.contains(LEGACY), "server/discover should offer " + LEGACY + ": " + offered);
    }

    @Test
    void legacyModeSpeaks2025ThroughInitialize() throws Exception {
        JsonNode report = passingRun("legacy");

        assertEquals("legacy", report.path("era").asText(), report.toString());
        assertEquals(LEGACY, report.path("protocolVersion").asText(), report.toString());
        assertServerLogged(report, LEGACY);
    }

    /** Red until the server speaks 2026-07-28: the pin has no fallback, so the client refuses a legacy server. */
    @Test
    void pinnedModeSpeaks2026WithElicitationAsMultiRoundTrip() throws Exception {
        JsonNode report = passingRun(MODERN);

        assertEquals("modern", report.path("era").asText(), report.toString());
        assertEquals(MODERN, report.path("protocolVersion").asText(), report.toString());
        assertServerLogged(report, MODERN);
    }

    /** The modern era whenever the JAR offers it in server/discover, else the fallback to initialize. */
    @Test
    void autoModeTakesTheModernEraWhenTheServerOffersIt() throws Exception {
        JsonNode report = passingRun("auto");

        String expected = offered.contains(MODERN) ? MODERN : LEGACY;
        assertEquals(expected, report.path("protocolVersion").asText(), "server/discover offered " + offered + ": "
                + report);
        assertEquals(offered.contains(MODERN) ? "modern" : "legacy", report.path("era").asText(), report.toString());
        assertServerLogged(report, expected);
    }

    /** The script's report after it passed every check; a failed check fails the test with all failed checks. */
    private static JsonNode passingRun(String mode) throws Exception {
        List<String> command = List.of("node", NodeClients.DIR.resolve("client-modern.mjs").toString(), mode,
                Path.of("scripts/framescope").toAbsolutePath().toString());
        ProcessRun run = ProcessRun.run(command, Path.of("").toAbsolutePath(), Duration.ofSeconds(150), env -> {
            env.remove("FRAMESCOPE_GROUPS");
            env.remove("FRAMESCOPE_READ_ONLY");
        });
        assertTrue(run.stdout().strip().startsWith("{"), mode + ": no report\n" + run.output());
        JsonNode report = RawClient.JSON.readTree(run.stdout());
        List<String> failed = new ArrayList<>();
        report.path("checks").forEach(c -> {
            if (!c.path("ok").asBoolean()) {
                failed.add(c.toString());
            }
        });
        assertEquals(List.of(), failed, mode + ": checks that failed (server stderr follows)\n" + run.stderr());
        assertEquals(0, run.exit(), run.output());
        assertTrue(report.path("passed").asInt() >= 15, report.toString());
        System.out.printf("client-modern.mjs %s: era %s, protocol %s, server logged %s%n", mode,
                report.path("era").asText(), report.path("protocolVersion").asText(), report.path("serverEra"));
        return report;
    }

    /**
     * The era the server says its first message chose ({@code MCP era chosen: ...} on stderr), where it says one: a
     * server that speaks 2025-11-25 only logs none.
     */
    private static void assertServerLogged(JsonNode report, String protocolVersion) {
        JsonNode logged = report.path("serverEra");
        if (!logged.isNull() && !logged.isMissingNode()) {
            assertEquals(protocolVersion, logged.asText(), "the era the server chose: " + report);
        }
    }
}
