#version 450
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 0) out vec3 v_normal;
void main() {
    v_normal = normal;
    gl_Position = vec4(position.xy * 0.96875, position.z, 1.0);
}
