precision highp float;
uniform vec2 resolution;
uniform sampler2D inputTex;
uniform float amount;
out vec4 fragColor;

void main() {
    vec4 color = texture(inputTex, gl_FragCoord.xy / resolution);
    fragColor = color + vec4(0.0 * amount);
}
