package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import dev.framescope.common.AnswerShape;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolDef;
import dev.framescope.server.ToolGroups;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schema files of the RenderDoc answers, without RenderDoc: one per tool and no other, every reference resolves,
 * every object says which keys it has, and a shape changes only together with its {@code schema_version}: the shape
 * hash of each version is kept in src/test/resources/golden/renderdoc/answer-schemas.json. A new version's hash is
 * added by running with -Dgolden.update=true; a recorded one is never rewritten. Real answers are checked against
 * the files by {@code AnswerSchemasIT}.
 */
class AnswerSchemasTest {

    private static final Path FOLDER = Path.of("src/main/resources/dev/framescope/renderdoc/answers");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/renderdoc/answer-schemas.json");

    @TempDir
    Path state;

    /** Each RenderDoc tool with the schema file its declaration names. */
    private Map<String, String> declared() {
        Map<String, String> out = new TreeMap<>();
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.defaults(state));
        toolkit.registry().groups().stream().filter(g -> g.name().equals("renderdoc"))
                .flatMap(g -> g.tools().stream()).forEach(tool -> out.put(tool.name(), resourceOf(tool)));
        return out;
    }

    private static String resourceOf(ToolDef<?> tool) {
        assertTrue(tool.answer() instanceof AnswerShape.SchemaFile, tool.name() + " declares its schema file");
        return ((AnswerShape.SchemaFile) tool.answer()).resource();
    }

    @Test
    void everyToolNamesItsOwnSchemaFileAndEveryFileBelongsToATool() throws IOException {
        Map<String, String> declared = declared();
        declared.forEach((tool, resource) -> assertEquals(AnswerSchemas.resource(tool), resource, tool));
        Set<String> files = new TreeSet<>();
        try (Stream<Path> list = Files.list(FOLDER)) {
            list.map(f -> f.getFileName().toString()).forEach(files::add);
        }
        Set<String> expected = new TreeSet<>();
        declared.keySet().forEach(tool -> expected.add(tool + ".schema.json"));
        expected.add(AnswerSchemas.SHARED + ".schema.json");
        assertEquals(expected, files);
    }

    @Test
    void everySchemaDeclaresItsVersionAndSummaryAndEveryReferenceResolves() {
        ObjectNode shared = AnswerSchemas.load(AnswerSchemas.SHARED);
        List<String> problems = new ArrayList<>();
        for (String tool : declared().keySet()) {
            ObjectNode schema = AnswerSchemas.load(tool);
            if (!schema.at("/properties/schema_version/const").isInt()) {
                problems.add(tool + ": no schema_version const");
            }
            if (!schema.path("required").toString().contains("\"summary\"")) {
                problems.add(tool + ": summary not required");
            }
            AnswerSchemas.sharedRefs(schema).stream().filter(name -> !shared.at("/$defs").has(name))
                    .forEach(name -> problems.add(tool + " refers to a shared " + name + " that does not exist"));
            AnswerSchemas.localRefs(schema).stream().filter(name -> !schema.at("/$defs").has(name))
                    .forEach(name -> problems.add(tool + " refers to its own " + name + ", which it lacks"));
        }
        AnswerSchemas.localRefs(shared).stream().filter(name -> !shared.at("/$defs").has(name))
                .forEach(name -> problems.add("shared refers to " + name + ", which it lacks"));
        assertEquals(List.of(), problems);
        AnswerSchemas.closed(declared().keySet()); // compiles against the 2020-12 meta-schema's dialect
    }

    /** An object without properties or additionalProperties would accept anything: say what is in it. */
    @Test
    void everyObjectSaysWhichKeysItHas() {
        List<String> open = new ArrayList<>();
        for (String name : schemaNames()) {
            AnswerSchemas.forEachSchema(AnswerSchemas.load(name), s -> {
                if (s.path("type").toString().contains("object") && !s.has("properties")
                        && !s.has("additionalProperties")) {
                    open.add(name + ": " + s);
                }
            });
        }
        assertEquals(List.of(), open);
    }

    @Test
    void aShapeChangesOnlyWithItsSchemaVersion() throws IOException {
        ObjectNode golden = Files.exists(GOLDEN) ? (ObjectNode) Json.mapper().readTree(GOLDEN.toFile())
                : Json.mapper().createObjectNode();
        List<String> problems = new ArrayList<>();
        boolean update = Boolean.getBoolean("golden.update");
        boolean added = false;
        for (String tool : declared().keySet()) {
            String version = AnswerSchemas.load(tool).at("/properties/schema_version/const").asText();
            String hash = AnswerSchemas.shapeHash(tool);
            JsonNode recorded = golden.path(tool).get(version);
            if (recorded == null && update) {
                ((ObjectNode) golden.withObject("/" + tool)).put(version, hash);
                added = true;
            } else if (recorded == null) {
                problems.add(tool + ": schema_version " + version + " has no recorded shape; run with "
                        + "-Dgolden.update=true to record it");
            } else if (!recorded.asText().equals(hash)) {
                problems.add(tool + ": the shape changed but schema_version is still " + version + "; bump it (in "
                        + "the schema file and in the bridge's answer), then run with -Dgolden.update=true");
            }
        }
        if (added) {
            Files.createDirectories(GOLDEN.getParent());
            Files.writeString(GOLDEN, Json.pretty(golden) + "\n");
        }
        assertEquals(List.of(), problems);
    }

    /** The closing the golden IT relies on: an undeclared key fails at the top, in a shared part and deep inside. */
    @Test
    void aClosedSchemaRefusesAnUndeclaredKeyAtAnyDepth() throws IOException {
        Schema digest = AnswerSchemas.closed(Set.of("get_frame_digest")).get("get_frame_digest");
        String answer = """
                {"schema_version": 3, "summary": "0 anomalies", "capture": "/c.rdc", "api": "OpenGL",
                 "statistics": {"actions": 1, "draw_calls": 1, "dispatches": 0, "clears": 0, "copies": 0,
                                "marker_groups": 0},
                 "markers": {"count": 0, "preview": [], "truncated": false},
                 "anomalies": {"count": 0, "preview": [], "truncated": false},
                 "recommended_next_calls": [{"tool": "get_counters", "arguments": {"capture": "/c.rdc", "top_n": 20},
                                             "why": "the costliest draws"}]}""";
        assertEquals(List.of(), digest.validate(Json.mapper().readTree(answer)));
        for (String pointer : List.of("", "/statistics", "/markers", "/recommended_next_calls/0/arguments")) {
            ObjectNode grown = (ObjectNode) Json.mapper().readTree(answer);
            ((ObjectNode) grown.at(pointer)).put("new_key", 1);
            assertEquals(1, digest.validate(grown).size(), pointer + " refuses new_key");
            assertTrue(digest.validate(grown).get(0).toString().contains("new_key"), pointer);
        }
    }

    @Test
    void theShapeHashIgnoresWordingAndLayoutButNotShape() {
        JsonNode schema = AnswerSchemas.load("copy_capture");
        String shape = AnswerSchemas.canonical(AnswerSchemas.withoutWording(schema));
        ObjectNode reworded = schema.deepCopy();
        reworded.put("description", "other words");
        ((ObjectNode) reworded.at("/properties/bytes")).put("description", "other words");
        assertEquals(shape, AnswerSchemas.canonical(AnswerSchemas.withoutWording(reworded)));
        ObjectNode retyped = schema.deepCopy();
        ((ObjectNode) retyped.at("/properties/bytes")).put("type", "number");
        assertNotEquals(shape, AnswerSchemas.canonical(AnswerSchemas.withoutWording(retyped)));
        // a property named like a wording keyword is shape, not wording
        ObjectNode named = schema.deepCopy();
        ((ObjectNode) named.at("/properties")).putObject("description").put("type", "string");
        assertNotEquals(shape, AnswerSchemas.canonical(AnswerSchemas.withoutWording(named)));
        assertFalse(AnswerSchemas.shapeHash("copy_capture").equals(AnswerSchemas.shapeHash("save_texture")));
    }

    private List<String> schemaNames() {
        List<String> names = new ArrayList<>(declared().keySet());
        names.add(AnswerSchemas.SHARED);
        return names;
    }
}
