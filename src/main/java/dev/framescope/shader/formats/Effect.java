package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One effect as the library read it: its id, folder, definition (the native model every format is imported into:
 * globals, passes with inputs and outputs, {@code format}) and programs; {@code root} is the effects root it was
 * found under, the limit of what it may read. What differs between formats is asked of {@link #format()}.
 */
public record Effect(String id, Path dir, JsonNode definition, List<Program> programs, Path root) {

    /** The native format's name, also what a definition without a {@code format} says. */
    static final String NATIVE = "native";

    /** Why FrameScope cannot run this effect ("UNSUPPORTED: ..." naming the feature), or null. */
    public String unsupported() {
        return definition.path("unsupported").asText(null);
    }

    /**
     * The format's name as search_effects lists it (native, isf, gl-transition, shadertoy, noisemaker): what the
     * definition says, so a definition.json that names a format keeps that name.
     */
    public String formatName() {
        return definition.path("format").asText(NATIVE);
    }

    /** The format that answers for this effect: the one its definition names, the native one for any other name. */
    public EffectFormat format() {
        return EffectFormats.named(formatName());
    }

    /**
     * Whether the effect is held to the native format's conventions (kebab-case ids, a help.md, a manifest entry):
     * only a definition that names no other format is.
     */
    public boolean hasNativeLayout() {
        return formatName().equals(NATIVE);
    }

    /** The source the runtime compiles for {@code file} of {@code program}, with the globals at their defaults. */
    public String source(Program program, Path file) {
        return format().source(this, program, file, null);
    }

    /** A plain shader file the browser cannot run (desktop GLSL, HLSL): debug_effect draws it natively only. */
    public boolean nativeOnly() {
        return formatName().equals(PlainShaderFormat.NAME) && !definition.path("language").asText().equals("glsl-es");
    }

    /** Whether it is HLSL (a plain .hlsl file). */
    public boolean hlsl() {
        return definition.path("language").asText().equals("hlsl");
    }

    /** Whether rendering needs the pass runtime ({@link EffectFormat#usesPassRuntime}). */
    public boolean usesPassRuntime() {
        return format().usesPassRuntime(this);
    }

    /** transition, filter or generator, as search_effects and analyze_effect report it. */
    public String kind() {
        return format().kind(this);
    }

    /** A filter: some pass reads {@code inputTex}. */
    public boolean isFilter() {
        return isFilter(definition);
    }

    /** Whether a definition (also one still being imported) describes a filter: some pass reads {@code inputTex}. */
    public static boolean isFilter(JsonNode definition) {
        for (JsonNode pass : definition.path("passes")) {
            for (JsonNode input : pass.path("inputs")) {
                if (input.asText().equals("inputTex")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether pass {@code index} reads a texture that it or a later pass writes (the previous frame's copy). An ISF
     * target that is not PERSISTENT is blank in the next frame, so reading it is no feedback.
     */
    public boolean readsLaterOutput(int index) {
        for (JsonNode input : programs.get(index).spec().path("inputs")) {
            for (int j = index; j < programs.size(); j++) {
                JsonNode writer = programs.get(j).spec();
                if (programs.get(j).outputs().contains(input.asText())
                        && writer.path("persistent").asBoolean(true)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether any pass reads a later pass's output: a feedback effect, whose frames depend on the ones before. */
    public boolean readsAnyLaterOutput() {
        for (int i = 0; i < programs.size(); i++) {
            if (readsLaterOutput(i)) {
                return true;
            }
        }
        return false;
    }

    /** The uniform each global sets (its {@code uniform}, else its own name). */
    public Set<String> globalUniforms() {
        Set<String> names = new LinkedHashSet<>();
        definition.path("globals").properties().forEach(g -> names.add(g.getValue().path("uniform")
                .asText(g.getKey())));
        return names;
    }

    /** {@link #uniforms(JsonNode, Map)} of this effect. */
    public Map<String, Object> uniforms(Map<String, Object> overrides) {
        return uniforms(definition, overrides);
    }

    /** The effect's global defaults by uniform name, then the caller's values (by global or uniform name). */
    public static Map<String, Object> uniforms(JsonNode definition, Map<String, Object> overrides) {
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, String> uniformOf = new HashMap<>();
        definition.path("globals").properties().forEach(global -> {
            String uniform = global.getValue().path("uniform").asText(global.getKey());
            uniformOf.put(global.getKey(), uniform);
            if (global.getValue().has("default")) {
                values.put(uniform, Json.mapper().convertValue(global.getValue().get("default"), Object.class));
            }
        });
        if (overrides != null) {
            overrides.forEach((name, value) -> values.put(uniformOf.getOrDefault(name, name), value));
        }
        return values;
    }
}
