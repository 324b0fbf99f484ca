#version 300 es
precision highp float;
uniform sampler2D stageTex;
in vec2 v_texCoord;
out vec4 fragColor;
void main() {
    fragColor = vec4(texture(stageTex, v_texCoord).bgr, 1.0);
}
