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
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The physics group through the built JAR and the MCP Java SDK client, on the fixture recordings. */
@Timeout(120)
class PhysicsClientIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXTURES = Path.of("demo/recordings").toAbsolutePath();

    private static JsonNode body(CallToolResult result) throws Exception {
        String text = ((TextContent) result.content().get(0)).text();
        return JSON.readTree(text.substring(text.indexOf('{')));
    }

    private static Map<String, String> hashes() throws Exception {
        Map<String, String> hashes = new TreeMap<>();
        try (Stream<Path> files = Files.list(FIXTURES)) {
            for (Path f : files.toList()) {
                hashes.put(f.getFileName().toString(), HexFormat.of().formatHex(
                        MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f))));
            }
        }
        return hashes;
    }

    @Test
    void triageNamesTheDefectPlotReturnsAnImageAndNoRecordingChanges() throws Exception {
        Map<String, String> before = hashes();
        List<String> command = BuiltJar.command();
        var params = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).build();
        McpSyncClient client = McpClient.sync(new StdioClientTransport(params, new JacksonMcpJsonMapper(JSON)))
                .requestTimeout(Duration.ofSeconds(60)).build();
        try {
            client.initialize();
            String penetration = FIXTURES.resolve("penetration.db").toString();
            CallToolResult loaded = client.callTool(new CallToolRequest("open_recording", Map.of("recording", penetration)));
            assertFalse(loaded.isError(), loaded.toString());
            JsonNode triage = body(client.callTool(new CallToolRequest("check_recording", Map.of())));
            assertEquals("EXCESSIVE_PENETRATION", triage.at("/anomalies/preview/0/code").asText());
            assertEquals(152, triage.at("/anomalies/preview/0/frame_id").asInt());

            CallToolResult plot = client.callTool(new CallToolRequest("plot_energy",
                    Map.of("recording", FIXTURES.resolve("energy_injection.db").toString())));
            assertFalse(plot.isError());
            assertNull(plot.structuredContent(), "an image result carries no structuredContent");
            assertEquals("image/png", ((ImageContent) plot.content().get(1)).mimeType());

            CallToolResult bad = client.callTool(new CallToolRequest("get_recording_frame", Map.of("frame_id", 9999)));
            assertTrue(bad.isError());
            assertEquals("frame_id", body(bad).at("/context/parameter").asText());
        } finally {
            client.closeGracefully();
        }
        assertEquals(before, hashes(), "recordings are byte-identical after the session");
    }
}
