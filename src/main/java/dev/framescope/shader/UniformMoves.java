package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.shader.formats.Effect;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Where test_effect moves an effect's numeric, ranged globals off their values (the parity test's "moved" setting,
 * the passthrough test's non-default uniforms), and which of the caller's starting values an effect has. Stateless.
 */
final class UniformMoves {

    private UniformMoves() {
    }

    /** The defaults with every numeric, ranged global moved by {@code move}. */
    static Map<String, Object> moved(Effect effect, Function<JsonNode, Object> move) {
        return moved(effect, Map.of(), move);
    }

    /** The defaults with {@code pinned} over them, and every other numeric, ranged global moved by {@code move}. */
    static Map<String, Object> moved(Effect effect, Map<String, Object> pinned, Function<JsonNode, Object> move) {
        Map<String, Object> moved = new LinkedHashMap<>(effect.uniforms(pinned));
        effect.definition().path("globals").properties().forEach(g -> {
            if (pinned.containsKey(g.getKey()) || pinned.containsKey(g.getValue().path("uniform").asText(""))) {
                return;
            }
            Object value = move.apply(g.getValue());
            if (value != null) {
                moved.put(g.getValue().path("uniform").asText(g.getKey()), value);
            }
        });
        return moved;
    }

    /** The caller's starting values that this effect has (a list may name globals of other selected effects). */
    static Map<String, Object> known(Effect effect, Map<String, Object> values) {
        Map<String, Object> known = new LinkedHashMap<>();
        JsonNode globals = effect.definition().path("globals");
        values.forEach((name, value) -> {
            boolean has = globals.has(name);
            for (JsonNode g : globals) {
                has |= name.equals(g.path("uniform").asText(null));
            }
            if (has) {
                known.put(name, value);
            }
        });
        return known;
    }

    /**
     * A value that differs from the default for every kind of global: a numeric range as {@link #offRange}; an
     * enumerated int (ISF {@code long}: {@code values}) the next value of the list; a boolean flipped; a number without
     * a range its default + 1 (int) or × 1.5 (0 → 0.5); a vector or colour moved per component the same way (a
     * colour component by half its 0..1 range). Null for a global with nothing else to take (one value, no default).
     */
    static Object offDefault(JsonNode global) {
        Object ranged = offRange(global);
        if (ranged != null) {
            return ranged;
        }
        String type = global.path("type").asText("float");
        JsonNode value = global.path("default");
        JsonNode values = global.path("values");
        if (values.size() == 1) {
            return values.get(0).asDouble() == value.asDouble() ? null : asType(global, values.get(0).asDouble());
        }
        if (values.size() > 1) {
            int at = 0;
            while (at < values.size() && values.get(at).asDouble() != value.asDouble()) {
                at++;
            }
            return asType(global, values.get(at >= values.size() ? 0 : (at + 1) % values.size()).asDouble());
        }
        if (type.equals("boolean") || type.equals("bool")) {
            return !value.asBoolean(false);
        }
        if (value.isArray()) {
            boolean colour = type.equals("color") || global.path("isfType").asText().equals("color");
            List<Object> moved = new ArrayList<>();
            value.forEach(c -> moved.add(type.startsWith("i") ? (Object) (c.asInt() + 1) : (Object) (colour
                    ? (c.asDouble() + 0.5) % 1.0 : unranged(c.asDouble()))));
            return moved;
        }
        if (type.equals("int") && value.isNumber()) {
            return value.asInt() + 1;
        }
        return value.isNumber() ? (Object) unranged(value.asDouble()) : null;
    }

    /** A number without a range: × 1.5, or 0.5 from 0 (a factor, a gain or an offset all change). */
    private static double unranged(double value) {
        return value == 0 ? 0.5 : value * 1.5;
    }

    /** Default = min or max → mid-range; otherwise max − 0.1·range; null for globals without a numeric range. */
    private static Object offRange(JsonNode global) {
        double[] r = numericRange(global);
        if (r == null) {
            return null;
        }
        double min = r[0];
        double max = r[1];
        double moved = r[2] == min || r[2] == max ? (min + max) / 2 : max - 0.1 * (max - min);
        // A default at 0.9 of its range (or rounded there) would be "moved" to itself: mid-range instead.
        return asType(global, moved).equals(asType(global, r[2])) ? asType(global, (min + max) / 2)
                : asType(global, moved);
    }

    /** The value a numeric, ranged global is moved to; null for globals that cannot be tested this way. */
    static Object testValue(JsonNode global) {
        double[] r = numericRange(global);
        if (r == null) {
            return null;
        }
        double min = r[0];
        double max = r[1];
        double value = r[2];
        double range = max - min;
        double moved = value == min ? min + 0.75 * range : value == max ? min + 0.25 * range
                : max - value > value - min ? (value + max) / 2 : (value + min) / 2;
        return asType(global, moved);
    }

    /** {min, max, default} of a float or int global with a non-empty range; null otherwise. */
    private static double[] numericRange(JsonNode global) {
        String type = global.path("type").asText();
        if (!(type.equals("float") || type.equals("int")) || !global.has("min") || !global.has("max")
                || !global.has("default") || global.get("min").asDouble() == global.get("max").asDouble()) {
            return null;
        }
        return new double[] {global.get("min").asDouble(), global.get("max").asDouble(),
            global.get("default").asDouble()};
    }

    private static Object asType(JsonNode global, double value) {
        return global.path("type").asText().equals("int") ? (Object) (int) Math.round(value) : (Object) value;
    }
}
