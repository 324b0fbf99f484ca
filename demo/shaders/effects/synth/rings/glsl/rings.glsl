precision highp float;
uniform vec2 resolution;
uniform float time;
uniform float rings;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    float d = distance(uv, vec2(0.5));
    float w = 0.5 + 0.5 * cos(6.2831853 * (d * rings - time));
    fragColor = vec4(vec3(w, w * 0.7, 1.0 - w), 1.0);
}
