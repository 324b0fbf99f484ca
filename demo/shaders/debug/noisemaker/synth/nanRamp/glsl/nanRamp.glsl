#version 300 es
precision highp float;

uniform vec2 resolution;
uniform float level;
out vec4 fragColor;

void main() {
    float x = gl_FragCoord.x / resolution.x;
    float d = max(x - 0.5, 0.0);
    // line 12: 0 / 0 left of the middle
    float r = d / d;
    fragColor = vec4(r * level, x, 0.5, 1.0);
}
