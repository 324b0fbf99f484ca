precision highp float;
uniform vec2 resolution;
uniform float zero;
out vec4 fragColor;

void main() {
    float row = floor(resolution.y - gl_FragCoord.y);
    fragColor = vec4(1.0 / zero, 0.5, row < 2.0 ? -1.0 / zero : 0.0, 1.0);
}
