precision highp float;
uniform vec2 resolution;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    // the next line is line 8 of this file
    fragColor = vec4(uv, undeclaredValue, 1.0);
}
