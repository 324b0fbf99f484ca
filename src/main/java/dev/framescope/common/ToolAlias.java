package dev.framescope.common;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An older name {@code tools/call} still accepts for a tool. A tool folded into a broader one keeps working through
 * its presets: the arguments that select what the older tool did (e.g. {@code check: "passthrough"}). They replace
 * whatever the caller sent for those parameters, because calling the older name means asking for that behaviour.
 * Where the broader tool names a parameter differently (two tools' {@code threshold}s in other units), the older
 * name's parameter is renamed to the broader tool's, so its prompts keep working unchanged.
 *
 * @param name    the older name
 * @param presets arguments the older name stands for; empty for a plain rename
 * @param renames older parameter name → the tool's name for it
 */
public record ToolAlias(String name, Map<String, Object> presets, Map<String, String> renames) {

    public ToolAlias {
        if (!name.matches("[A-Za-z0-9_.-]{1,128}")) {
            throw new IllegalArgumentException("alias not allowed by MCP: " + name);
        }
        presets = Map.copyOf(presets);
        renames = Map.copyOf(renames);
    }

    public ToolAlias(String name, Map<String, Object> presets) {
        this(name, presets, Map.of());
    }

    /** The caller's arguments as the tool takes them: older parameter names renamed, then the presets set. */
    public ObjectNode apply(ObjectNode arguments) {
        ObjectNode applied = arguments == null ? Json.mapper().createObjectNode() : arguments.deepCopy();
        renames.forEach((older, current) -> {
            JsonNode value = applied.remove(older);
            if (value != null && !applied.has(current)) {
                applied.set(current, value);
            }
        });
        presets.forEach((key, value) -> applied.set(key, Json.mapper().valueToTree(value)));
        return applied;
    }

    /** The same for arguments given as a map (the CLI's and the console's calls). */
    public Map<String, Object> apply(Map<String, Object> arguments) {
        if (presets.isEmpty() && renames.isEmpty()) {
            return arguments;
        }
        ObjectNode given = arguments == null ? null : Json.mapper().valueToTree(arguments);
        return Json.mapper().convertValue(apply(given),
                new TypeReference<LinkedHashMap<String, Object>>() { });
    }
}
