#version 300 es
precision highp float;
uniform sampler2D stateTex;
uniform sampler2D wideTex;
uniform int frame;
in vec2 v_texCoord;
out vec4 fragColor;
void main() {
    vec4 s = texture(stateTex, v_texCoord);
    float wide = texelFetch(wideTex, ivec2(0, 0), 0).r;
    if (v_texCoord.x < 0.5) {
        fragColor = vec4(s.r / 8.0, -s.g / 16.0, s.b / 64.0, 1.0);
    } else {
        fragColor = vec4(mod(wide, 8.0) / 8.0, float(frame) / 255.0, float(textureSize(stateTex, 0).x) / 64.0, 1.0);
    }
}
