precision highp float;
uniform vec2 resolution;
uniform sampler2D inputTex;
uniform float amount;
out vec4 fragColor;

void main() {
    vec4 color = texture(inputTex, gl_FragCoord.xy / resolution);
    fragColor = vec4(mix(color.rgb, 1.0 - color.rgb, amount), color.a);
}
