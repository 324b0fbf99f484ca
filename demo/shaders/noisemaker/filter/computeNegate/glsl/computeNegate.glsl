#version 300 es
precision highp float;

// The fragment twin of the WGSL compute program: one texel per pixel, as its textureLoad reads them.
uniform sampler2D inputTex;
uniform float amount;
out vec4 fragColor;

void main() {
    vec4 texel = texelFetch(inputTex, ivec2(gl_FragCoord.xy), 0);
    fragColor = vec4(mix(texel.rgb, vec3(1.0) - texel.rgb, amount), texel.a);
}
