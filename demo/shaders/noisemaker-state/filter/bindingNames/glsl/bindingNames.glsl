#version 300 es
precision highp float;

// The GLSL twin reads its inputs by the names the pass gives them; its right third is black as noisemaker's
// WebGPU placeholder makes the WGSL one.
uniform sampler2D inputTex;
uniform sampler2D statsTex;
out vec4 fragColor;

void main() {
    ivec2 c = ivec2(gl_FragCoord.xy);
    float width = float(textureSize(inputTex, 0).x);
    if (gl_FragCoord.x < width / 3.0) {
        fragColor = vec4(texelFetch(inputTex, c, 0).rgb, 1.0);
    } else if (gl_FragCoord.x < 2.0 * width / 3.0) {
        fragColor = vec4(texelFetch(statsTex, c, 0).rgb, 1.0);
    } else {
        fragColor = vec4(0.0, 0.0, 0.0, 1.0);
    }
}
