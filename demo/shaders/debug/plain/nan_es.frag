#version 300 es
// debug_effect fixture: a plain GLSL ES 3.00 fragment shader; columns x >= 32 divide 0 by 0 on line 11.
precision highp float;
uniform float zero;
uniform float level;
out vec4 colour;

void main() {
    float v = level;
    if (gl_FragCoord.x > 32.0)
        v = zero / zero;
    colour = vec4(v, 0.25, 0.5, 1.0);
}
