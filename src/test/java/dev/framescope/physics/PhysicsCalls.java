package dev.framescope.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Calls physics tools in-process through the real registry and invoker, as an MCP client would get them. */
public final class PhysicsCalls {

    public static final Path FIXTURES = Path.of("demo/recordings");

    private final ToolGroups.Toolkit toolkit;

    public PhysicsCalls(Path stateDir) {
        toolkit = ToolGroups.create(Config.defaults(stateDir));
    }

    public static String fixture(String scene) {
        return FIXTURES.resolve(scene + ".db").toString();
    }

    /** The {@code "recording": "<fixture path>"} member of a call's arguments. */
    public static String arg(String scene) {
        return "\"recording\":\"" + fixture(scene) + "\"";
    }

    /** The names of the scenes ground-truth.json describes, one fixture each. */
    public static Stream<String> sceneNames() throws IOException {
        List<String> names = new ArrayList<>();
        Json.mapper().readTree(FIXTURES.resolve("ground-truth.json").toFile()).get("scenes")
                .forEach(s -> names.add(s.get("name").asText()));
        return names.stream();
    }

    public static JsonNode groundTruth(String scene) throws IOException {
        for (JsonNode s : Json.mapper().readTree(FIXTURES.resolve("ground-truth.json").toFile()).get("scenes")) {
            if (s.get("name").asText().equals(scene)) {
                return s;
            }
        }
        throw new AssertionError("no scene " + scene + " in ground-truth.json");
    }

    private CallToolResult raw(String tool, String argsJson) throws IOException {
        @SuppressWarnings("unchecked")
        Map<String, Object> args = Json.mapper().readValue(argsJson, Map.class);
        // an older name runs as tools/call runs it: its tool, with its parameters renamed and its presets applied
        return toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(),
                toolkit.registry().arguments(tool, args), ToolContext.SILENT);
    }

    /** The result body of a successful call. */
    public JsonNode ok(String tool, String argsJson) throws IOException {
        String text = text(tool, argsJson);
        return Json.mapper().readTree(text.substring(text.indexOf('{')));
    }

    /** The text block of a successful call, as a model reads it (summary line, then the JSON body). */
    String text(String tool, String argsJson) throws IOException {
        CallToolResult result = raw(tool, argsJson);
        String text = ((TextContent) result.content().get(0)).text();
        assertFalse(result.isError(), tool + " failed: " + text);
        return text;
    }

    /**
     * The text block of a call, or null when it failed because the recording lacks a table the call needs (a
     * FAILED_PRECONDITION naming the table): for tests that run every tool over every fixture.
     */
    String textUnlessTableMissing(String tool, String argsJson) throws IOException {
        CallToolResult result = raw(tool, argsJson);
        String text = ((TextContent) result.content().get(0)).text();
        if (result.isError()) {
            JsonNode error = Json.mapper().readTree(text);
            assertTrue(error.get("code").asText().equals("FAILED_PRECONDITION") && error.at("/context/table")
                    .isTextual(), tool + " failed: " + text);
            return null;
        }
        return text;
    }

    /** A successful call whose result carries an image. */
    CallToolResult image(String tool, String argsJson) throws IOException {
        CallToolResult result = raw(tool, argsJson);
        assertFalse(result.isError(), tool + " failed: " + result);
        assertEquals(2, result.content().size(), "text and image");
        return result;
    }

    /** The {code, message, context} body of a failed call. */
    JsonNode error(String tool, String argsJson) throws IOException {
        CallToolResult result = raw(tool, argsJson);
        assertTrue(result.isError(), tool + " should have failed");
        return Json.mapper().readTree(((TextContent) result.content().get(0)).text());
    }

    static void assertClose(double expected, JsonNode actual, String what) {
        assertTrue(actual.isNumber(), what + " is a number: " + actual);
        assertEquals(expected, actual.asDouble(), 1e-9 * Math.max(1, Math.abs(expected)), what);
    }
}
