#version 300 es
precision highp float;
uniform sampler2D trailTex;
out vec4 fragColor;
void main() {
    float red = 0.0;
    float most = 0.0;
    float blue = 0.0;
    float lit = 0.0;
    for (int y = 0; y < 8; y++) {
        for (int x = 0; x < 8; x++) {
            vec4 t = texelFetch(trailTex, ivec2(x, y), 0);
            red += t.r;
            most = max(most, t.r);
            blue += t.b;
            lit += t.r > 0.0 ? 1.0 : 0.0;
        }
    }
    fragColor = vec4(red / 8.0, most, blue / 4.0, lit / 64.0);
}
