precision highp float;
uniform vec2 resolution;
uniform float zero;
out vec4 fragColor;

void main() {
    fragColor = gl_FragCoord.x < 0.5 * resolution.x ? vec4(zero / zero) : vec4(0.5, 0.5, 0.5, 1.0);
}
