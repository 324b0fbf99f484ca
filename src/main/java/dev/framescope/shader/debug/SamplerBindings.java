package dev.framescope.shader.debug;

import dev.framescope.shader.debug.VulkanGlsl.Converted;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every sampler a pass declares, bound explicitly ({@code layout(binding = N)}, from 1 up, binding 0 being the
 * uniform block's): glslang binds automatically only the samplers it finds read, and one read only in a branch a
 * constant rules out (an ISF pass's code for another PASSINDEX) would otherwise reach the module at binding 0.
 * Lines keep their numbers.
 *
 * @param converted the text with the bindings
 * @param bindings  sampler name to binding, in declaration order
 */
public record SamplerBindings(Converted converted, Map<String, Integer> bindings) {

    private static final Pattern SAMPLER = Pattern.compile("^(\\s*)(uniform\\s+(?:(?:lowp|mediump|highp)\\s+)?"
            + "(?:sampler2D|samplerCube|sampler3D|sampler2DArray|isampler2D|usampler2D)\\s+(\\w+)\\s*;.*)$");

    /** {@code given}: bindings another stage of the program already has (the same name gets the same binding). */
    public static SamplerBindings of(Converted converted, Map<String, Integer> given) {
        Map<String, Integer> bindings = new LinkedHashMap<>(given);
        StringBuilder text = new StringBuilder();
        for (String line : converted.text().split("\n", -1)) {
            Matcher m = SAMPLER.matcher(line);
            if (m.matches() && !line.contains("layout")) {
                bindings.putIfAbsent(m.group(3), bindings.size() + 1);
                line = m.group(1) + "layout(binding = " + bindings.get(m.group(3)) + ") " + m.group(2);
            }
            text.append(line).append('\n');
        }
        return new SamplerBindings(new Converted(text.substring(0, text.length() - 1), converted.origins(),
                converted.shown()),
                Map.copyOf(bindings));
    }
}
