package dev.framescope.server;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolHints;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code outputSchema} of each tool (JSON Schema 2020-12), generated from its output record the way Jackson
 * serialises it with {@link Json}'s mapper: snake_case names, {@code null} fields left out, non-finite doubles
 * written as null. The schema gives the top level only (each property's JSON type; nested objects and lists as
 * {@code object} / {@code array}) with {@code schema_version} required, and stays open to new properties: enough for
 * a client to check the envelope and branch on fields, small enough for {@code tools/list} (the nested detail is in
 * docs/tools.md and the tool descriptions).
 * <ul>
 *   <li>RenderDoc results are built by the Python bridge, not by a Java record: their schema is the common envelope
 *       ({@code schema_version}, {@code summary}), typed but not required. The SDK checks every result against the
 *       declared schema and turns a mismatch into an error result, so nothing is promised that the bridge does not
 *       always send.</li>
 *   <li>Tools that can answer with an image ({@link #IMAGE_TOOLS}) declare none: such a result is sent without
 *       {@code structuredContent} (Claude Code would show it instead of the image), and a declared schema obliges
 *       the server to send it.</li>
 * </ul>
 * {@code OutputSchemaIT} checks every tool's {@code structuredContent} against its schema through the TypeScript
 * SDK client (ajv), and {@code ToolContractTest} that every tool is covered.
 */
final class OutputSchemas {

    /**
     * Tools whose result may carry image content, and so no {@code structuredContent}: every dialog question takes
     * images the person attaches.
     */
    static final Set<String> IMAGE_TOOLS = Set.of("plot_energy", "render_effect_frame",
            "ask_plan", "ask_confirmation", "ask_text", "ask_choice", "ask_screenshot");

    /**
     * Output records of each tool that returns one: several for a tool whose parameter picks which it answers with
     * (the schema is their union); every other tool without an image is a RenderDoc query.
     */
    private static final Map<String, List<String>> RECORDS = Map.ofEntries(
            Map.entry("get_server_diagnostics", List.of("dev.framescope.diagnostics.ServerDiagnostics")),
            Map.entry("list_recordings", List.of("dev.framescope.physics.RecordingQueries$RecordingList")),
            Map.entry("open_recording", List.of("dev.framescope.physics.RecordingQueries$OpenedRecording")),
            Map.entry("check_recording", List.of("dev.framescope.physics.Triage$TriageReport",
                    "dev.framescope.physics.EnergyChecks$EnergyAnomalies",
                    "dev.framescope.physics.ContactChecks$FrictionConeReport",
                    "dev.framescope.physics.ContactChecks$PenetrationReport",
                    "dev.framescope.physics.MotionChecks$RestingReport",
                    "dev.framescope.physics.ImpactChecks$RestitutionReport",
                    "dev.framescope.physics.MomentumChecks$MomentumReport",
                    "dev.framescope.physics.MotionChecks$NonfiniteReport",
                    "dev.framescope.physics.SolverChecks$SolverReport",
                    "dev.framescope.physics.ContactHistory$History",
                    "dev.framescope.physics.MotionChecks$Comparison")),
            Map.entry("get_recording_frame", List.of("dev.framescope.physics.RecordingQueries$FrameData")),
            Map.entry("get_energy_series", List.of("dev.framescope.physics.EnergyChecks$EnergySeriesAnswer")),
            Map.entry("generate_shader_manifest", List.of("dev.framescope.shader.EffectCatalog$ManifestReport")),
            Map.entry("search_effects", List.of("dev.framescope.shader.EffectSearch$SearchReport",
                    "dev.framescope.shader.EffectCatalog$EffectList")),
            Map.entry("analyze_effect", List.of("dev.framescope.shader.EffectAnalysis$AnalysisReport",
                    "dev.framescope.shader.StructureCheck$StructureReport",
                    "dev.framescope.shader.ShaderComparison$ComparisonReport")),
            Map.entry("compile_effect", List.of("dev.framescope.shader.EffectCompiler$CompileReport")),
            Map.entry("test_effect", List.of("dev.framescope.shader.EffectTests$ResponsivenessReport",
                    "dev.framescope.shader.EffectTests$PassthroughReport",
                    "dev.framescope.shader.EffectTests$ParityReport")),
            Map.entry("benchmark_effect_fps", List.of("dev.framescope.shader.EffectBenchmark$BenchmarkReport")),
            Map.entry("start_capture_console", List.of("dev.framescope.console.ConsoleTools$Started")));

    private final Map<String, ObjectNode> cache = new ConcurrentHashMap<>();

    /** The tool's output schema, or null for a tool that may answer with an image; callers must not modify it. */
    ObjectNode schemaOf(ToolDef<?> tool) {
        if (IMAGE_TOOLS.contains(tool.name())) {
            return null;
        }
        return cache.computeIfAbsent(tool.name(), name -> {
            List<String> records = RECORDS.get(name);
            if (records == null) {
                return envelope();
            }
            ObjectNode schema = generate(load(records.get(0)));
            for (String other : records.subList(1, records.size())) {
                schema = union(schema, generate(load(other)));
            }
            return schema;
        });
    }

    /** The output records a tool is declared with here, or null (RenderDoc query, image tool, unknown). */
    static List<String> recordsOf(String tool) {
        return RECORDS.get(tool);
    }

    /**
     * One schema for a tool that answers with one of several records (a parameter picks which): every property of
     * either, a property both have with either's type, and only what both require.
     */
    static ObjectNode union(ObjectNode a, ObjectNode b) {
        ObjectNode properties = (ObjectNode) a.get("properties");
        b.get("properties").fields().forEachRemaining(entry -> {
            JsonNode existing = properties.get(entry.getKey());
            properties.set(entry.getKey(), existing == null ? entry.getValue() : eitherType(existing, entry.getValue()));
        });
        if (!a.path("required").equals(b.path("required"))) {
            a.remove("required"); // records here require only schema_version; anything else would need intersecting
        }
        return a;
    }

    /** A property either of two schemas allows: the types of both, or no constraint where either has none. */
    private static JsonNode eitherType(JsonNode a, JsonNode b) {
        if (a.equals(b)) {
            return a;
        }
        ObjectNode either = JsonNodeFactory.instance.objectNode();
        if (a.has("type") && b.has("type")) {
            Set<String> types = new LinkedHashSet<>();
            for (JsonNode type : List.of(a.get("type"), b.get("type"))) {
                if (type.isArray()) {
                    type.forEach(t -> types.add(t.asText()));
                } else {
                    types.add(type.asText());
                }
            }
            ArrayNode list = either.putArray("type");
            types.forEach(list::add);
        }
        return either;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, OutputSchemas.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("output record " + name + " is gone; update OutputSchemas", e);
        }
    }

    /** The envelope every FrameScope result shares: {@code schema_version} and a one-sentence {@code summary}. */
    private static ObjectNode envelope() {
        ObjectNode schema = JsonNodeFactory.instance.objectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("schema_version").put("type", "integer");
        properties.putObject("summary").put("type", "string");
        return schema; // nothing required: the bridge's answers are checked by the SDK against this on every call

    }

    static ObjectNode generate(Class<?> type) {
        JavaType javaType = Json.mapper().constructType(type);
        BeanDescription bean = Json.mapper().getSerializationConfig().introspect(javaType);
        ObjectNode schema = JsonNodeFactory.instance.objectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = JsonNodeFactory.instance.arrayNode();
        for (BeanPropertyDefinition property : bean.findProperties()) {
            if (!property.couldSerialize()) {
                continue;
            }
            Class<?> raw = property.getRawPrimaryType();
            ObjectNode node = properties.putObject(property.getName());
            typeOf(raw, node);
            if (raw.isPrimitive() && "schema_version".equals(property.getName())) {
                required.add(property.getName());
            }
        }
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        return schema;
    }

    private static void typeOf(Class<?> raw, ObjectNode node) {
        if (raw == int.class || raw == long.class || raw == short.class || raw == byte.class) {
            node.put("type", "integer");
        } else if (raw == Integer.class || raw == Long.class || raw == Short.class
                || raw == BigInteger.class) {
            node.put("type", "integer");
        } else if (raw == double.class || raw == float.class || Number.class.isAssignableFrom(raw)) {
            node.putArray("type").add("number").add("null"); // non-finite values are written as null
        } else if (raw == boolean.class || raw == Boolean.class) {
            node.put("type", "boolean");
        } else if (CharSequence.class.isAssignableFrom(raw) || raw.isEnum() || raw == Path.class
                || raw == Instant.class || raw == Duration.class) {
            node.put("type", "string");
        } else if (raw.isArray() || Collection.class.isAssignableFrom(raw)) {
            node.put("type", "array");
        } else if (raw != Object.class && !JsonNode.class.isAssignableFrom(raw)
                && (raw.isRecord() || Map.class.isAssignableFrom(raw))) {
            node.put("type", "object");
        }
        // anything else (Object, JsonNode, a type with its own serialiser): no constraint
    }
}
