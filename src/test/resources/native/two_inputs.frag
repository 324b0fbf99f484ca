#version 310 es
// NativeRendererIT's shader: pixel column x reads probe x from the uniform block at binding 3, samples `grid`
// (binding 5: 2x2, nearest, repeat in s, mirror in t) at probe.xy and `ramp` (binding 7: 2x1, linear, clamp) at
// (probe.z, 0.5), and writes (grid.r, ramp.r, grid.g, bias + row).
precision highp float;

layout(std140, set = 0, binding = 3) uniform Params {
    vec4 probes[8];
    float bias;
} params;
layout(set = 0, binding = 5) uniform highp sampler2D grid;
layout(set = 0, binding = 7) uniform highp sampler2D ramp;
layout(location = 0) out vec4 colour;

void main() {
    vec4 probe = params.probes[int(gl_FragCoord.x)];
    vec4 g = texture(grid, probe.xy);
    vec4 r = texture(ramp, vec2(probe.z, 0.5));
    colour = vec4(g.r, r.r, g.g, params.bias + floor(gl_FragCoord.y));
}
