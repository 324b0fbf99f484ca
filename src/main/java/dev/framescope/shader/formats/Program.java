package dev.framescope.shader.formats;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One program of an effect: its pass, name and the source files (null when the language is missing).
 * {@code refused} says why no file was looked up (the name leads outside the effect's folder), else null.
 */
public record Program(String pass, String name, Path glsl, Path wgsl, JsonNode spec, String refused) {

    public Program(String pass, String name, Path glsl, Path wgsl, JsonNode spec) {
        this(pass, name, glsl, wgsl, spec, null);
    }

    /**
     * The textures the pass writes, in the order of the shader's output locations: {@code outputs.fragColor}, then a
     * noisemaker pass's further render targets ({@code moreOutputs}).
     */
    public List<String> outputs() {
        List<String> names = new ArrayList<>();
        names.add(spec.path("outputs").path("fragColor").asText());
        spec.path("moreOutputs").forEach(name -> names.add(name.asText()));
        return names;
    }

    /** The program's file in the backend's language: GLSL for WebGL2, WGSL for WebGPU. */
    public Path file(boolean webgl) {
        return webgl ? glsl : wgsl;
    }
}
