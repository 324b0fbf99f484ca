package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Shadertoy channel's sampler settings, as an export's {@code "sampler": {"filter", "wrap", "vflip", "srgb",
 * "internal"}} gives them (strings {@code "true"}/{@code "false"} or booleans) or as {@code key=value} words after a
 * single file's {@code // iChannel0: <image>} line. What an input leaves out takes Shadertoy's default for its kind:
 * a texture {@code mipmap}, {@code repeat}, vflip, not sRGB; a buffer {@code linear}, {@code clamp} (a buffer is
 * never flipped: its rows are the frame's, y up, whatever its vflip says). The runtime gets {@code {filter, wrap}}
 * per channel (a WebGL2 sampler object) and {@code vflip}/{@code srgb} with the image it uploads.
 */
final class ShadertoySamplers {

    private static final Set<String> FILTERS = Set.of("nearest", "linear", "mipmap");
    private static final Set<String> WRAPS = Set.of("clamp", "repeat");
    private static final Set<String> KEYS = Set.of("filter", "wrap", "vflip", "srgb", "internal");
    /** Trailing {@code key=value} words of a channel comment, e.g. {@code photo.png filter=nearest wrap=clamp}. */
    private static final Pattern OPTION = Pattern.compile("[ \\t]+(\\w+)=(\\S+)$");

    private ShadertoySamplers() {
    }

    /** A channel comment split into its image and its options (in the order written). */
    record Comment(String image, Map<String, String> options) {
    }

    static Comment comment(String text) {
        Map<String, String> options = new LinkedHashMap<>();
        String rest = text;
        Matcher m = OPTION.matcher(rest);
        while (m.find()) {
            options.put(m.group(1), m.group(2));
            rest = rest.substring(0, m.start());
            m = OPTION.matcher(rest);
        }
        return new Comment(rest.trim(), options);
    }

    /**
     * The settings of one input: {@code filter}, {@code wrap} and, for a texture, {@code vflip} and {@code srgb}.
     * {@code sampler} is the export's object (or a comment's options as one), null or missing for none. A value
     * FrameScope cannot honour is added to {@code unsupported}, naming the channel and pass.
     */
    static ObjectNode settings(JsonNode sampler, boolean texture, String where, List<String> unsupported) {
        ObjectNode out = Json.mapper().createObjectNode();
        out.put("filter", texture ? "mipmap" : "linear");
        out.put("wrap", texture ? "repeat" : "clamp");
        if (texture) {
            out.put("vflip", true);
            out.put("srgb", false);
        }
        if (sampler == null || !sampler.isObject()) {
            return out;
        }
        sampler.properties().forEach(e -> {
            String key = e.getKey();
            String value = e.getValue().asText("").toLowerCase(Locale.ROOT);
            switch (key) {
                case "filter" -> check(out, key, value, FILTERS, where, unsupported);
                case "wrap" -> check(out, key, value, WRAPS, where, unsupported);
                case "vflip", "srgb" -> {
                    if (!value.equals("true") && !value.equals("false")) {
                        unsupported.add("sampler " + key + " '" + value + "' on " + where + " (true or false)");
                    } else if (texture) {
                        out.put(key, value.equals("true"));
                    }
                }
                case "internal" -> {
                    // Shadertoy's storage hint ("byte"); FrameScope stores images as RGBA8, buffers as floats.
                }
                default -> {
                    if (!KEYS.contains(key)) {
                        unsupported.add("sampler setting '" + key + "' on " + where
                                + " (Shadertoy's are filter, wrap, vflip, srgb, internal)");
                    }
                }
            }
        });
        return out;
    }

    /** A comment's options as an export's sampler object. */
    static ObjectNode asSampler(Map<String, String> options) {
        ObjectNode sampler = Json.mapper().createObjectNode();
        options.forEach(sampler::put);
        return sampler;
    }

    private static void check(ObjectNode out, String key, String value, Set<String> allowed, String where,
                              List<String> unsupported) {
        if (allowed.contains(value)) {
            out.put(key, value);
        } else {
            unsupported.add("sampler " + key + " '" + value + "' on " + where + " (one of "
                    + String.join(", ", new TreeSet<>(allowed)) + ")");
        }
    }

    /** The runtime's {@code samplers} of a pass: channel → {filter, wrap}, for the channels the pass binds. */
    static Map<String, Object> samplers(JsonNode pass) {
        Map<String, Object> samplers = new HashMap<>();
        pass.path("samplers").properties().forEach(e -> samplers.put(e.getKey(),
                Map.of("filter", e.getValue().path("filter").asText("linear"),
                        "wrap", e.getValue().path("wrap").asText("clamp"))));
        return samplers;
    }
}
