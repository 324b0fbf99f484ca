#version 310 es
// EffectPassIT's shader: columns x >= 32 (gl_FragCoord.x > 32.0) divide 0 by 0 on line 14, the others write
// `level`. The zero comes from the uniform block so glslang cannot fold the division away.
precision highp float;

layout(std140, set = 0, binding = 0) uniform Params {
    float zero;
    float level;
} params;
layout(location = 0) out vec4 colour;

void main() {
    float v = params.level;
    if (gl_FragCoord.x > 32.0) v = params.zero / params.zero;
    colour = vec4(v, 0.25, 0.5, 1.0);
}
