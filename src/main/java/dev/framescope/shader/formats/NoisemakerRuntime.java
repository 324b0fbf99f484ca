package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What noisemaker's runtime gives an effect beyond its own globals: the global uniforms ({@code aspectRatio},
 * {@code fullResolution}, {@code tileOffset}, {@code renderScale}; the page runtime
 * sets {@code time}, {@code resolution}, {@code aspect} and, each frame, {@code frame} and {@code deltaTime}) and the textures its passes read by name: a
 * {@code surface} global (a mixer's second input) reads the second test card or a file bound to its name, a texture
 * no pass of the effect writes (another effect's global surface) reads transparent black, as that runtime's
 * placeholder does.
 */
final class NoisemakerRuntime {

    private NoisemakerRuntime() {
    }

    private static final Set<String> GLOBALS = Set.of("aspectRatio", "fullResolution", "tileOffset", "renderScale",
            "deltaTime", "frame");

    /**
     * Whether noisemaker's runtime sets uniform {@code name} of {@code file} itself: one of its globals, or a WGSL
     * uniform of a struct type (filled field by field from the globals, see wgsl-uniforms.js).
     */
    static boolean setByRuntime(Path file, String name) {
        if (GLOBALS.contains(name)) {
            return true;
        }
        if (!file.toString().endsWith(".wgsl")) {
            return false;
        }
        try {
            Matcher m = Pattern.compile("var<uniform>\\s*" + Pattern
                    .quote(name) + "\\s*:\\s*([A-Za-z_]\\w*)\\s*;").matcher(Files.readString(file));
            return m.find() && !m.group(1).matches("f32|i32|u32|bool|vec[234][fiu]?|mat\\w*");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The passes as the page runtime takes them: each program's source with the defines of the frame's values, its
     * own uniforms, its vertex stage (WebGL2) or the UV one (WebGPU, with the program's uniform layout), its inputs
     * (on WebGPU with every texture binding resolved, {@link NoisemakerBindings}) and its target's declared size and
     * format; a pass repeated by a global is drawn as often as the global's value says ({@link #repeatTimes}).
     */
    static List<Map<String, Object>> passes(Effect effect, FrameInputs frame) {
        boolean webgl = frame.webgl();
        Map<String, Object> uniforms = frame.uniforms();
        Map<String, Map<String, Object>> targets = NoisemakerTextures.targetsIfSupported(effect, webgl,
                frame.width(), frame.height(), uniforms);
        List<Map<String, Object>> passes = new ArrayList<>();
        for (int i = 0; i < effect.programs().size(); i++) {
            Program p = effect.programs().get(i);
            String source = NoisemakerSources.source(effect, p, p.file(webgl), uniforms);
            Map<String, Object> pass = PagePasses.pass(source, webgl ? PagePasses.specInputs(p)
                    : NoisemakerBindings.wgslInputs(p.spec(), source), p, i);
            Map<String, Object> own = passUniforms(effect, p.spec(), uniforms);
            if (!own.isEmpty()) {
                pass.put("passUniforms", own);
            }
            for (String key : List.of("drawMode", "count", "blend")) {
                if (p.spec().has(key)) {
                    pass.put(key, Json.mapper().convertValue(p.spec().get(key), Object.class));
                }
            }
            JsonNode state = p.spec().path("inputs").path("xyzTex");
            if (!state.isTextual() && "points".equals(p.spec().path("drawMode").asText())) {
                state = p.spec().path("inputs").path("inputTex");
            }
            if (state.isTextual()) {
                pass.put("countTexture", state.asText()); // a count of 'input' is its pixels (page pass-plan.js)
            }
            if (webgl) {
                pass.put("vertex", NoisemakerSources.vertex(effect, p, uniforms));
            } else {
                pass.put("uvVertex", true);
            }
            JsonNode layout = uniformLayout(effect, p);
            if (!webgl && layout != null) {
                pass.put("uniformLayout", Json.mapper().convertValue(layout, Map.class));
            }
            pass.putAll(targets.getOrDefault(pass.get("output").toString(), Map.of()));
            if (p.outputs().size() > 1) {
                // the further render targets: attachment 1.. in order, each with its own size and format
                List<Map<String, Object>> more = new ArrayList<>();
                for (String name : p.outputs().subList(1, p.outputs().size())) {
                    Map<String, Object> target = new LinkedHashMap<>(targets.getOrDefault(name, Map.of()));
                    target.put("output", name);
                    more.add(target);
                }
                pass.put("more", more);
            }
            PagePasses.putVersion(pass, p);
            for (int k = skipped(effect, p.spec(), uniforms) ? 0 : repeatTimes(effect, p.spec(), uniforms); k > 0;
                 k--) {
                passes.add(pass);
            }
        }
        return passes;
    }

    static Map<String, Object> uniforms(Map<String, Object> uniforms, int width, int height) {
        Map<String, Object> out = new LinkedHashMap<>(uniforms);
        out.putIfAbsent("aspectRatio", (double) width / height);
        out.putIfAbsent("fullResolution", List.of(width, height));
        out.putIfAbsent("tileOffset", List.of(0, 0));
        out.putIfAbsent("renderScale", 1.0);
        return out;
    }

    /**
     * A pass's own {@code uniforms} ({@code {shaderName: "globalName"}}) resolved as noisemaker's expander does: the
     * value already held under the shader name, else the global's value (the caller's or its default).
     */
    static Map<String, Object> passUniforms(Effect effect, JsonNode pass, Map<String, Object> uniforms) {
        Map<String, Object> out = new LinkedHashMap<>();
        pass.path("uniforms").properties().forEach(e -> {
            String name = e.getKey();
            Object value = uniforms.containsKey(name) ? uniforms.get(name)
                    : globalValue(effect, e.getValue().asText(), uniforms);
            if (value != null) {
                out.put(name, value);
            }
        });
        // a stage of a 3D chain whose uniform another stage also has reads its own (NoisemakerChains)
        pass.path("renamedUniforms").properties().forEach(e -> {
            if (uniforms.containsKey(e.getValue().asText())) {
                out.put(e.getKey(), uniforms.get(e.getValue().asText()));
            }
        });
        return out;
    }

    /**
     * Whether a pass's {@code conditions} leave it out of this render, as noisemaker decides each frame: a
     * {@code skipIf} entry whose global equals its value, or a {@code runIf} entry whose global does not.
     */
    static boolean skipped(Effect effect, JsonNode pass, Map<String, Object> uniforms) {
        JsonNode conditions = pass.path("conditions");
        for (JsonNode c : conditions.path("skipIf")) {
            if (equal(globalValue(effect, c.path("uniform").asText(), uniforms), c.path("equals"))) {
                return true;
            }
        }
        for (JsonNode c : conditions.path("runIf")) {
            if (!equal(globalValue(effect, c.path("uniform").asText(), uniforms), c.path("equals"))) {
                return true;
            }
        }
        return false;
    }

    private static boolean equal(Object value, JsonNode expected) {
        if (value instanceof Number n && expected.isNumber()) {
            return n.doubleValue() == expected.asDouble();
        }
        if (value instanceof Boolean b && expected.isBoolean()) {
            return b == expected.asBoolean();
        }
        return value != null && !expected.isMissingNode() && String.valueOf(value).equals(expected.asText());
    }

    /** A global's value in a call: under its uniform's name (the caller's or the default), else its own name. */
    private static Object globalValue(Effect effect, String global, Map<String, Object> uniforms) {
        String uniform = effect.definition().path("globals").path(global).path("uniform").asText(global);
        return uniforms.containsKey(uniform) ? uniforms.get(uniform) : uniforms.get(global);
    }

    /**
     * How many times a render draws this copy of a pass repeated by a global ({@code repeat: "iterations"}): the
     * import unrolls the global's default count; noisemaker repeats by the global's value each frame, so copies past
     * the value are left out and the last copy is drawn again for a value above the default (1 to 64). Passes
     * without a global count are drawn once.
     */
    static int repeatTimes(Effect effect, JsonNode pass, Map<String, Object> uniforms) {
        if (!pass.has("repeatOf")) {
            return 1;
        }
        Object value = globalValue(effect, pass.get("repeatOf").asText(), uniforms);
        int byDefault = pass.path("repeatDefault").asInt(1);
        int wanted = value instanceof Number n && Double.isFinite(n.doubleValue())
                ? (int) Math.max(1, Math.min(64, Math.floor(n.doubleValue()))) : byDefault;
        int index = pass.path("repeatIndex").asInt(0);
        return index >= wanted ? 0 : index == byDefault - 1 ? 1 + Math.max(0, wanted - byDefault) : 1;
    }

    /**
     * The WGSL uniform layout of a pass's program: its own in {@code uniformLayouts}, else the effect's
     * {@code uniformLayout}, as noisemaker's expander picks it; null without either.
     */
    static JsonNode uniformLayout(Effect effect, Program program) {
        JsonNode own = effect.definition().path("uniformLayouts").path(program.name());
        JsonNode shared = effect.definition().path("uniformLayout");
        return own.isObject() ? own : shared.isObject() ? shared : null;
    }

    static Map<String, Object> images(Effect effect, Map<String, String> bindings, int width, int height) {
        Set<String> written = new HashSet<>();
        effect.programs().forEach(p -> written.addAll(p.outputs()));
        Set<String> surfaces = new HashSet<>();
        effect.definition().path("surfaces").forEach(s -> surfaces.add(s.asText()));
        Map<String, Object> images = new HashMap<>();
        for (Program p : effect.programs()) {
            for (JsonNode input : p.spec().path("inputs")) {
                String name = input.asText();
                if (name.equals("inputTex") || written.contains(name) || images.containsKey(name)) {
                    continue;
                }
                String file = bindings == null ? null : bindings.get(name);
                if (file != null) {
                    images.put(name, ImageInputs.decode("images." + name, Path.of(file)));
                } else if (surfaces.contains(name)) {
                    String fallback = effect.definition().path("globals").path(name).path("default").asText();
                    images.put(name, Map.of("card", fallback.equals("inputTex") ? "testcard" : "testcard2"));
                } else {
                    images.put(name, Map.of("card", "blank", "width", 1, "height", 1));
                }
            }
        }
        return images;
    }
}
