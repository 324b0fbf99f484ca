#version 300 es
precision highp float;

uniform vec3 paletteOffset;
uniform int paletteMode;
out vec4 fragColor;

void main() {
    fragColor = vec4(paletteOffset.rg, float(paletteMode) / 4.0, 1.0);
}
