#version 450
// NativeRendererIT's replacement vertex shader: the full-screen triangle upside down (uv.y = 0 on the bottom row, as
// GL has it), with the texture coordinate and a flat marker for marker.frag.
layout(location = 0) out vec2 uv;
layout(location = 1) flat out vec4 marker;

void main() {
    vec2 corner = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2);
    uv = corner;
    marker = vec4(0.125, 0.25, 0.5, 1.0);
    gl_Position = vec4(corner.x * 2.0 - 1.0, 1.0 - corner.y * 2.0, 0.0, 1.0);
}
