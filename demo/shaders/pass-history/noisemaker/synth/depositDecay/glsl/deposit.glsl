#version 300 es
precision highp float;
out vec4 fragColor;
void main() {
    fragColor = vec4(0.015625, 0.0, 0.0, 0.0);
}
