precision highp float;
uniform vec2 resolution;
uniform float zero;
out vec4 fragColor;

void main() {
    // Whole pixel coordinates, rows from the top, as the WGSL twin sees them.
    vec2 p = floor(vec2(gl_FragCoord.x, resolution.y - gl_FragCoord.y));
    bool inBox = p.x >= 8.0 && p.x <= 23.0 && p.y >= 4.0 && p.y <= 11.0;
    fragColor = inBox ? vec4(vec3(zero / zero), 1.0) : vec4(0.2, 0.4, 0.6, 1.0);
}
