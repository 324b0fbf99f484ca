precision highp float;
uniform vec2 resolution;
uniform float time;
uniform float frequency;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    float s = step(0.5, fract((uv.x + uv.y) * frequency * 0.5 + time));
    fragColor = vec4(vec3(0.2 + 0.6 * s, 0.3, 0.8 - 0.5 * s), 1.0);
}
