#version 300 es
precision highp float;

uniform float level;
out vec4 fragColor;

void main() {
    fragColor = vec4(level, 0.0, 0.0, 1.0);
}
