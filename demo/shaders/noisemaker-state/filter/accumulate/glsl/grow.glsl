#version 300 es
precision highp float;
uniform sampler2D stateTex;
uniform vec2 resolution;
out vec4 fragColor;
void main() {
    vec4 s = texelFetch(stateTex, ivec2(gl_FragCoord.xy), 0) + vec4(0.25, -0.5, 0.0, 0.0);
    fragColor = vec4(s.rg, resolution.x, 1.0);
}
