package dev.framescope.shader.debug;

/**
 * Why a pass cannot be debugged natively (a WGSL-only effect, a cube pass, a shader glslang cannot make Vulkan SPIR-V
 * of): debug_effect answers {@code unsupported} with this reason instead of a confident wrong trace.
 */
public final class Unsupported extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public Unsupported(String reason) {
        super(reason.startsWith("UNSUPPORTED") ? reason : "UNSUPPORTED: " + reason);
    }
}
