#version 300 es
precision highp float;
out vec4 fragColor;
void main() {
    ivec2 c = ivec2(gl_FragCoord.xy);
    int i = c.y * 4 + c.x;
    vec2 px = i < 2 ? vec2(3.0, 3.0) : i < 8 ? vec2(float(i), 5.0) : vec2(float(i - 8), 6.0);
    fragColor = vec4((px + 0.5) / 8.0, 0.0, i < 12 ? 1.0 : 0.0);
}
