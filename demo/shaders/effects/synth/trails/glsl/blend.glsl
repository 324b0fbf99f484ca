precision highp float;
uniform vec2 resolution;
uniform sampler2D dotTex;
uniform sampler2D prevTex;
uniform float decay;
out vec4 fragColor;

void main() {
    vec2 uv = gl_FragCoord.xy / resolution;
    vec4 previous = texture(prevTex, uv) * decay;
    fragColor = vec4(max(texture(dotTex, uv).rgb, previous.rgb), 1.0);
}
