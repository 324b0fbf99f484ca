#version 300 es
precision highp float;

uniform sampler2D levelTex;
uniform float gain;
out vec4 fragColor;

void main() {
    fragColor = vec4(texelFetch(levelTex, ivec2(gl_FragCoord.xy), 0).r * gain, 0.0, 0.0, 1.0);
}
