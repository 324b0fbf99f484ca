package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Checks every registered tool, so a new tool is covered without writing a test for it. */
class ToolContractTest {

    @TempDir
    static Path stateDir;

    static Stream<ToolDef<?>> tools() {
        return toolkit().registry().tools().stream();
    }

    private static ToolGroups.Toolkit toolkit() {
        return ToolGroups.create(Config.defaults(stateDir));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tools")
    void declaresSchemaDescriptionsAndAnnotations(ToolDef<?> tool) {
        ToolRegistry registry = toolkit().registry();
        ObjectNode schema = registry.inputSchema(tool);
        var metaSchema = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012())
                .getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        assertEquals(0, metaSchema.validate(schema).size(), "input schema is valid JSON Schema 2020-12");
        assertEquals("object", schema.get("type").asText());
        assertFalse(schema.path("additionalProperties").asBoolean(true), "unknown parameters are rejected");
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> property = it.next();
            assertTrue(property.getValue().path("description").asText().length() >= 10,
                    tool.name() + "." + property.getKey() + " has a description");
        }
        assertTrue(tool.description().length() >= 80, tool.name() + " has a description a model can act on");
        assertFalse(tool.title().isBlank());
        var annotations = FrameScopeServer.describe(tool, registry).annotations();
        assertNotNull(annotations.readOnlyHint());
        // MCP gives these a meaning only for tools that are not read-only; a read-only tool leaves them out.
        assertEquals(!annotations.readOnlyHint(), annotations.destructiveHint() != null, tool.name());
        assertEquals(!annotations.readOnlyHint(), annotations.idempotentHint() != null, tool.name());
        assertNotNull(annotations.openWorldHint());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tools")
    void documentedDefaultsAreValidArgumentsAndTheAppliedDefaults(ToolDef<?> tool) throws Exception {
        ObjectNode schema = toolkit().registry().inputSchema(tool);
        var dialect = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012());
        schema.path("properties").fields().forEachRemaining(property -> {
            JsonNode value = property.getValue().get("default");
            if (value != null) {
                assertEquals(0, dialect.getSchema(property.getValue()).validate(value).size(),
                        tool.name() + "." + property.getKey() + ": default " + value + " fits its own schema");
            }
        });
        if (schema.path("required").size() > 0) {
            return; // cannot be built from {} through Jackson; RecordDefaults built it without
        }
        JsonNode applied = Json.tree(Json.mapper().treeToValue(Json.mapper().createObjectNode(), tool.argsType()));
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> property = it.next();
            if (property.getValue().has("default")) {
                assertEquals(property.getValue().get("default"), applied.get(property.getKey()),
                        tool.name() + "." + property.getKey() + ": schema default = record default");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tools")
    void rejectsUnknownParameterWithStructuredError(ToolDef<?> tool) throws Exception {
        ToolGroups.Toolkit toolkit = toolkit();
        CallToolResult result = toolkit.invoker().call(tool, Map.of("no_such_parameter", 1), ToolContext.SILENT);
        assertTrue(result.isError());
        JsonNode body = Json.mapper().readTree(((TextContent) result.content().get(0)).text());
        assertEquals("INVALID_ARGUMENT", body.get("code").asText());
        assertEquals("no_such_parameter", body.at("/context/parameter").asText());
    }

    /** Strict clients (Gemini-style function declarations) refuse a list as "type": two types are an anyOf. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("tools")
    void listedSchemasNameOneTypeAtATime(ToolDef<?> tool) {
        ToolRegistry registry = toolkit().registry();
        List<String> lists = new ArrayList<>();
        typeLists("input", registry.listedInputSchema(tool), lists);
        ObjectNode output = registry.outputSchema(tool);
        if (output != null) {
            typeLists("output", output, lists);
        }
        assertEquals(List.of(), lists, tool.name());
    }

    private static void typeLists(String at, JsonNode schema, List<String> found) {
        if (schema.path("type").isArray()) {
            found.add(at + ": " + schema.get("type"));
        }
        schema.fields().forEachRemaining(field -> {
            if (field.getValue().isContainerNode()) {
                typeLists(at + "/" + field.getKey(), field.getValue(), found);
            }
        });
        if (schema.isArray()) {
            for (int i = 0; i < schema.size(); i++) {
                typeLists(at + "/" + i, schema.get(i), found);
            }
        }
    }

    @org.junit.jupiter.api.Test
    void everyOlderNamesPresetsAreValidArgumentsOfItsTool() {
        ToolRegistry registry = toolkit().registry();
        var metaSchema = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012());
        registry.aliases().forEach((older, alias) -> {
            ToolDef<?> tool = registry.find(older).orElseThrow();
            ObjectNode schema = registry.inputSchema(tool);
            alias.renames().forEach((older2, current) -> assertNotNull(schema.path("properties").get(current),
                    older + " renames " + older2 + " to " + current + ", which " + tool.name() + " does not take"));
            alias.presets().forEach((name, value) -> {
                JsonNode property = schema.path("properties").get(name);
                assertNotNull(property, older + " presets " + name + ", which " + tool.name() + " does not take");
                assertEquals(0, metaSchema.getSchema(property).validate(Json.mapper().valueToTree(value)).size(),
                        older + ": " + name + " = " + value + " fits " + property);
            });
        });
    }
}
