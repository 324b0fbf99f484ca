precision highp float;
uniform vec2 resolution;
uniform sampler2D inputTex;
uniform float spread;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    vec2 step1 = vec2(spread / resolution.x, 0.0);
    vec4 sum = texture(inputTex, uv - 2.0 * step1) + texture(inputTex, uv - step1) + texture(inputTex, uv)
        + texture(inputTex, uv + step1) + texture(inputTex, uv + 2.0 * step1);
    fragColor = sum / 5.0;
}
