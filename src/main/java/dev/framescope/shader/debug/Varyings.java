package dev.framescope.shader.debug;

import dev.framescope.shader.debug.VulkanGlsl.Converted;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a vertex stage hands the fragment stage, matched by name as WebGL links it: Vulkan matches by location, so
 * each vertex output gets {@code layout(location = N)} in declaration order (a matrix or array takes one location
 * per column or element) and the fragment input of the same name the same N. Lines keep their numbers.
 */
public final class Varyings {

    private static final Pattern DECLARATION = Pattern.compile("^(\\s*(?:(?:flat|smooth|centroid|invariant|"
            + "noperspective)\\s+)*)(out|in|varying)(\\s+(?:(?:lowp|mediump|highp)\\s+)?(\\w+)\\s+(\\w+)\\s*"
            + "(?:\\[\\s*(\\d+)\\s*\\])?\\s*;.*)$");

    private Varyings() {
    }

    /** {vertex, fragment} with their interface located. */
    public static Converted[] locate(Converted vertex, Converted fragment) {
        Map<String, Integer> locations = new LinkedHashMap<>();
        int next = 0;
        StringBuilder v = new StringBuilder();
        for (String line : vertex.text().split("\n", -1)) {
            Matcher m = DECLARATION.matcher(line);
            // every declaration of a name gets its location: a .vs may declare it in both arms of an #if
            if (m.matches() && !m.group(2).equals("in") && !line.contains("layout")) {
                if (!locations.containsKey(m.group(5))) {
                    locations.put(m.group(5), next);
                    next += slots(m.group(4)) * (m.group(6) == null ? 1 : Integer.parseInt(m.group(6)));
                }
                line = m.group(1) + "layout(location = " + locations.get(m.group(5)) + ") " + m.group(2) + m.group(3);
            }
            v.append(line).append('\n');
        }
        StringBuilder f = new StringBuilder();
        for (String line : fragment.text().split("\n", -1)) {
            Matcher m = DECLARATION.matcher(line);
            if (m.matches() && !m.group(2).equals("out") && !line.contains("layout")
                    && locations.containsKey(m.group(5))) {
                line = m.group(1) + "layout(location = " + locations.get(m.group(5)) + ") " + m.group(2)
                        + m.group(3);
            }
            f.append(line).append('\n');
        }
        return new Converted[] {new Converted(trim(v), vertex.origins(), vertex.shown()), new Converted(trim(f),
                fragment.origins(), fragment.shown())};
    }

    private static String trim(StringBuilder text) {
        return text.substring(0, text.length() - 1);
    }

    /** Locations one value of {@code type} takes: a matrix one per column. */
    private static int slots(String type) {
        Matcher m = Pattern.compile("^d?mat(\\d)").matcher(type);
        return m.find() ? Integer.parseInt(m.group(1)) : 1;
    }
}
