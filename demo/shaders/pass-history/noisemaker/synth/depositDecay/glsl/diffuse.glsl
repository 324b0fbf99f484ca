#version 300 es
precision highp float;
uniform sampler2D trailTex;
out vec4 fragColor;
void main() {
    fragColor = texelFetch(trailTex, ivec2(gl_FragCoord.xy), 0) * 0.5;
}
