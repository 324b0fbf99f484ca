#version 300 es
precision highp float;
uniform sampler2D inputTex3d;
out vec4 color;
void main() {
    vec4 v = texelFetch(inputTex3d, ivec2(gl_FragCoord.xy), 0);
    color = vec4(1.0 - v.r, 0.0, 0.0, 1.0);
}
