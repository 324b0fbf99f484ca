package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A project's {@code history.json}, as {@code GET /projects/:id/history} answers it.
 *
 * @param version     0 for a new project, +1 on every successful write; a write naming an older version is refused
 * @param submissions JSON array, the design's submissions, kept verbatim
 * @param messages    JSON array, the design's messages, kept verbatim
 */
@JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
public record History(long version, JsonNode submissions, JsonNode messages) {

    private static final String FILE = "history.json";

    /** Version 0, no submissions, no messages; fresh arrays each time (callers may add to them). */
    public static History empty() {
        return new History(0, JsonNodeFactory.instance.arrayNode(), JsonNodeFactory.instance.arrayNode());
    }

    /** history.json as stored: version first, as a person reading the file expects. */
    ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("version", version);
        node.set("submissions", submissions);
        node.set("messages", messages);
        return node;
    }

    /**
     * Reads a history.json, stored or imported. The original design's file has no version: it reads as 0. Missing
     * arrays read as empty; anything else wrong is a 400 naming history.json.
     */
    static History parse(JsonNode node) {
        if (!(node instanceof ObjectNode object)) {
            throw ConsoleException.badRequest(FILE, "history.json must be a JSON object");
        }
        JsonNode version = object.get("version");
        if (version != null && !(version.isIntegralNumber() && version.canConvertToLong() && version.asLong() >= 0)) {
            throw ConsoleException.badRequest(FILE, "history.json's version must be a whole number, 0 or more");
        }
        return new History(version == null ? 0 : version.asLong(), array(object, "submissions"),
                array(object, "messages"));
    }

    private static JsonNode array(ObjectNode history, String field) {
        JsonNode value = history.get(field);
        if (value == null || value.isNull()) {
            return JsonNodeFactory.instance.arrayNode();
        }
        if (!(value instanceof ArrayNode)) {
            throw ConsoleException.badRequest(FILE, "history.json's " + field + " must be a JSON array");
        }
        return value;
    }
}
