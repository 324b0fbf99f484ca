package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * get_server_diagnostics carries the RenderDoc bridge's report when the renderdoc group is served, and the older
 * get_bridge_diagnostics still answers with it (no bridge is started: the report reads files only).
 */
class ServerDiagnosticsTest {

    @TempDir
    Path stateDir;

    private ToolCaller caller(ToolSelection selection) {
        return new RegistryCaller(ToolGroups.create(Config.defaults(stateDir), selection));
    }

    @Test
    void olderBridgeToolAnswersWithTheBridgeReportAndNoEnvironmentChecks() {
        ToolCaller caller = caller(ToolSelection.ALL);
        ToolCaller.Answer older = caller.call("get_bridge_diagnostics", Map.of("max_errors", 0), ToolContext.SILENT);
        assertFalse(older.error(), older.body().toString());
        JsonNode bridge = older.body().path("renderdoc_bridge");
        assertEquals("not_started", bridge.path("status").asText(), older.body().toString());
        assertEquals(0, bridge.path("pending").asInt());
        assertTrue(bridge.path("counters").has("requests"), bridge.toString());
        assertFalse(older.body().has("environment"), "the older tool started no process; its name still does not");
        assertTrue(older.text().contains("RenderDoc bridge not started"), older.text());

        ToolCaller.Answer current = caller.call("get_server_diagnostics", Map.of("include_environment", false,
                "bridge_errors", 0), ToolContext.SILENT);
        assertEquals(bridge.path("status"), current.body().at("/renderdoc_bridge/status"));
    }

    @Test
    void overStdioTheOlderNameAnswersButIsNotListed() throws Exception {
        try (StdioSession session = new StdioSession(ToolGroups.create(Config.defaults(stateDir)))) {
            session.initialize();
            JsonNode tools = session.request(1, "tools/list", "{}").at("/result/tools");
            tools.forEach(t -> assertFalse(t.get("name").asText().equals("get_bridge_diagnostics"), t.toString()));
            JsonNode older = session.request(2, "tools/call", "{\"name\":\"get_bridge_diagnostics\","
                    + "\"arguments\":{\"max_errors\":2}}").at("/result");
            assertFalse(older.path("isError").asBoolean(), older.toString());
            assertEquals("not_started", older.at("/structuredContent/renderdoc_bridge/status").asText(),
                    older.toString());
            assertTrue(older.at("/structuredContent/environment").isMissingNode(), older.toString());
        }
    }

    @Test
    void withoutTheRenderDocOrDialogsGroupThereIsNoSectionOfTheirs() {
        ToolCaller caller = caller(ToolSelection.fromEnvironment(Map.of("FRAMESCOPE_GROUPS", "physics")));
        ToolCaller.Answer answer = caller.call("get_server_diagnostics", Map.of("include_environment", false),
                ToolContext.SILENT);
        assertFalse(answer.error(), answer.body().toString());
        assertFalse(answer.body().has("renderdoc_bridge"), answer.body().toString());
        assertFalse(answer.body().has("dialogs"), "each section comes from its served group: " + answer.body());
        assertFalse(answer.text().contains("RenderDoc bridge"), answer.text());
    }
}
