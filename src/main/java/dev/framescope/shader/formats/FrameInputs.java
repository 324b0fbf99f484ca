package dev.framescope.shader.formats;

import java.util.Map;

/**
 * What one frame of an effect is drawn with on the page: the backend ({@code webgl} true for WebGL2/GLSL, false for
 * WebGPU/WGSL), the size in pixels, the uniform values by uniform name (defaults already merged) and the files the
 * caller binds to the effect's image inputs by name.
 */
public record FrameInputs(boolean webgl, int width, int height, Map<String, Object> uniforms,
                          Map<String, String> images) {
}
