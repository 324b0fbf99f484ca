#version 300 es
precision highp float;
uniform float uGain;
out vec4 fragColor;
void main() {
    fragColor = vec4(uGain, 0.0, 1.0 - uGain, 1.0);
}
