#version 460
// NativeRendererIT's shader in the form issue 35's converter gives glslang: loose uniforms and a sampler with no
// layout, compiled with relaxed rules (-R --amb --aml --sdub FramescopeUniforms 0 2 --stb 4), so the uniforms are
// gathered into one std140 block at binding 2 (level at offset 0, resolution at 8) and `image` lands at binding 4.
uniform float level;
uniform vec2 resolution;
uniform sampler2D image;
layout(location = 0) out vec4 colour;

void main() {
    colour = texture(image, gl_FragCoord.xy / resolution) * level;
}
