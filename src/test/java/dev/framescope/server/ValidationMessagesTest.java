package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schema-validation errors read as sentences wherever in the arguments the mistake is: which parameter (with its
 * path inside lists and objects), what it takes, and what was given, said by its kind where the kind is the
 * mistake; never the validator's own words ("string found, object expected").
 */
class ValidationMessagesTest {

    @TempDir
    Path stateDir;

    private static String message(ToolRegistry registry, String tool, String argsJson) throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> args = Json.mapper().readValue(argsJson, Map.class);
        CallToolResult result = new ToolInvoker(registry, new CallStats()).call(registry.find(tool).orElseThrow(),
                args, ToolContext.SILENT);
        assertTrue(result.isError(), result.toString());
        JsonNode error = Json.mapper().readTree(((TextContent) result.content().get(0)).text());
        assertEquals("INVALID_ARGUMENT", error.get("code").asText(), error.toString());
        return error.get("message").asText();
    }

    private final ToolRegistry sample = new ToolRegistry(List.of(new SampleTools()));

    @Test
    void askChoiceWithPlainStringOptionsSaysAnOptionIsAnObject() throws Exception {
        ToolRegistry dialogs = ToolGroups.create(Config.defaults(stateDir),
                ToolSelection.fromEnvironment(Map.of("FRAMESCOPE_GROUPS", "dialogs"))).registry();
        assertEquals("Invalid argument 'options[0]': expected object with the properties description, label, "
                        + "value; given the string \"a\".",
                message(dialogs, "ask_choice", "{\"question\": \"pick\", \"options\": [\"a\", \"b\"]}"));
        assertEquals("Invalid argument 'options[1].lable': expected one of the properties description, label, "
                        + "value; given \"b\".",
                message(dialogs, "ask_choice", "{\"question\": \"pick\", \"options\": [{\"label\": \"a\"}, "
                        + "{\"lable\": \"b\"}]}"));
        assertEquals("Invalid argument 'options': expected array of object of at most 50 items; given the string "
                        + "\"a, b\".",
                message(dialogs, "ask_choice", "{\"question\": \"pick\", \"options\": \"a, b\"}"));
    }

    @Test
    void nestedAndTopLevelMistakesAreSaidAlike() throws Exception {
        assertEquals("Invalid argument 'pixels[0].y': expected integer ≥ 0 (required); given nothing.",
                message(sample, "echo", "{\"name\": \"a\", \"pixels\": [{\"x\": 1}]}"));
        assertEquals("Invalid argument 'pixels[0].x': expected integer ≥ 0; given the string \"1\".",
                message(sample, "echo", "{\"name\": \"a\", \"pixels\": [{\"x\": \"1\", \"y\": 2}]}"));
        assertEquals("Invalid argument 'pixels[1]': expected object with the properties x, y; given the number 7.",
                message(sample, "echo", "{\"name\": \"a\", \"pixels\": [{\"x\": 1, \"y\": 2}, 7]}"));
        assertEquals("Invalid argument 'start_frame': expected integer from 1 to 100; given the string \"three\".",
                message(sample, "echo", "{\"name\": \"a\", \"start_frame\": \"three\"}"));
        assertEquals("Invalid argument 'name': expected string of at most 16 characters; given the array [\"a\"].",
                message(sample, "echo", "{\"name\": [\"a\"]}"));
        assertEquals("Invalid argument 'mode': expected one of \"fast\", \"exact\"; given the boolean true.",
                message(sample, "echo", "{\"name\": \"a\", \"mode\": true}"));
    }

    @Test
    void noMessageQuotesTheValidator() throws Exception {
        for (String args : List.of("{\"name\": \"a\", \"pixels\": [[1, 2]]}", "{\"name\": \"a\", \"pixels\": {}}",
                "{\"name\": \"a\", \"pixels\": [{\"x\": 1, \"y\": 2, \"z\": 3}]}", "{\"name\": null}",
                "{\"name\": \"a\", \"pixels\": [{\"x\": -1, \"y\": 0}]}")) {
            String said = message(sample, "echo", args);
            assertTrue(said.matches("Invalid argument '[a-z_\\[\\]0-9.]+': expected [^;]+; given [^;]+\\."), said);
            assertTrue(!said.contains(" found") && !said.contains("$") && !said.contains("expected expected"), said);
        }
    }
}
