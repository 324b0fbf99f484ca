package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The values {@code test_effect}'s responsiveness check tries for one global, by type, starting from its base value
 * (the caller's starting value, else the default, else the type's zero). Each trial says which rule picked it, so a
 * report can name what was tried. Rules (docs/shaders.md):
 * <ul>
 *   <li>float/int with min &lt; max: one value (default = min → min + 0.75·range; = max → min + 0.25·range; else
 *   halfway to the farther bound; ints rounded);</li>
 *   <li>int with listed {@code values} (ISF long VALUES): every listed value but the base;</li>
 *   <li>float/int without a range: base ± max(|base|, 1) (ints rounded);</li>
 *   <li>boolean (ISF bool, event): the other value (an event: fired);</li>
 *   <li>vec2 (ISF point2D, gl-transition vec2): across the frame — a coordinate c in 0..1 becomes 1 − c (c + 0.3
 *   when 1 − c is within 0.1 of c), a pixel coordinate p becomes size − p (p + size/4 likewise);</li>
 *   <li>vec3/vec4 (ISF color): a contrasting value, each component c of the first three → 1 when c &lt; 0.5, else 0
 *   (alpha kept); Shadertoy's iMouse (vec4): a click at (¾ width, ¼ height);</li>
 *   <li>ivecN: each component c → c + max(|c|, 1); bvecN: each component negated.</li>
 * </ul>
 */
final class UniformTrials {

    private UniformTrials() {
    }

    record Trial(Object value, String rule) {
    }

    static List<Trial> of(JsonNode global, String uniform, Object base, int width, int height) {
        String type = global.path("type").asText("float");
        List<Trial> trials = new ArrayList<>();
        switch (type) {
            case "float", "int" -> numeric(global, type.equals("int"), base, trials);
            case "boolean", "bool" -> {
                boolean on = Boolean.TRUE.equals(base);
                trials.add(new Trial(!on, global.path("isfType").asText().equals("event") && !on ? "event fired"
                        : "toggled"));
            }
            case "vec2" -> trials.add(new Trial(acrossFrame(numbers(base, 2), width, height), "moved across the frame"));
            case "vec3", "vec4", "color" -> {
                if (uniform.equals("iMouse")) {
                    double x = Math.round(width * 0.75);
                    double y = Math.round(height * 0.25);
                    trials.add(new Trial(List.of(x, y, x, y), "mouse down at (¾ width, ¼ height), pixels, y up"));
                } else {
                    trials.add(new Trial(contrasting(numbers(base, type.equals("vec3") ? 3 : 4)),
                            "contrasting colour (each of r, g, b: < 0.5 → 1, else 0)"));
                }
            }
            case "ivec2", "ivec3", "ivec4" -> {
                List<Object> moved = new ArrayList<>();
                for (double c : numbers(base, type.charAt(4) - '0')) {
                    moved.add((int) Math.round(c + Math.max(Math.abs(c), 1)));
                }
                trials.add(new Trial(moved, "each component + max(|c|, 1)"));
            }
            case "bvec2", "bvec3", "bvec4" -> {
                List<Object> moved = new ArrayList<>();
                if (base instanceof List<?> list) {
                    list.forEach(b -> moved.add(!Boolean.TRUE.equals(b)));
                } else {
                    for (int i = 0; i < type.charAt(4) - '0'; i++) {
                        moved.add(true);
                    }
                }
                trials.add(new Trial(moved, "each component negated"));
            }
            default -> {
            }
        }
        return trials;
    }

    private static void numeric(JsonNode global, boolean integer, Object base, List<Trial> trials) {
        double value = base instanceof Number n ? n.doubleValue() : 0;
        if (global.path("values").isArray() && global.path("values").size() > 0) {
            for (JsonNode v : global.get("values")) {
                if (v.asDouble() != value) {
                    trials.add(new Trial(integer ? (Object) v.asInt() : (Object) v.asDouble(), "listed value"));
                }
            }
            return;
        }
        boolean ranged = global.has("min") && global.has("max")
                && global.get("min").asDouble() < global.get("max").asDouble();
        if (ranged) {
            double min = global.get("min").asDouble();
            double max = global.get("max").asDouble();
            double range = max - min;
            double moved = value <= min ? min + 0.75 * range : value >= max ? min + 0.25 * range
                    : max - value > value - min ? (value + max) / 2 : (value + min) / 2;
            trials.add(new Trial(typed(moved, integer), "toward the farther bound of " + min + ".." + max));
            return;
        }
        double step = Math.max(Math.abs(value), 1);
        trials.add(new Trial(typed(value - step, integer), "no range: base − max(|base|, 1)"));
        trials.add(new Trial(typed(value + step, integer), "no range: base + max(|base|, 1)"));
    }

    private static Object typed(double value, boolean integer) {
        return integer ? (Object) (int) Math.round(value) : (Object) value;
    }

    /** The base as n numbers (missing components 0). */
    private static double[] numbers(Object base, int n) {
        double[] out = new double[n];
        if (base instanceof List<?> list) {
            for (int i = 0; i < n && i < list.size(); i++) {
                out[i] = list.get(i) instanceof Number num ? num.doubleValue() : 0;
            }
        } else if (base instanceof Number num) {
            Arrays.fill(out, num.doubleValue());
        }
        return out;
    }

    private static List<Object> acrossFrame(double[] p, int width, int height) {
        boolean normalised = Math.abs(p[0]) <= 1 && Math.abs(p[1]) <= 1;
        List<Object> moved = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            double size = normalised ? 1 : i == 0 ? width : height;
            double mirrored = size - p[i];
            moved.add(Math.abs(mirrored - p[i]) < 0.1 * size ? p[i] + 0.3 * size : mirrored);
        }
        return moved;
    }

    private static List<Object> contrasting(double[] c) {
        List<Object> moved = new ArrayList<>();
        for (int i = 0; i < c.length; i++) {
            moved.add(i < 3 ? (c[i] < 0.5 ? 1.0 : 0.0) : c[i]);
        }
        return moved;
    }
}
