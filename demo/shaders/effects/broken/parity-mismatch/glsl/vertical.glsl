precision highp float;
uniform vec2 resolution;
out vec4 fragColor;

void main() {
    float v = gl_FragCoord.y / resolution.y;
    fragColor = vec4(v, 0.2, 1.0 - v, 1.0);
}
