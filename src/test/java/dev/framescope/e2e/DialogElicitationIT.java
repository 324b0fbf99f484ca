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

            JsonNode multi = call(client, "ask_choice", Map.of("question", "Which checks?", "options", List.of(
                    Map.of("label", "nan"), Map.of("label", "uv"), Map.of("label", "overdraw")), "multiple", true,
                    "max_selections", 2));
            assertEquals(List.of("nan", "uv"), JSON.convertValue(multi.get("values"), List.class));
        } finally {
            client.closeGracefully();
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> property(ElicitFormRequest request, String name) {
        return (Map<String, Object>) ((Map<String, Object>) request.requestedSchema().get("properties")).get(name);
    }

    @Test
    void formsCarryANoteAndOptionDescriptionsAndTakeOptionsWithOnlyAValue() throws Exception {
        String longer = "re-record the whole capture with validation layers on, then compare every draw call";
        List<Map<String, Object>> options = List.of(Map.of("value", "gl", "description", "the capture we have"),
                Map.of("label", "Vulkan", "value", "vk", "description", longer), Map.of("value", "metal"));
        List<ElicitFormRequest> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
        McpSyncClient client = client(request -> {
            asked.add(request);
            if (property(request, "choice") != null) {
                return new ElicitResult(ElicitResult.Action.ACCEPT, Map.of("choice", "gl", "additional_context",
                        "the older driver"));
            }
            if (property(request, "values") != null) {
                return new ElicitResult(ElicitResult.Action.ACCEPT, Map.of("values", List.of("vk", "metal")));
            }
            return new ElicitResult(ElicitResult.Action.ACCEPT, Map.of("value", "x"));
        });
        try {
            JsonNode single = call(client, "single_choice", Map.of("question", "Which API?", "options", options));
            assertEquals("gl", single.get("choice").asText());
            assertEquals("the older driver", single.get("additional_context").asText());
            assertEquals(0, single.get("attachments").size(), "attachments is always there, empty without images");
            Map<String, Object> choice = property(asked.get(0), "choice");
            // Claude Code and VS Code render a single-select from oneOf {const, title} and show the field's title and
            // description (spec 2025-11-25, SEP-1330): a short description joins its option's title, a long one is
            // listed in the field's description; nothing else is sent, as a client may refuse unknown keys.
            List<Map<String, Object>> titled = List.of(Map.of("const", "gl", "title", "gl — the capture we have"),
                    Map.of("const", "vk", "title", "Vulkan"), Map.of("const", "metal", "title", "metal"));
            assertEquals(titled, choice.get("oneOf"));
            assertEquals("Vulkan: " + longer, choice.get("description"));
            assertEquals("string", property(asked.get(0), "additional_context").get("type"));
            assertEquals(List.of("choice"), asked.get(0).requestedSchema().get("required"), "the note is optional");

            JsonNode multi = call(client, "multi_choice", Map.of("question", "Which APIs?", "options", options));
            assertEquals(List.of("vk", "metal"), JSON.convertValue(multi.get("values"), List.class));
            assertEquals("", multi.get("additional_context").asText(), "no note: an empty string");
            Map<String, Object> values = property(asked.get(1), "values");
            assertEquals(Map.of("anyOf", titled), values.get("items"));
            assertEquals("Vulkan: " + longer, values.get("description"));

            call(client, "text_input", Map.of("question", "Name?"));
            assertTrue(property(asked.get(2), "additional_context") != null, "every form has the note");

            CallToolResult neither = client.callTool(new CallToolRequest("single_choice", Map.of("question", "?",
                    "options", List.of(Map.of("description", "no label, no value"), Map.of("value", "b")))));
            assertTrue(neither.isError());
            String error = ((TextContent) neither.content().get(0)).text();
            assertTrue(error.contains("INVALID_ARGUMENT") && error.contains("options[0]"), error);
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void thePlannerAsAFormReturnsTheThinkingModeAndTheRateLimitStopsALoop() throws Exception {
        AtomicReference<ElicitFormRequest> asked = new AtomicReference<>();
        McpSyncClient client = BuiltJar.client(Map.of("FRAMESCOPE_DIALOG_CHANNEL", "elicitation",
                "FRAMESCOPE_DIALOG_RATE_LIMIT", "3"), spec -> spec
                .capabilities(ClientCapabilities.builder().elicitation().build()).elicitation(request -> {
                    asked.set(request);
                    return property(request, "thinking_mode") != null
                            ? new ElicitResult(ElicitResult.Action.ACCEPT, Map.of("choice", "guard",
                            "thinking_mode", "deep"))
                            : new ElicitResult(ElicitResult.Action.DECLINE, null);
                }));
        try {
            JsonNode planner = call(client, "planner", Map.of("decision_context", "How should I fix the NaN?",
                    "plan", "1. Guard with isnan()", "options", List.of(Map.of("label", "Clamp", "value", "clamp"),
                            Map.of("label", "Guard", "value", "guard", "description", "isnan() before the divide")),
                    "default_action", "clamp"));
            assertEquals("guard", planner.get("choice").asText());
            assertEquals("deep", planner.get("thinking_mode").asText());
            assertEquals("elicitation", planner.get("channel").asText());
            assertTrue(asked.get().message().contains("How should I fix the NaN?")
                    && asked.get().message().contains("1. Guard with isnan()"), asked.get().message());
            Map<String, Object> thinking = property(asked.get(), "thinking_mode");
            assertEquals("normal", thinking.get("default"));
            assertEquals(List.of(Map.of("const", "normal", "title", "Normal — go on as usual"),
                    Map.of("const", "deep", "title", "Deep — think it through harder before acting")),
                    thinking.get("oneOf"));
            assertEquals("clamp", property(asked.get(), "choice").get("default"));

            call(client, "confirm", Map.of("question", "Again?"));
            call(client, "confirm", Map.of("question", "And again?"));
            CallToolResult limited = client.callTool(new CallToolRequest("confirm", Map.of("question", "Once more?")));
            assertTrue(limited.isError());
            JsonNode error = JSON.readTree(((TextContent) limited.content().get(0)).text());
            assertEquals("RATE_LIMITED", error.get("code").asText());
            int retry = error.at("/context/retry_after_s").asInt();
            assertTrue(retry >= 50 && retry <= 60, error.toString());
            assertEquals(3, error.at("/context/limit_per_minute").asInt());
            assertTrue(error.at("/context/retry_at").asText().endsWith("Z"), error.toString());

            JsonNode dialogs = call(client, "get_server_diagnostics", Map.of()).get("dialogs");
            assertEquals(3, dialogs.get("history_kept").asInt(), "a refused question is not asked");
            JsonNode newest = dialogs.get("history").get(0);
            assertEquals("confirm", newest.get("tool").asText());
            assertEquals("declined", newest.get("state").asText());
            assertEquals("And again?", newest.at("/params/question").asText());
            JsonNode first = dialogs.get("history").get(2);
            assertEquals("planner", first.get("tool").asText());
            assertEquals("elicitation", first.get("channel").asText());
            assertEquals("deep", first.at("/answer/thinking_mode").asText());
            assertTrue(first.get("waited_ms").asLong() >= 0 && first.get("asked_at").asText().endsWith("Z"));
            for (JsonNode tool : dialogs.get("tools")) {
                double expected = tool.get("tool").asText().equals("planner") ? 1.0 : 0.0;
                assertEquals(expected, tool.get("success_rate").asDouble(), tool.toString());
            }
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
