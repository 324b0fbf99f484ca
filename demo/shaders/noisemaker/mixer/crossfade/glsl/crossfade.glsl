#version 300 es
precision highp float;

uniform sampler2D inputTex;
uniform sampler2D tex;
uniform vec2 resolution;
uniform float mixAmt;
out vec4 fragColor;

void main() {
    vec2 st = gl_FragCoord.xy / resolution;
    fragColor = mix(texture(inputTex, st), texture(tex, st), mixAmt);
}
