package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
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
                        SchemaText.describe(properties.path(required.asText())) + " (required)", null);
            }
        }
        List<Error> errors = compiled.computeIfAbsent(schema, Registry.INSTANCE::getSchema).validate(arguments);
        if (!errors.isEmpty()) {
            throw toException(errors.get(0), properties, arguments);
        }
        arguments.fields().forEachRemaining(e -> refuseNul(e.getKey(), e.getValue()));
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
            value.fields().forEachRemaining(e -> refuseNul(param + "." + e.getKey(), e.getValue()));
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

    private static ToolException toException(Error error, JsonNode properties, ObjectNode arguments) {
        String location = error.getInstanceLocation().toString();
        String param = SchemaText.parameterName(location);
        String topLevel = param.split("[.\\[]", 2)[0];
        boolean isTopLevel = param.equals(topLevel) && properties.has(topLevel);
        String expected = isTopLevel ? SchemaText.describe(properties.get(topLevel)) : error.getMessage();
        JsonNode given = error.getInstanceNode() != null ? error.getInstanceNode() : arguments.get(topLevel);
        return ToolException.invalidArgument(param.isEmpty() ? "arguments" : param, expected, given);
    }

    private static List<String> propertyNames(JsonNode properties) {
        List<String> names = new ArrayList<>();
        properties.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
