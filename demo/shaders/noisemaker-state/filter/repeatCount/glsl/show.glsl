#version 300 es
precision highp float;

uniform sampler2D accTex;
out vec4 fragColor;

void main() {
    fragColor = vec4(texelFetch(accTex, ivec2(gl_FragCoord.xy), 0).r, 0.0, 0.0, 1.0);
}
