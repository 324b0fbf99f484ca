#version 300 es
precision highp float;

uniform sampler2D stateTex;
out vec4 fragColor;

void main() {
    fragColor = texelFetch(stateTex, ivec2(gl_FragCoord.xy), 0) + vec4(0.1, 0.0, 0.0, 0.0);
}
