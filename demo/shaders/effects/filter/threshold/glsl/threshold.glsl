precision highp float;
uniform vec2 resolution;
uniform sampler2D inputTex;
uniform float level;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    vec4 color = texture(inputTex, uv);
    float y = dot(color.rgb, vec3(0.299, 0.587, 0.114));
    fragColor = vec4(vec3(step(level, y)), color.a);
}
