precision highp float;
uniform vec2 resolution;
uniform float time;
uniform float speed;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    float t = fract(uv.x + time * speed);
    fragColor = vec4(mix(vec3(0.1, 0.2, 0.8), vec3(0.9, 0.5, 0.1), t), 1.0);
}
