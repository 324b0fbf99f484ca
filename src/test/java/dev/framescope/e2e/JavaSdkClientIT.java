package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The MCP Java SDK's own client talks to the built JAR over stdio, as Claude Code or VS Code would. */
@Timeout(60)
class JavaSdkClientIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private McpSyncClient client;

    @BeforeEach
    void connect() {
        List<String> command = BuiltJar.command();
        var params = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).build();
        client = McpClient.sync(new StdioClientTransport(params, new JacksonMcpJsonMapper(JSON)))
                .requestTimeout(Duration.ofSeconds(30))
                .build();
    }

    @AfterEach
    void close() {
        client.closeGracefully();
    }

    private static JsonNode textBody(CallToolResult result) throws Exception {
        String text = ((TextContent) result.content().get(0)).text();
        return JSON.readTree(text.substring(text.indexOf('{')));
    }

    @Test
    void initializesListsToolsAndReportsDiagnostics() throws Exception {
        var init = client.initialize();
        assertEquals("framescope", init.serverInfo().name());
        assertTrue(init.instructions().contains("get_server_diagnostics"), init.instructions());

        Tool diagnostics = client.listTools().tools().stream()
                .filter(t -> t.name().equals("get_server_diagnostics")).findFirst().orElseThrow();
        assertTrue(diagnostics.annotations().readOnlyHint());
        assertNull(diagnostics.annotations().destructiveHint(), "meaningless on a read-only tool, so left out");
        assertEquals(Boolean.FALSE, diagnostics.inputSchema().get("additionalProperties"));

        CallToolResult result = client.callTool(new CallToolRequest("get_server_diagnostics", Map.of()));
        assertFalse(result.isError());
        JsonNode body = textBody(result);
        assertEquals(1, body.get("schema_version").asInt());
        assertEquals(body, JSON.valueToTree(result.structuredContent()));
        assertEquals(List.of("browser", "renderdoc_bridge", "dialog_page"),
                body.get("components").findValuesAsText("name"));
        assertEquals("not_started", body.at("/components/0/state").asText());
        assertEquals(List.of("chromium", "renderdoc_python", "glslangValidator", "renderdoccmd", "vulkan_loader",
                "vulkan_icd", "librenderdoc", "effect_pass"), body.get("environment").findValuesAsText("name"));
    }

    @Test
    void badArgumentsGetTheStructuredErrorAndTheServerKeepsServing() throws Exception {
        client.initialize();
        CallToolResult bad = client.callTool(new CallToolRequest("get_server_diagnostics",
                Map.of("tool_limit", 9000, "refresh", false)));
        assertTrue(bad.isError());
        JsonNode error = textBody(bad);
        assertEquals("INVALID_ARGUMENT", error.get("code").asText());
        assertEquals("tool_limit", error.at("/context/parameter").asText());
        assertEquals("integer from 1 to 500", error.at("/context/expected").asText());
        assertEquals(9000, error.at("/context/given").asInt());

        McpError unknown = org.junit.jupiter.api.Assertions.assertThrows(McpError.class,
                () -> client.callTool(new CallToolRequest("no_such_tool", Map.of())));
        assertEquals(-32602, unknown.getJsonRpcError().code());

        CallToolResult ok = client.callTool(new CallToolRequest("get_server_diagnostics",
                Map.of("include_environment", false)));
        assertFalse(ok.isError());
        JsonNode counters = textBody(ok).at("/tools/preview/0");
        assertEquals("get_server_diagnostics", counters.get("tool").asText());
        assertEquals(1, counters.get("errors").asInt());
        assertEquals("INVALID_ARGUMENT", counters.at("/last_error/code").asText());
    }
}
