package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import dev.framescope.common.AnswerShape;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every tool declares an output schema (or may answer with an image), and real results on the fixtures match it. */
class OutputSchemasTest {

    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012());
    private static final String RECORDINGS = Path.of("demo/recordings").toAbsolutePath().toString();
    private static final ObjectNode ENVELOPE = (ObjectNode) Json.tree(Map.of("type", "object", "properties",
            Map.of("schema_version", Map.of("type", "integer"), "summary", Map.of("type", "string"))));

    @TempDir
    Path stateDir;

    @Test
    void everyToolHasAnOutputSchemaUnlessItMayAnswerWithAnImage() {
        ToolRegistry registry = ToolGroups.create(Config.defaults(stateDir)).registry();
        for (ToolDef<?> tool : registry.tools()) {
            ObjectNode schema = registry.outputSchema(tool);
            if (tool.answer().mayCarryImages()) {
                assertNull(schema, tool.name());
            } else if (tool.answer() instanceof AnswerShape.Records) {
                assertEquals("schema_version", schema.at("/required/0").asText(), tool.name());
            } else {
                // only RenderDoc's bridge results are built outside Java
                assertTrue(registry.groups().stream().filter(g -> g.name().equals("renderdoc")).findFirst()
                        .orElseThrow().tools().stream().anyMatch(t -> t.name().equals(tool.name())),
                        tool.name() + " answers a Java record: declare it with ToolDef.returns");
                assertEquals(ENVELOPE, schema, tool.name() + ": tools/list keeps the envelope only");
            }
            if (schema != null) {
                assertEquals("integer", schema.at("/properties/schema_version/type").asText(), tool.name());
            }
        }
    }

    record CountAnswer(int schemaVersion, String summary, int count, String detail) {
    }

    record SeriesAnswer(int schemaVersion, String summary, double count, List<Double> series) {
    }

    /**
     * A tool answering one of several records lists only what they share, each property with either's type (a
     * double may also be null: non-finite); the schema stays open, so both answers, with their own fields, still
     * match it.
     */
    @Test
    void severalRecordsListWhatTheyShareAndBothAnswersStillMatch() {
        ObjectNode schema = OutputSchemas.union(OutputSchemas.generate(CountAnswer.class),
                OutputSchemas.generate(SeriesAnswer.class));
        List<String> listed = new ArrayList<>();
        schema.get("properties").fieldNames().forEachRemaining(listed::add);
        assertEquals(List.of("schema_version", "summary", "count"), listed);
        assertEquals(Json.tree(Map.of("anyOf", List.of(Map.of("type", "integer"), Map.of("type", "number"),
                Map.of("type", "null")))),
                schema.at("/properties/count"));
        var validator = SCHEMAS.getSchema(schema);
        assertTrue(validator.validate(Json.tree(new CountAnswer(1, "s", 3, "d"))).isEmpty());
        assertTrue(validator.validate(Json.tree(new SeriesAnswer(1, "s", 2.5, List.of(1.0)))).isEmpty());
        assertFalse(validator.validate(Json.tree(Map.of("schema_version", 1, "summary", "s", "count", "x")))
                .isEmpty(), "a shared property keeps its type");
    }

    /** A schema file a tool names exists, parses, and is a JSON Schema 2020-12 whose version is a const. */
    @Test
    void everyAnswerSchemaFileExistsAndIsAValidSchema() throws Exception {
        var metaSchema = SCHEMAS.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        int files = 0;
        for (ToolDef<?> tool : ToolGroups.create(Config.defaults(stateDir)).registry().tools()) {
            if (!(tool.answer() instanceof AnswerShape.SchemaFile file)) {
                continue;
            }
            JsonNode schema;
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(file.resource())) {
                assertNotNull(in, tool.name() + ": no " + file.resource() + " on the class path");
                schema = Json.mapper().readTree(in);
            }
            assertEquals(List.of(), metaSchema.validate(schema), tool.name() + ": " + file.resource());
            assertTrue(schema.at("/properties/schema_version/const").isInt(), tool.name() + " has a version");
            files++;
        }
        assertTrue(files > 0, "RenderDoc's answers are declared by schema files");
    }

    @Test
    void aToolThatDoesNotSayWhatItReturnsIsRefused() {
        ToolDef<?> silent = ToolDef.of("silent", "Silent", "Says nothing of its answer.", NoArgs.class,
                ToolHints.READS_ONLY, (a, c) -> ToolOutput.of(Map.of())).build();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new ToolRegistry(List.of(new OneTool(silent))));
        assertTrue(e.getMessage().contains("silent"), e.getMessage());
    }

    record NoArgs() {
    }

    private record OneTool(ToolDef<?> tool) implements ToolGroup {
        @Override
        public String name() {
            return "one";
        }

        @Override
        public String guide() {
            return "One tool.";
        }

        @Override
        public List<ToolDef<?>> tools() {
            return List.of(tool);
        }
    }

    @Test
    void resultsOnTheFixturesMatchTheirOutputSchemas() {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.fromEnvironment(Map.of(
                "FRAMESCOPE_STATE_DIR", stateDir.toString(), "FRAMESCOPE_RECORDING_DIRS", RECORDINGS)));
        ToolCaller caller = new RegistryCaller(toolkit);
        String penetration = RECORDINGS + "/penetration.db";
        String twoBalls = RECORDINGS + "/two_ball_collision.db";
        List<Object[]> calls = List.of(
                new Object[] {"get_server_diagnostics", Map.of()},
                new Object[] {"get_bridge_diagnostics", Map.of()},
                new Object[] {"list_recordings", Map.of("directory", RECORDINGS)},
                new Object[] {"load_recording", Map.of("path", penetration)},
                new Object[] {"get_recording_metadata", Map.of()},
                new Object[] {"get_recording_frame", Map.of("frame_id", 10)},
                new Object[] {"get_recording_frame", Map.of("frame_id", 10, "body_id", 2)},
                new Object[] {"get_energy_series", Map.of()},
                new Object[] {"get_energy_series", Map.of("body_id", 2)},
                new Object[] {"find_energy_anomalies", Map.of()},
                new Object[] {"get_solver_diagnostics", Map.of()},
                new Object[] {"check_friction_cone", Map.of("frame_id", 150)},
                new Object[] {"get_recording_frame", Map.of("frame_id", 150, "body_id", 1L << 31 | 1)},
                new Object[] {"compare_body_across_frames", Map.of("body_id", 2, "frame_a", 1, "frame_b", 100)},
                new Object[] {"check_resting_contact", Map.of("frame_id", 150)},
                new Object[] {"check_penetration", Map.of("frame_id", 152)},
                new Object[] {"find_nonfinite_state", Map.of()},
                new Object[] {"triage_recording", Map.of()},
                new Object[] {"check_restitution", Map.of("recording", twoBalls)},
                new Object[] {"check_momentum", Map.of("recording", twoBalls)},
                new Object[] {"get_contact_history", Map.of("recording", twoBalls, "body_a_id", 2, "body_b_id", 3)},
                new Object[] {"search_effects", Map.of()},
                new Object[] {"search_effects", Map.of("query", "uv")},
                new Object[] {"analyze_effect", Map.of("effect", "*")},
                new Object[] {"analyze_effect", Map.of("effect", "*", "analysis", "glsl_wgsl")},
                new Object[] {"analyze_effect", Map.of("effect", "*", "analysis", "structure")},
                new Object[] {"generate_shader_manifest", Map.of("dry_run", true)});
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Object[] call : calls) {
            String name = (String) call[0];
            @SuppressWarnings("unchecked")
            ToolCaller.Answer answer = caller.call(name, (Map<String, Object>) call[1], ToolContext.SILENT);
            if (answer.error()) {
                problems.add(name + " failed: " + answer.body());
                continue;
            }
            ObjectNode schema = toolkit.registry().outputSchema(toolkit.registry().find(name).orElseThrow());
            var errors = SCHEMAS.getSchema(schema).validate(answer.body());
            if (!errors.isEmpty()) {
                problems.add(name + ": " + errors);
            }
            checked++;
        }
        assertEquals(List.of(), problems);
        assertFalse(checked < calls.size());
    }
}
