package dev.framescope.server;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.AnswerShape;
import dev.framescope.common.DiagnosticsSection;
import dev.framescope.common.Json;
import dev.framescope.common.ToolDef;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
 * What each tool answers with is in its declaration ({@link AnswerShape}):
 * <ul>
 *   <li>{@link AnswerShape.Records}: the record's schema, or for several records the properties they share.</li>
 *   <li>{@link AnswerShape.SchemaFile} (RenderDoc results, built by the Python bridge, not by a Java record): only
 *       the common envelope ({@code schema_version}, {@code summary}), typed but not required, although the tool's
 *       schema file gives the whole nested shape. Two reasons. Size: the files hold about as much JSON as the
 *       whole {@code tools/list} may (50 KB, {@code ToolListSizeTest}), which a client loading every tool pays in
 *       every conversation: three times the RenderDoc group's share of it. The SDK's check: it validates every
 *       result against the listed schema and turns a mismatch into an error result, so a shape listed here must
 *       hold on every driver and capture, and each call would pay for checking the nested shape; the whole shape
 *       is checked by the tests instead, against real answers on the committed captures ({@code AnswerSchemasIT}),
 *       with unknown keys refused.</li>
 *   <li>{@link AnswerShape.Images}, or a schema file whose answer may carry images: none. Such a result is sent
 *       without {@code structuredContent} (Claude Code would
 *       show it instead of the image), and a declared schema obliges the server to send it.</li>
 * </ul>
 * {@code TypeScriptClientIT} (src/test/node/client-e2e.mjs) has the TypeScript SDK client check every tool's
 * {@code structuredContent} against its listed schema (ajv), and {@code OutputSchemasTest} real answers on the
 * fixtures.
 */
final class OutputSchemas {

    private final Map<String, ObjectNode> cache = new ConcurrentHashMap<>();

    /** The tool's output schema, or null for a tool that may answer with an image; callers must not modify it. */
    ObjectNode schemaOf(ToolDef<?> tool) {
        return tool.answer().mayCarryImages() ? null
                : cache.computeIfAbsent(tool.name(), name -> generate(tool.answer()));
    }

    private static ObjectNode generate(AnswerShape answer) {
        if (!(answer instanceof AnswerShape.Records records)) {
            return envelope();
        }
        ObjectNode schema = generate(records.types().get(0));
        for (Class<?> other : records.types().subList(1, records.types().size())) {
            schema = union(schema, generate(other));
        }
        return schema;
    }

    /**
     * One schema for a tool that answers with one of several records (a parameter picks which): the properties both
     * have, each with either's type, and only what both require. A property only one record has is left out, not
     * listed: the schema stays open, so that answer still matches, and listing every variant's fields cost
     * check_recording's twelve checks 4 KB of every conversation's tools/list (docs/tools.md describes each).
     */
    static ObjectNode union(ObjectNode a, ObjectNode b) {
        ObjectNode properties = (ObjectNode) a.get("properties");
        JsonNode others = b.get("properties");
        List<String> shared = new ArrayList<>();
        properties.fieldNames().forEachRemaining(name -> {
            if (others.has(name)) {
                shared.add(name);
            }
        });
        properties.retain(shared);
        properties.properties().forEach(entry -> entry.setValue(eitherType(entry.getValue(),
                others.get(entry.getKey()))));
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
        Set<String> types = new LinkedHashSet<>();
        if (!typesOf(a, types) || !typesOf(b, types)) {
            return JsonNodeFactory.instance.objectNode();
        }
        return oneOfTypes(types.toArray(String[]::new));
    }

    /** Adds the JSON types {@code schema} allows; false when it allows any. */
    private static boolean typesOf(JsonNode schema, Set<String> types) {
        if (schema.path("type").isTextual()) {
            types.add(schema.get("type").asText());
            return true;
        }
        if (!schema.path("anyOf").isArray()) {
            return false;
        }
        schema.get("anyOf").forEach(branch -> types.add(branch.path("type").asText()));
        return true;
    }

    /**
     * {@code {"type": t}} for one type, else {@code {"anyOf": [{"type": t1}, ...]}}: strict clients (Gemini's function
     * declarations among them) refuse or warn about a list as {@code type}, which JSON Schema allows but they do not.
     */
    static ObjectNode oneOfTypes(String... types) {
        ObjectNode schema = JsonNodeFactory.instance.objectNode();
        if (types.length == 1) {
            return schema.put("type", types[0]);
        }
        ArrayNode anyOf = schema.putArray("anyOf");
        for (String type : types) {
            anyOf.addObject().put("type", type);
        }
        return schema;
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
            node.setAll(oneOfTypes("number", "null")); // non-finite values are written as null
        } else if (raw == boolean.class || raw == Boolean.class) {
            node.put("type", "boolean");
        } else if (CharSequence.class.isAssignableFrom(raw) || raw.isEnum() || raw == Path.class
                || raw == Instant.class || raw == Duration.class) {
            node.put("type", "string");
        } else if (raw.isArray() || Collection.class.isAssignableFrom(raw)) {
            node.put("type", "array");
        } else if (raw != Object.class && !JsonNode.class.isAssignableFrom(raw)
                && (raw.isRecord() || Map.class.isAssignableFrom(raw)
                || raw == DiagnosticsSection.Report.class)) { // a group's section: always one of its records
            node.put("type", "object");
        }
        // anything else (Object, JsonNode, a type with its own serialiser): no constraint
    }
}
