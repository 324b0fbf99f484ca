@group(0) @binding(0) var<storage, read_write> state: array<vec4<f32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    state[id.x] = state[id.x] + vec4<f32>(0.01, 0.0, 0.0, 0.0);
}
