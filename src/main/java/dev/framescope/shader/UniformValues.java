package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ToolException;
import dev.framescope.shader.formats.Effect;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Checks the uniform values a caller passes before anything renders. A name no selected effect has, or a value
 * that does not fit its global's type, would otherwise render a frame with the default (or a zero) and report it
 * "ok", and every measurement built on it would be wrong.
 */
final class UniformValues {

    private UniformValues() {
    }

    /**
     * Each name must be a global (or its uniform) of at least one selected effect, and each value must fit that
     * global's type: a number for float, an integer for int, a boolean for boolean, N numbers for vecN and color,
     * N integers for ivecN, N booleans for bvecN.
     */
    static void check(List<Effect> effects, Map<String, Object> values) {
        if (values == null || values.isEmpty()) {
            return;
        }
        for (Map.Entry<String, Object> entry : values.entrySet()) {
            String name = entry.getKey();
            boolean known = false;
            for (Effect effect : effects) {
                JsonNode global = global(effect, name);
                if (global != null) {
                    known = true;
                    String type = global.path("type").asText("float");
                    if (!fits(type, entry.getValue())) {
                        throw ToolException.invalidArgument("uniforms." + name, expected(type) + " (the " + type
                                + " global '" + name + "' of " + effect.id() + ")", entry.getValue());
                    }
                }
            }
            if (!known) {
                throw ToolException.invalidArgument("uniforms." + name, "a global of the selected effect(s): "
                        + names(effects), name);
            }
        }
    }

    private static JsonNode global(Effect effect, String name) {
        JsonNode globals = effect.definition().path("globals");
        if (globals.has(name)) {
            return globals.get(name);
        }
        for (JsonNode global : globals) {
            if (name.equals(global.path("uniform").asText(null))) {
                return global;
            }
        }
        return null;
    }

    private static boolean fits(String type, Object value) {
        return switch (type) {
            case "int" -> value instanceof Integer || value instanceof Long
                    || value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue());
            case "boolean", "bool" -> value instanceof Boolean;
            case "vec2", "vec3", "vec4", "color" -> value instanceof List<?> list
                    && list.size() == components(type) && list.stream().allMatch(v -> v instanceof Number);
            case "ivec2", "ivec3", "ivec4" -> value instanceof List<?> list && list.size() == components(type)
                    && list.stream().allMatch(v -> fits("int", v));
            case "bvec2", "bvec3", "bvec4" -> value instanceof List<?> list && list.size() == components(type)
                    && list.stream().allMatch(v -> v instanceof Boolean);
            default -> value instanceof Number;
        };
    }

    private static int components(String type) {
        return type.equals("color") ? 4 : type.charAt(type.length() - 1) - '0';
    }

    private static String expected(String type) {
        return switch (type) {
            case "int" -> "an integer";
            case "boolean", "bool" -> "true or false";
            case "vec2", "vec3", "vec4", "color" -> "an array of " + components(type) + " numbers";
            case "ivec2", "ivec3", "ivec4" -> "an array of " + components(type) + " integers";
            case "bvec2", "bvec3", "bvec4" -> "an array of " + components(type) + " booleans";
            default -> "a number";
        };
    }

    private static String names(List<Effect> effects) {
        TreeSet<String> names = new TreeSet<>();
        effects.forEach(e -> e.definition().path("globals").fieldNames().forEachRemaining(names::add));
        return names.isEmpty() ? "none (they take no uniforms)" : String.join(", ", names);
    }
}
