#version 300 es
precision highp float;
uniform int frame;
uniform float deltaTime;
out vec4 fragColor;
void main() {
    fragColor = vec4(float(frame) / 255.0, deltaTime * 240.0, 0.5, 1.0);
}
