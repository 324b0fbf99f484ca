package dev.framescope.shader;

import dev.framescope.common.Param;
import dev.framescope.shader.EffectCompiler.Backend;

/** Inputs of the shader tools. */
public final class ShaderArgs {

    private ShaderArgs() {
    }

    public record CompileEffectArgs(
            @Param(value = "Effect id 'namespace/effect', a glob ('synth/*', '*') or a comma-separated list.",
                    required = true, maxLength = 500) String effect,
            @Param(value = "webgl2 (GLSL), webgpu (WGSL) or both.", defaultValue = "\"both\"") Backend backend,
            @Param("Folder of effects (namespace/effect/definition.json); default FRAMESCOPE_EFFECTS_ROOT or the "
                    + "bundled demo/shaders/effects.") String effectsRoot) {
        public CompileEffectArgs {
            backend = backend == null ? Backend.both : backend;
        }
    }
}
