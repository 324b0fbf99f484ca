package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ClientCapabilities;
import io.modelcontextprotocol.spec.McpSchema.ElicitFormRequest;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The dialog tools through the built JAR and the MCP Java SDK client's elicitation handler, which plays the person:
 * it checks the form each tool asks with and answers, declines or takes too long.
 */
@Timeout(120)
class DialogElicitationIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static McpSyncClient client(Function<ElicitFormRequest, ElicitResult> person) {
        return BuiltJar.client(spec -> person == null ? spec
                : spec.capabilities(ClientCapabilities.builder().elicitation().build()).elicitation(person));
    }

    private static JsonNode call(McpSyncClient client, String tool, Map<String, Object> args) throws Exception {
        CallToolResult result = client.callTool(new CallToolRequest(tool, args));
        String text = ((TextContent) result.content().get(0)).text();
        return JSON.readTree(text.substring(text.indexOf('{')));
    }

    @Test
    void everyQuestionComesBackAsTheAnswerThePersonGave() throws Exception {
        AtomicReference<ElicitFormRequest> asked = new AtomicReference<>();
        McpSyncClient client = client(request -> {
            asked.set(request);
            @SuppressWarnings("unchecked")
            Map<String, Object> properties = (Map<String, Object>) request.requestedSchema().get("properties");
            if (properties.containsKey("confirmed")) {
                return new ElicitResult(ElicitResult.Action.ACCEPT, Map.of("confirmed", true,
                        "additional_context", "but keep the logs"));
            }
            if (properties.containsKey("value")) {
                return new ElicitResult(ElicitResult.Action.ACCEPT, Map.of("value", "build/Debug"));
            }
            if (properties.containsKey("choice")) {
                return new ElicitResult(ElicitResult.Action.ACCEPT, Map.of("choice", "vk"));
            }
            return new ElicitResult(ElicitResult.Action.ACCEPT, Map.of("values", List.of("nan", "uv")));
        });
        try {
            JsonNode confirm = call(client, "confirm", Map.of("question", "Delete build/?", "warning",
                    "This cannot be undone.", "is_dangerous", true));
            assertTrue(asked.get().message().contains("This cannot be undone."), asked.get().message());
            assertEquals("answered", confirm.get("state").asText());
            assertTrue(confirm.get("confirmed").asBoolean());
            assertEquals("but keep the logs", confirm.get("additional_context").asText());
            assertEquals(false, confirm.get("cancelled").asBoolean());

            JsonNode text = call(client, "text_input", Map.of("question", "Which folder?", "max_length", 5));
            assertEquals("build", text.get("value").asText(), "cut to max_length");

            JsonNode single = call(client, "single_choice", Map.of("question", "Which API?", "options", List.of(
                    Map.of("label", "OpenGL", "value", "gl"), Map.of("label", "Vulkan", "value", "vk"))));
            assertEquals("vk", single.get("choice").asText());
            @SuppressWarnings("unchecked")
            Map<String, Object> choice = (Map<String, Object>) ((Map<String, Object>) asked.get().requestedSchema()
                    .get("properties")).get("choice");
            assertEquals(List.of(Map.of("const", "gl", "title", "OpenGL"), Map.of("const", "vk", "title", "Vulkan")),
                    choice.get("oneOf"));

            JsonNode multi = call(client, "multi_choice", Map.of("question", "Which checks?", "options", List.of(
                    Map.of("label", "nan"), Map.of("label", "uv"), Map.of("label", "overdraw")), "max_selections", 2));
            assertEquals(List.of("nan", "uv"), JSON.convertValue(multi.get("values"), List.class));
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void declineAndTimeoutAreAnswersWithFlagsAndAClientWithoutElicitationGetsAClearErrorWhenThePageIsOff()
            throws Exception {
        McpSyncClient declining = client(request -> new ElicitResult(ElicitResult.Action.DECLINE, null));
        try {
            JsonNode declined = call(declining, "confirm", Map.of("question", "Proceed?"));
            assertEquals("declined", declined.get("state").asText());
            assertTrue(declined.get("cancelled").asBoolean());
            assertTrue(declined.get("confirmed") == null || declined.get("confirmed").isNull());
        } finally {
            declining.closeGracefully();
        }
        McpSyncClient slow = client(request -> {
            try {
                Thread.sleep(8_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new ElicitResult(ElicitResult.Action.ACCEPT, Map.of("value", "late"));
        });
        try {
            JsonNode late = call(slow, "text_input", Map.of("question", "Name?", "timeout_s", 5));
            assertEquals("timed_out", late.get("state").asText());
            assertTrue(late.get("timed_out").asBoolean());
        } finally {
            slow.closeGracefully();
        }
        // With the page allowed (auto), such a client is asked on the page: DialogPageJarIT.
        McpSyncClient plain = BuiltJar.client(Map.of("FRAMESCOPE_DIALOG_CHANNEL", "elicitation"), spec -> spec);
        try {
            CallToolResult result = plain.callTool(new CallToolRequest("confirm", Map.of("question", "Proceed?")));
            assertTrue(result.isError());
            assertTrue(((TextContent) result.content().get(0)).text().contains("ENGINE_UNAVAILABLE"));
        } finally {
            plain.closeGracefully();
        }
    }
}
