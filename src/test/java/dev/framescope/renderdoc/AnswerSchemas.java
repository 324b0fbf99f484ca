package dev.framescope.renderdoc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import dev.framescope.common.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The RenderDoc answers' schema files as the tests read them: loaded from the class path, closed (every object that
 * lists its properties refuses any other, at every level, so a key the bridge adds without a schema change fails),
 * and reduced to a shape hash (what a version bump is about: wording left out).
 */
final class AnswerSchemas {

    /** Shared parts, referenced as {@code shared.schema.json#/$defs/<name>}. */
    static final String SHARED = "shared";
    private static final Pattern SHARED_REF = Pattern.compile("^" + SHARED + "\\.schema\\.json#/\\$defs/(\\w+)$");
    /** Keywords whose value is a map of names to schemas, and those whose value is a schema or a list of them. */
    private static final Set<String> SCHEMA_MAPS = Set.of("properties", "$defs", "patternProperties",
            "dependentSchemas");
    private static final Set<String> SCHEMAS = Set.of("items", "not", "additionalProperties",
            "unevaluatedProperties", "unevaluatedItems", "contains", "if", "then", "else", "propertyNames", "anyOf",
            "oneOf", "allOf", "prefixItems");
    private static final Set<String> WORDING = Set.of("description", "title", "$comment", "examples");
    private static final String CLOSED_BASE = "https://closed.framescope.invalid/renderdoc/answers/";

    private AnswerSchemas() {
    }

    /** The class-path resource of a schema file: a tool's answer, or {@link #SHARED}. */
    static String resource(String name) {
        return RenderDocTools.answerSchema(name);
    }

    static ObjectNode load(String name) {
        try (InputStream in = AnswerSchemas.class.getClassLoader().getResourceAsStream(resource(name))) {
            if (in == null) {
                throw new IllegalStateException("no schema file " + resource(name));
            }
            return (ObjectNode) Json.mapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(resource(name) + " does not parse: " + e.getMessage(), e);
        }
    }

    /**
     * The tools' schemas, closed, compiled with the shared file closed too. They are given to the registry under a
     * base that resolves nowhere else (.invalid), so the relative {@code $ref}s reach the closed texts, never the
     * open files on the class path.
     */
    static Map<String, Schema> closed(Set<String> tools) {
        Map<String, String> texts = new LinkedHashMap<>();
        for (String name : union(tools, SHARED)) {
            texts.put(CLOSED_BASE + name + ".schema.json", Json.write(close(load(name))));
        }
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012(),
                builder -> builder.schemas(texts));
        Map<String, Schema> out = new TreeMap<>();
        tools.forEach(tool -> out.put(tool, registry.getSchema(SchemaLocation.of(CLOSED_BASE + tool
                + ".schema.json"))));
        return out;
    }

    private static Set<String> union(Set<String> tools, String name) {
        Set<String> all = new TreeSet<>(tools);
        all.add(name);
        return all;
    }

    /**
     * Adds {@code unevaluatedProperties: false} to every object schema that lists properties and says nothing of
     * others. Branches of a oneOf and the parts that extend a shared definition declare no {@code type}, so they
     * stay open and the object they belong to, closed, counts what they evaluated.
     */
    static JsonNode close(JsonNode schema) {
        forEachSchema(schema, s -> {
            JsonNode type = s.path("type");
            boolean object = type.asText().equals("object")
                    || type.isArray() && type.toString().contains("\"object\"");
            if (object && s.has("properties") && !s.has("additionalProperties")
                    && !s.has("unevaluatedProperties")) {
                s.put("unevaluatedProperties", false);
            }
        });
        return schema;
    }

    /**
     * The shape of a tool's answer as a SHA-256: its schema and the shared definitions it uses (transitively), with
     * descriptions and titles left out and keys sorted, so rewording or reformatting is no change of shape.
     */
    static String shapeHash(String tool) {
        ObjectNode shared = load(SHARED);
        ObjectNode bundle = Json.mapper().createObjectNode();
        JsonNode answer = withoutWording(load(tool));
        bundle.set("answer", answer);
        ObjectNode defs = bundle.putObject("shared");
        Set<String> pending = new TreeSet<>(sharedRefs(answer));
        while (!pending.isEmpty()) {
            String name = pending.iterator().next();
            pending.remove(name);
            if (!defs.has(name)) {
                JsonNode def = withoutWording(shared.path("$defs").path(name).deepCopy());
                defs.set(name, def);
                pending.addAll(sharedRefs(def));
                pending.addAll(localRefs(def));
            }
        }
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest(canonical(bundle).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Names of the shared definitions a schema refers to. */
    static Set<String> sharedRefs(JsonNode schema) {
        Set<String> names = new TreeSet<>();
        forEachRef(schema, ref -> {
            Matcher m = SHARED_REF.matcher(ref);
            if (m.matches()) {
                names.add(m.group(1));
            }
        });
        return names;
    }

    /** Names of the definitions a schema refers to in its own file ({@code #/$defs/<name>}). */
    static Set<String> localRefs(JsonNode schema) {
        Set<String> names = new TreeSet<>();
        forEachRef(schema, ref -> {
            if (ref.startsWith("#/$defs/")) {
                names.add(ref.substring("#/$defs/".length()));
            }
        });
        return names;
    }

    static void forEachRef(JsonNode schema, Consumer<String> action) {
        forEachSchema(schema, s -> {
            if (s.path("$ref").isTextual()) {
                action.accept(s.get("$ref").asText());
            }
        });
    }

    /** Calls {@code action} on {@code schema} and on every schema inside it (not on enums, consts or examples). */
    static void forEachSchema(JsonNode schema, Consumer<ObjectNode> action) {
        if (!(schema instanceof ObjectNode object)) {
            return;
        }
        action.accept(object);
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (SCHEMA_MAPS.contains(e.getKey())) {
                e.getValue().forEach(child -> forEachSchema(child, action));
            } else if (SCHEMAS.contains(e.getKey())) {
                if (e.getValue().isArray()) {
                    e.getValue().forEach(child -> forEachSchema(child, action));
                } else {
                    forEachSchema(e.getValue(), action);
                }
            }
        }
    }

    static JsonNode withoutWording(JsonNode schema) {
        JsonNode copy = schema.deepCopy();
        forEachSchema(copy, s -> s.remove(WORDING));
        return copy;
    }

    /** JSON with every object's keys sorted and no spaces. */
    static String canonical(JsonNode node) {
        if (node.isObject()) {
            Map<String, JsonNode> sorted = new TreeMap<>();
            node.fields().forEachRemaining(e -> sorted.put(e.getKey(), e.getValue()));
            StringBuilder out = new StringBuilder("{");
            sorted.forEach((k, v) -> out.append(out.length() > 1 ? "," : "").append(Json.write(k)).append(':')
                    .append(canonical(v)));
            return out.append('}').toString();
        }
        if (node instanceof ArrayNode array) {
            StringBuilder out = new StringBuilder("[");
            array.forEach(v -> out.append(out.length() > 1 ? "," : "").append(canonical(v)));
            return out.append(']').toString();
        }
        return Json.write(node);
    }
}
