#version 450
// effect_pass.c's vertex shader: one triangle that covers the whole target (vertices 0, 1, 2 at clip-space
// (-1, -1), (3, -1), (-1, 3)), so every pixel runs the fragment shader exactly once, with no vertex buffer.
void main() {
    vec2 corner = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2);
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
