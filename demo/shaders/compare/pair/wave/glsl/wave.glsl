precision highp float;
uniform vec2 resolution;
uniform float time;
uniform float speed;
uniform vec3 tint;
out vec4 fragColor;

const float PI = 3.14159265;
#define STEPS 4

float wave(float x, float k) {
    return 0.5 + 0.5 * sin(x * k * PI);
}

vec3 palette(float t) {
    return vec3(t, 1.0 - t, 0.5) * tint;
}

float shade(float v) {
    return floor(v * float(STEPS)) / float(STEPS);
}

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    float v = wave(uv.x + time * speed, 2.0);
    fragColor = vec4(palette(shade(v)), 1.0);
}
