precision highp float;
uniform vec2 resolution;
uniform float gain;
uniform float hue;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    float unused = gain * 0.0;
    fragColor = vec4(uv.x, hue + unused, uv.y, 1.0);
}
