precision highp float;
uniform vec2 resolution;
uniform sampler2D nanTex;
out vec4 fragColor;

void main() {
    fragColor = texture(nanTex, gl_FragCoord.xy / resolution);
}
