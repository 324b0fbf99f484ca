#version 300 es
precision highp float;
uniform sampler2D aTex;
uniform sampler2D bTex;
uniform sampler2D cTex;
out vec4 fragColor;
void main() {
    float a = texelFetch(aTex, ivec2(0, 0), 0).r;
    float b = texelFetch(bTex, ivec2(0, 0), 0).r;
    float c = texelFetch(cTex, ivec2(0, 0), 0).r;
    fragColor = vec4(a, b / 4.0, c, float(textureSize(aTex, 0).x) / 64.0);
}
