precision highp float;
uniform vec2 resolution;
uniform float time;
uniform float cells;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    vec2 cell = floor(uv * cells + vec2(time * 2.0, 0.0));
    float on = mod(cell.x + cell.y, 2.0);
    fragColor = vec4(mix(vec3(0.15, 0.15, 0.2), vec3(0.9, 0.85, 0.7), on), 1.0);
}
