package dev.framescope.console;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * A {@code PUT /settings} body. Each field is optional: absent (null here) leaves the setting as it is; an empty
 * string, or JSON null, puts it back to the environment's value or the default (for {@code apiKey}: forgets the
 * stored key). Meaning (URL shape, model names, planner ids) is checked by {@link ConsoleSettings#update}.
 */
public record SettingsUpdate(String apiKey, String baseUrl, String plannerModel, String actionModel,
                             String defaultPlanner) {

    private static final Set<String> FIELDS = Set.of("apiKey", "baseUrl", "plannerModel", "actionModel",
            "defaultPlanner");

    /** Reads a request body; an unknown field or a value that is not a string is refused, naming the field. */
    public static SettingsUpdate from(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ConsoleException.badRequest("body", "PUT /settings takes a JSON object with any of " + FIELDS);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = body.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!FIELDS.contains(field.getKey())) {
                throw ConsoleException.badRequest(field.getKey(), "unknown setting " + field.getKey()
                        + "; the settings are " + FIELDS);
            }
            if (!field.getValue().isTextual() && !field.getValue().isNull()) {
                // never echo the value: it may be a key pasted into the wrong shape
                throw ConsoleException.badRequest(field.getKey(), field.getKey() + " must be a string (or null to"
                        + " reset it), not " + field.getValue().getNodeType().toString().toLowerCase());
            }
        }
        return new SettingsUpdate(text(body, "apiKey"), text(body, "baseUrl"), text(body, "plannerModel"),
                text(body, "actionModel"), text(body, "defaultPlanner"));
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        return value == null ? null : value.isNull() ? "" : value.asText().trim();
    }

    @Override
    public String toString() {
        return "SettingsUpdate[apiKey=" + (apiKey == null ? "unchanged" : apiKey.isEmpty() ? "cleared" : "[set]")
                + ", baseUrl=" + baseUrl + ", plannerModel=" + plannerModel + ", actionModel=" + actionModel
                + ", defaultPlanner=" + defaultPlanner + "]";
    }
}
