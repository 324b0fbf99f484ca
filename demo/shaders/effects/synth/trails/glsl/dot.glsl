precision highp float;
uniform vec2 resolution;
uniform float time;
uniform float radius;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    float angle = 6.2831853 * time * 4.0;
    vec2 centre = vec2(0.5) + 0.3 * vec2(cos(angle), sin(angle));
    float inside = step(distance(uv, centre), radius);
    fragColor = vec4(vec3(1.0, 0.8, 0.3) * inside, 1.0);
}
