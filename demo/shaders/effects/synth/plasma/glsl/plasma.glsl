precision highp float;
uniform vec2 resolution;
uniform float time;
uniform float scale;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    float t = time * 6.2831853;
    float v = sin(uv.x * scale * 3.0 + t) + sin(uv.y * scale * 2.0 - t) + sin((uv.x + uv.y) * scale + t * 0.5);
    fragColor = vec4(0.5 + 0.5 * sin(v), 0.5 + 0.5 * sin(v + 2.094), 0.5 + 0.5 * sin(v + 4.188), 1.0);
}
