#version 300 es
precision highp float;

uniform sampler2D inputTex;
uniform float amount;
in vec2 v_texCoord;
out vec4 fragColor;

void main() {
    vec4 c = texture(inputTex, v_texCoord);
    fragColor = vec4(mix(c.rgb, 1.0 - c.rgb, amount), c.a);
}
