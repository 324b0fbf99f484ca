precision highp float;
uniform vec2 resolution;
uniform sampler2D blurX;
uniform float spread;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    vec2 step1 = vec2(0.0, spread / resolution.y);
    vec4 sum = texture(blurX, uv - 2.0 * step1) + texture(blurX, uv - step1) + texture(blurX, uv)
        + texture(blurX, uv + step1) + texture(blurX, uv + 2.0 * step1);
    fragColor = sum / 5.0;
}
