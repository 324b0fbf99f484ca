#version 300 es
precision highp float;
uniform sampler2D xyzTex;
out vec4 vColor;
void main() {
    gl_PointSize = 1.0;
    if (gl_VertexID >= 16) {
        gl_Position = vec4(7.5 / 4.0 - 1.0, 7.5 / 4.0 - 1.0, 0.0, 1.0);
        vColor = vec4(1.0);
        return;
    }
    vec4 s = texelFetch(xyzTex, ivec2(gl_VertexID % 4, gl_VertexID / 4), 0);
    if (s.w < 0.5) {
        gl_Position = vec4(2.0, 2.0, 0.0, 1.0);
        vColor = vec4(0.0);
        return;
    }
    gl_Position = vec4(s.xy * 2.0 - 1.0, 0.0, 1.0);
    vColor = vec4(0.0, 0.0, 0.125, 0.0);
}
