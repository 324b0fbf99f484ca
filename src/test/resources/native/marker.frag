#version 450
// NativeRendererIT's fragment shader for marker.vert: it writes the interpolated coordinate and the flat marker's
// sum, which only that vertex shader gives it.
layout(location = 0) in vec2 uv;
layout(location = 1) flat in vec4 marker;
layout(location = 0) out vec4 colour;

void main() {
    colour = vec4(uv, marker.x + marker.y, marker.z + marker.w);
}
