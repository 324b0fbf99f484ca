#version 300 es
precision highp float;

uniform vec3 color;
uniform float level;
out vec4 fragColor;

void main() {
    fragColor = vec4(color * level, 1.0);
}
