#version 300 es
precision highp float;

#ifndef SHAPE
#define SHAPE 0
#endif

uniform int mode;
out vec4 fragColor;

void main() {
    float level = mode == 1 ? 1.0 : 0.5;
#if SHAPE == 0
    fragColor = vec4(0.0, level, 0.0, 1.0);
#else
    fragColor = vec4(0.0, 0.0, level, 1.0);
#endif
}
