#version 300 es
precision highp float;
uniform sampler2D aTex;
layout(location = 0) out vec4 outA;
layout(location = 1) out vec4 outB;
layout(location = 2) out vec4 outC;
void main() {
    outA = texelFetch(aTex, ivec2(gl_FragCoord.xy), 0) + vec4(0.1, 0.0, 0.0, 0.0);
    outB = vec4(2.5, 0.0, 0.0, 1.0);
    outC = vec4(0.75, 0.0, 0.0, 1.0);
}
