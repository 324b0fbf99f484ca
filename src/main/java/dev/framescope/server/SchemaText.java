package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.util.ArrayList;
import java.util.List;

/** Turns a property schema into the short English an error message or a docs table needs. */
final class SchemaText {

    private SchemaText() {
    }

    /** E.g. "integer from 1 to 100", "one of \"json\", \"table\"", "string of at most 200 characters". */
    static String describe(JsonNode schema) {
        if (schema == null || schema.isMissingNode()) {
            return "a value";
        }
        if (schema.has("enum")) {
            List<String> values = new ArrayList<>();
            schema.get("enum").forEach(v -> values.add(v.toString()));
            return "one of " + String.join(", ", values);
        }
        String type = typeName(schema);
        StringBuilder text = new StringBuilder(type);
        boolean hasMin = schema.has("minimum");
        boolean hasMax = schema.has("maximum");
        if (hasMin && hasMax) {
            text.append(" from ").append(schema.get("minimum").asText()).append(" to ")
                    .append(schema.get("maximum").asText());
        } else if (hasMin) {
            text.append(" ≥ ").append(schema.get("minimum").asText());
        } else if (hasMax) {
            text.append(" ≤ ").append(schema.get("maximum").asText());
        }
        if (schema.has("maxLength")) {
            text.append(" of at most ").append(schema.get("maxLength").asInt()).append(" characters");
        }
        if (schema.has("maxItems")) {
            text.append(" of at most ").append(schema.get("maxItems").asInt()).append(" items");
        }
        return text.toString();
    }

    /**
     * What a value must be, for an error message: {@link #describe}, and for an object the properties it may have
     * ("object with the properties label, value, description").
     */
    static String expectation(JsonNode schema) {
        String described = describe(schema);
        JsonNode properties = schema.path("properties");
        if (!"object".equals(schema.path("type").asText()) || properties.isEmpty()) {
            return described;
        }
        List<String> names = new ArrayList<>();
        properties.fieldNames().forEachRemaining(names::add);
        return described + " with the properties " + String.join(", ", names);
    }

    /** Whether {@code value} is of a JSON kind {@code schema} takes (any kind when it names none). */
    static boolean admitsKind(JsonNode schema, JsonNode value) {
        if (schema.path("anyOf").isArray()) {
            for (JsonNode branch : schema.get("anyOf")) {
                if (admitsKind(branch, value)) {
                    return true;
                }
            }
            return false;
        }
        return switch (schema.path("type").asText("")) {
            case "" -> true;
            case "string" -> value.isTextual();
            case "integer" -> value.isIntegralNumber() || value.isNumber() && value.asDouble() % 1 == 0;
            case "number" -> value.isNumber();
            case "boolean" -> value.isBoolean();
            case "array" -> value.isArray();
            case "object" -> value.isObject();
            case "null" -> value.isNull();
            default -> true;
        };
    }

    /** A given value said with its kind, for when the kind is the mistake: "the string \"a\"", "the number 7". */
    static String kindAndValue(JsonNode value) {
        String shown = Json.compact(value, 120);
        if (value.isNull()) {
            return "null";
        }
        String kind = value.isTextual() ? "string" : value.isNumber() ? "number" : value.isBoolean() ? "boolean"
                : value.isArray() ? "array" : "object";
        return "the " + kind + " " + shown;
    }

    static String typeName(JsonNode schema) {
        JsonNode type = schema.path("type");
        if (schema.path("anyOf").isArray()) {
            List<String> types = new ArrayList<>();
            schema.get("anyOf").forEach(branch -> types.add(typeName(branch)));
            return String.join(" or ", types);
        }
        if ("array".equals(type.asText()) && schema.has("items")) {
            return "array of " + typeName(schema.get("items"));
        }
        return type.isMissingNode() ? "value" : type.asText();
    }

    /** "/options/0/label" becomes "options[0].label"; the root becomes "". */
    static String parameterName(String instanceLocation) {
        String path = instanceLocation.startsWith("$") ? instanceLocation.substring(1) : instanceLocation;
        StringBuilder name = new StringBuilder();
        for (String part : path.split("[/.]")) {
            if (part.isEmpty()) {
                continue;
            }
            if (part.matches("\\d+")) {
                name.append('[').append(part).append(']');
            } else if (part.startsWith("[")) {
                name.append(part);
            } else {
                name.append(name.length() == 0 ? "" : ".").append(part);
            }
        }
        return name.toString();
    }
}
