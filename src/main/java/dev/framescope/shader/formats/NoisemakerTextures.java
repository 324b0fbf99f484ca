package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The targets a noisemaker effect's passes draw into, sized and formatted as noisemaker's runtime allocates them:
 * a texture the definition declares in {@code textures} takes its {@code width}/{@code height} (a number of pixels;
 * {@code "N%"} of the frame; {@code "screen"}, {@code "auto"}, {@code "input"} or any other word: the frame;
 * {@code {param, multiply, power, paramDefault, default}} from a global's value; {@code {screenDivide, default}}: the
 * frame divided by a global's value; {@code {scale, clamp}}) and its {@code format}, default {@code rgba16f}; a pass
 * output it does not declare, and the effect's output, are frame-sized {@code rgba16f}. Formats are named per
 * backend as that runtime's backends name them: on WebGL2 {@code rgba8}, {@code rgba16f}, {@code rgba32f},
 * {@code r8}, {@code r16f}, {@code r32f}, anything else (also WebGPU names such as {@code rgba16float}) falling back
 * to {@code rgba8} as its WebGL2 backend does; on WebGPU those short names and the WebGPU names of the 8-bit, 16- and
 * 32-bit float RGBA, RG and R formats, anything else UNSUPPORTED (its WebGPU backend hands the name to
 * createTexture, which rejects it).
 */
final class NoisemakerTextures {

    /** Larger than this per side is UNSUPPORTED (SwiftShader's limit for WebGL2 and WebGPU textures is 8192). */
    static final int MAX_SIZE = 8192;

    private static final Map<String, String> WEBGL = Map.of("rgba8", "rgba8", "rgba16f", "rgba16f",
            "rgba32f", "rgba32f", "r8", "r8", "r16f", "r16f", "r32f", "r32f");
    private static final Map<String, String> WEBGPU = Map.ofEntries(
            Map.entry("rgba8", "rgba8unorm"), Map.entry("rgba16f", "rgba16float"), Map.entry("rgba32f", "rgba32float"),
            Map.entry("r8", "r8unorm"), Map.entry("r16f", "r16float"), Map.entry("r32f", "r32float"),
            Map.entry("rg8", "rg8unorm"), Map.entry("rg16f", "rg16float"), Map.entry("rg32f", "rg32float"),
            Map.entry("rgba8unorm", "rgba8unorm"), Map.entry("rgba16float", "rgba16float"),
            Map.entry("rgba32float", "rgba32float"), Map.entry("r8unorm", "r8unorm"),
            Map.entry("r16float", "r16float"), Map.entry("r32float", "r32float"), Map.entry("rg8unorm", "rg8unorm"),
            Map.entry("rg16float", "rg16float"), Map.entry("rg32float", "rg32float"));

    /** A declared size or format FrameScope cannot honour; the message starts with "UNSUPPORTED: ". */
    static final class Unsupported extends RuntimeException {
        private static final long serialVersionUID = 1L;
        Unsupported(String message) {
            super(message);
        }
    }

    private NoisemakerTextures() {
    }

    /**
     * Each texture a pass writes: {width, height, format} (format as the page runtime takes it: the WebGL2 name or
     * the WebGPU format). {@code uniforms} are the effect's values by uniform name (the caller's, else defaults).
     */
    static Map<String, Map<String, Object>> targets(Effect effect, boolean webgl, int width, int height,
                                                    Map<String, Object> uniforms) {
        JsonNode definition = effect.definition();
        String finalName = null;
        for (Program p : effect.programs()) {
            finalName = p.spec().path("outputs").path("fragColor").asText();
        }
        for (Program p : effect.programs()) {
            if (p.spec().path("outputs").path("fragColor").asText().equals("outputTex")) {
                finalName = "outputTex";
            }
        }
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        for (Program p : effect.programs()) {
            int[] shared = sharedSize(p.outputs(), definition, width, height, uniforms);
            for (String name : p.outputs()) {
                if (out.containsKey(name)) {
                    continue;
                }
                JsonNode spec = definition.path("textures").path(name);
                String format = format(name, spec.path("format").asText("rgba16f"), webgl);
                int w = width;
                int h = height;
                if (!name.equals(finalName)) {
                    w = spec.has("width") || shared == null ? dimension(name, "width", spec.get("width"), width,
                            definition, uniforms) : shared[0];
                    h = spec.has("height") || shared == null ? dimension(name, "height", spec.get("height"), height,
                            definition, uniforms) : shared[1];
                }
                Map<String, Object> target = new LinkedHashMap<>();
                target.put("width", w);
                target.put("height", h);
                target.put("format", format);
                out.put(name, target);
            }
        }
        return out;
    }

    /**
     * The size of a pass's several render targets (all attachments of one draw must have one size): that of the first
     * the definition declares, given to those it does not (agent state that {@code pointsEmit} declares upstream in
     * noisemaker's chains, e.g. {@code global_xyz} in {@code points/life}); null for one target or none declared.
     */
    private static int[] sharedSize(List<String> outputs, JsonNode definition, int width, int height,
                                    Map<String, Object> uniforms) {
        if (outputs.size() < 2) {
            return null;
        }
        for (String name : outputs) {
            JsonNode spec = definition.path("textures").path(name);
            if (spec.has("width") || spec.has("height")) {
                return new int[] {dimension(name, "width", spec.get("width"), width, definition, uniforms),
                    dimension(name, "height", spec.get("height"), height, definition, uniforms)};
            }
        }
        return null;
    }

    /** {@link #targets}, or none when a texture cannot be allocated (the caller reports {@link #unsupported}). */
    static Map<String, Map<String, Object>> targetsIfSupported(Effect effect, boolean webgl, int width, int height,
                                                               Map<String, Object> uniforms) {
        try {
            return targets(effect, webgl, width, height, uniforms);
        } catch (Unsupported e) {
            return Map.of();
        }
    }

    /** Why the effect's textures cannot be allocated as declared ("UNSUPPORTED: ..."), or null. */
    static String unsupported(Effect effect, boolean webgl, int width, int height, Map<String, Object> uniforms) {
        try {
            targets(effect, webgl, width, height, uniforms);
            return null;
        } catch (Unsupported e) {
            return e.getMessage();
        }
    }

    private static String format(String texture, String declared, boolean webgl) {
        if (webgl) {
            return WEBGL.getOrDefault(declared, "rgba8");
        }
        String gpu = WEBGPU.get(declared);
        if (gpu == null) {
            throw new Unsupported("UNSUPPORTED: texture '" + texture + "' has format '" + declared + "', which "
                    + "FrameScope cannot render to on WebGPU (it takes rgba8/rgba16f/rgba32f, r8/r16f/r32f, "
                    + "rg8/rg16f/rg32f and their WebGPU names)");
        }
        return gpu;
    }

    /** noisemaker's resolveDimension, for texture {@code texture}'s {@code axis}. */
    static int dimension(String texture, String axis, JsonNode spec, int screen, JsonNode definition,
                         Map<String, Object> uniforms) {
        double value;
        if (spec == null || spec.isNull()) {
            value = screen;
        } else if (spec.isNumber()) {
            value = Math.max(1, Math.floor(spec.asDouble()));
        } else if (spec.isTextual() && spec.asText().endsWith("%")) {
            value = percent(texture, axis, spec, screen);
        } else if (spec.isTextual()) {
            value = screen; // "screen", "auto", "input", "resolution": noisemaker gives the frame's size
        } else if (spec.isObject() && spec.has("param")) {
            value = fromGlobal(spec, definition, uniforms);
        } else if (spec.isObject() && spec.has("screenDivide")) {
            value = divided(texture, axis, spec, screen, definition, uniforms);
        } else if (spec.isObject() && spec.has("scale")) {
            value = scaled(spec, screen);
        } else {
            value = screen;
        }
        if (!(value <= MAX_SIZE)) {
            throw new Unsupported("UNSUPPORTED: texture '" + texture + "' " + axis + " " + spec + " gives "
                    + (long) value + " pixels, over the " + MAX_SIZE + " a texture can have here");
        }
        return (int) value;
    }

    /** {@code "N%"} of the frame. */
    private static double percent(String texture, String axis, JsonNode spec, int screen) {
        double percent;
        try {
            percent = Double.parseDouble(spec.asText().substring(0, spec.asText().length() - 1).trim());
        } catch (NumberFormatException e) {
            throw new Unsupported("UNSUPPORTED: texture '" + texture + "' " + axis + " '" + spec.asText()
                    + "' is not a percentage FrameScope can read");
        }
        return Math.max(1, Math.floor(screen * percent / 100));
    }

    /**
     * {@code {param, multiply, power, paramDefault, default}}: the global's value (else paramDefault, 64), times
     * multiply, to the power; {@code default} instead when a transform has no value to work on.
     */
    private static double fromGlobal(JsonNode spec, JsonNode definition, Map<String, Object> uniforms) {
        Double given = global(spec.get("param").asText(), definition, uniforms);
        double v = given != null ? given : spec.path("paramDefault").asDouble(64);
        boolean transform = spec.has("power") || spec.has("multiply");
        if (spec.has("multiply")) {
            v *= spec.get("multiply").asDouble();
        }
        if (spec.has("power")) {
            v = Math.pow(v, spec.get("power").asDouble());
        }
        if (transform && given == null && spec.has("default")) {
            v = spec.get("default").asDouble();
        }
        return Math.max(1, Math.floor(v));
    }

    /** {@code {screenDivide, default}}: the frame divided by a global's value. */
    private static double divided(String texture, String axis, JsonNode spec, int screen, JsonNode definition,
                                  Map<String, Object> uniforms) {
        Double given = global(spec.get("screenDivide").asText(), definition, uniforms);
        double divisor = given != null ? given : spec.path("default").asDouble(1);
        if (divisor <= 0) {
            throw new Unsupported("UNSUPPORTED: texture '" + texture + "' " + axis + " divides the frame by "
                    + spec.get("screenDivide").asText() + " = " + divisor);
        }
        return Math.max(1, Math.round(screen / divisor));
    }

    /** {@code {scale, clamp: {min, max}}}: the frame scaled, clamped. */
    private static double scaled(JsonNode spec, int screen) {
        double v = Math.floor(screen * spec.get("scale").asDouble());
        if (spec.path("clamp").has("min")) {
            v = Math.max(spec.get("clamp").get("min").asDouble(), v);
        }
        if (spec.path("clamp").has("max")) {
            v = Math.min(spec.get("clamp").get("max").asDouble(), v);
        }
        return Math.max(1, v);
    }

    /** The value of the global named {@code name} (by uniform name or key), or null when it has none. */
    private static Double global(String name, JsonNode definition, Map<String, Object> uniforms) {
        String uniform = definition.path("globals").path(name).path("uniform").asText(name);
        for (String key : new String[] {name, uniform}) {
            Object v = uniforms == null ? null : uniforms.get(key);
            if (v instanceof Number n) {
                return n.doubleValue();
            }
        }
        JsonNode d = definition.path("globals").path(name).path("default");
        return d.isNumber() ? d.asDouble() : null;
    }
}
