package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.path.NodePath;
import dev.framescope.common.ToolException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks tool arguments against the tool's input schema before any handler runs, and reports the first problem as
 * {@code INVALID_ARGUMENT} naming the parameter, what was expected and what was given. Unknown and missing
 * parameters are checked here directly so their messages can list the valid names; everything else is checked by
 * the JSON Schema validator the MCP SDK already ships (networknt), whose own pass in the SDK is switched off so that
 * two messages never compete.
 */
final class ArgumentValidator {

    private final Map<ObjectNode, Schema> compiled = new ConcurrentHashMap<>();

    void validate(ObjectNode schema, ObjectNode arguments) {
        JsonNode properties = schema.path("properties");
        for (Iterator<String> names = arguments.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!properties.has(name)) {
                throw ToolException.invalidArgument(name,
                        properties.isEmpty() ? "no parameters (this tool takes none)"
                                : "one of the parameters " + String.join(", ", propertyNames(properties)),
                        arguments.get(name));
            }
        }
        for (JsonNode required : schema.path("required")) {
            if (!arguments.has(required.asText())) {
                throw ToolException.invalidArgument(required.asText(),
                        SchemaText.expectation(properties.path(required.asText())) + " (required)", null);
            }
        }
        List<Error> errors = compiled.computeIfAbsent(schema, Registry.INSTANCE::getSchema).validate(arguments);
        if (!errors.isEmpty()) {
            throw toException(errors.get(0), schema);
        }
        arguments.properties().forEach(e -> refuseNul(e.getKey(), e.getValue()));
    }

    /**
     * No text argument may hold a NUL character: no path, selector or name can contain one, and Java's file API
     * would fail on it deep inside a tool instead of here, naming the parameter.
     */
    private static void refuseNul(String param, JsonNode value) {
        if (value.isTextual() && value.asText().indexOf('\0') >= 0) {
            throw ToolException.invalidArgument(param, "text without NUL characters (\\u0000)",
                    value.asText().replace("\0", "\\u0000"));
        }
        if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                refuseNul(param + "[" + i + "]", value.get(i));
            }
        } else if (value.isObject()) {
            value.properties().forEach(e -> refuseNul(param + "." + e.getKey(), e.getValue()));
        }
    }

    /**
     * {@code schema} (an output schema) compiled with the same validator and meta-schema as the arguments, so checking
     * a result costs no second validator's start-up.
     */
    static Schema compile(JsonNode schema) {
        return Registry.INSTANCE.getSchema(schema);
    }

    /** Built on first validation, not at start-up: it costs ~40 ms of cold start that tools/list does not need. */
    private static final class Registry {
        static final SchemaRegistry INSTANCE = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012());
    }

    /**
     * The first problem, said as the checks above say theirs, wherever in the arguments it is: the parameter with its
     * path inside lists and objects, what the schema takes there ({@link SchemaText#expectation}), and what was given,
     * by its kind where the kind is the mistake. The validator's own words ("string found, object expected") only
     * stand in where its location has no schema of ours, which a generated schema does not allow.
     */
    private static ToolException toException(Error error, ObjectNode schema) {
        NodePath location = error.getInstanceLocation();
        JsonNode at = schema;
        for (int i = 0; i < location.getNameCount() && !at.isMissingNode(); i++) {
            at = location.getElement(i) instanceof Integer ? at.path("items")
                    : at.path("properties").path(String.valueOf(location.getElement(i)));
        }
        String param = SchemaText.parameterName(location.toString());
        JsonNode given = error.getInstanceNode();
        String property = error.getProperty();
        if ("additionalProperties".equals(error.getKeyword()) && property != null) {
            String known = String.join(", ", propertyNames(at.path("properties")));
            return ToolException.invalidArgument(inside(param, property), "one of the properties " + known,
                    given == null ? null : given.get(property));
        }
        if ("required".equals(error.getKeyword()) && property != null) {
            return ToolException.invalidArgument(inside(param, property),
                    SchemaText.expectation(at.path("properties").path(property)) + " (required)", null);
        }
        String expected = at.isMissingNode() ? "a value the schema allows (" + error.getMessage() + ")"
                : SchemaText.expectation(at);
        String name = param.isEmpty() ? "arguments" : param;
        return given != null && !SchemaText.admitsKind(at, given)
                ? ToolException.invalidArgument(name, expected, given, SchemaText.kindAndValue(given))
                : ToolException.invalidArgument(name, expected, given);
    }

    private static String inside(String param, String property) {
        return param.isEmpty() ? property : param + "." + property;
    }

    private static List<String> propertyNames(JsonNode properties) {
        List<String> names = new ArrayList<>();
        properties.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
