package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole tool list stays within what a client without deferred tool loading can afford in every conversation:
 * 50,000 bytes of {@code {"tools":[…]}} with every group, as the server sends it over stdio (45,000 until the
 * RenderDoc group gained the tools that close its loop), in both eras of MCP.
 */
class ToolListSizeTest {

    static final int BUDGET_BYTES = 50_000;

    @Test
    void theWholeListFitsItsBudgetAsSentOverStdio(@TempDir Path state) throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(state));
        int counted = ToolListSize.bytes(toolkit.registry().tools(), toolkit.registry());
        assertTrue(counted <= BUDGET_BYTES, "tools/list is " + counted + " bytes, over " + BUDGET_BYTES
                + ": fold a variant into its tool's parameter, or say a shared parameter once");
        try (StdioSession session = new StdioSession(toolkit)) {
            session.initialize();
            JsonNode result = session.request(1, "tools/list", "{}").get("result");
            int sent = Json.mapper().writeValueAsString(result).getBytes(StandardCharsets.UTF_8).length;
            assertTrue(sent <= BUDGET_BYTES, "tools/list sent " + sent + " bytes");
            assertEquals(toolkit.registry().tools().size(), result.get("tools").size());
        }
        try (StdioSession session = new StdioSession(toolkit)) { // the stateless era adds its cache hints
            JsonNode result = session.request(1, "tools/list", "{\"_meta\":{\"io.modelcontextprotocol/"
                    + "protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}")
                    .get("result");
            int sent = Json.mapper().writeValueAsString(result).getBytes(StandardCharsets.UTF_8).length;
            assertTrue(sent <= BUDGET_BYTES, "tools/list sent " + sent + " bytes in the 2026-07-28 era");
            assertEquals(toolkit.registry().tools().size(), result.get("tools").size());
        }
    }
}
