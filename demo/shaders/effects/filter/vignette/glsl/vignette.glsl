precision highp float;
uniform vec2 resolution;
uniform sampler2D inputTex;
uniform float strength;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    vec4 color = texture(inputTex, uv);
    float d = distance(uv, vec2(0.5)) * 1.4142;
    fragColor = vec4(color.rgb * clamp(1.0 - strength * d * d, 0.0, 1.0), color.a);
}
