precision highp float;
uniform vec2 resolution;
uniform sampler2D inputTex;
uniform float size;
out vec4 fragColor;

void main() {
    // Blocks start at the top-left corner, as in WGSL, so both backends draw the same grid.
    vec2 fromTop = vec2(gl_FragCoord.x, resolution.y - gl_FragCoord.y);
    vec2 centre = (floor(fromTop / size) + 0.5) * size;
    fragColor = texture(inputTex, vec2(centre.x, resolution.y - centre.y) / resolution);
}
