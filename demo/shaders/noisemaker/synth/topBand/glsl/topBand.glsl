#version 300 es
precision highp float;

uniform vec2 resolution;
uniform float height;
uniform vec3 tint;
out vec4 fragColor;

void main() {
    vec2 st = gl_FragCoord.xy / resolution;
    fragColor = vec4(tint * step(1.0 - height, st.y), 1.0);
}
