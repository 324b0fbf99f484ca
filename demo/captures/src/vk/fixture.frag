#version 450
// One fragment shader for every draw of the Vulkan fixture: mode 0 writes the colour, 1 writes 0/0 (NaN) and
// 2 writes 1/0 (+Inf), with 'zero' a push constant so the compiler cannot fold the division.
layout(push_constant) uniform Draw {
    vec4 colour;
    float zero;
    int mode;
} draw;
layout(location = 0) in vec2 v_uv;
layout(location = 0) out vec4 frag;
void main() {
    if (draw.mode == 1) {
        float n = draw.zero / draw.zero;
        frag = vec4(n, n, n, 1.0);
    } else if (draw.mode == 2) {
        frag = vec4(1.0 / draw.zero, 0.0, 0.0, 1.0);
    } else {
        frag = draw.colour;
    }
}
