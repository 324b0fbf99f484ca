package dev.framescope.shader.formats;

import dev.framescope.common.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The parts of a pass every format gives the page runtime: the program's source on the frame's backend, its inputs
 * (sampler → texture), the texture it writes ({@code pass<i>} when it names none) and its GLSL version when not 3.00.
 * What a format adds to a pass it adds in between.
 */
final class PagePasses {

    private PagePasses() {
    }

    /** One pass per program: {@code inputs} of each, then the format's {@code extras}. */
    static List<Map<String, Object>> of(Effect effect, FrameInputs frame, Function<Program, Object> inputs,
                                        BiConsumer<Program, Map<String, Object>> extras) {
        List<Map<String, Object>> passes = new ArrayList<>();
        for (int i = 0; i < effect.programs().size(); i++) {
            Program p = effect.programs().get(i);
            Map<String, Object> pass = pass(effect.source(p, p.file(frame.webgl())), inputs.apply(p), p, i);
            extras.accept(p, pass);
            putVersion(pass, p);
            passes.add(pass);
        }
        return passes;
    }

    /** A pass with its source, inputs and output texture. */
    static Map<String, Object> pass(String source, Object inputs, Program p, int index) {
        Map<String, Object> pass = new HashMap<>();
        pass.put("source", source);
        pass.put("inputs", inputs);
        pass.put("output", p.spec().path("outputs").path("fragColor").asText("pass" + index));
        pass.put("name", p.pass());
        return pass;
    }

    /** The program's GLSL version, when its spec names one (gl-transitions: 100). */
    static void putVersion(Map<String, Object> pass, Program p) {
        if (p.spec().has("glslVersion")) {
            pass.put("version", p.spec().get("glslVersion").asText());
        }
    }

    /** The pass's inputs as its spec gives them. */
    static Object specInputs(Program p) {
        return Json.mapper().convertValue(p.spec().path("inputs"), Map.class);
    }

    /** The frame's uniforms with {@code name} set to {@code value} unless the caller set it (ISF DATE, iDate). */
    static Map<String, Object> withDefault(Map<String, Object> uniforms, String name, Object value) {
        Map<String, Object> with = new LinkedHashMap<>(uniforms);
        with.putIfAbsent(name, value);
        return with;
    }
}
