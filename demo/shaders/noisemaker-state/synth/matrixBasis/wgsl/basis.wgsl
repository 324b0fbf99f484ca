@group(0) @binding(0) var<uniform> basis: mat3x3<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(basis * vec3<f32>(0.25, 0.5, 0.75), 1.0);
}
