#version 300 es
precision highp float;
uniform sampler2D wideTex;
out vec4 fragColor;
void main() {
    fragColor = texelFetch(wideTex, ivec2(0, 0), 0) + vec4(2049.0, 0.0, 0.0, 0.0);
}
