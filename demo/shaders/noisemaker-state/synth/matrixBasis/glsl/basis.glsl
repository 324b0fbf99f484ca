#version 300 es
precision highp float;
uniform mat3 basis;
out vec4 fragColor;
void main() {
    fragColor = vec4(basis * vec3(0.25, 0.5, 0.75), 1.0);
}
