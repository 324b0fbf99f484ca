#version 300 es
precision highp float;
uniform sampler2D trailTex;
out vec4 fragColor;
void main() {
    fragColor = vec4(texelFetch(trailTex, ivec2(0, 0), 0).r, 0.0, 0.0, 1.0);
}
