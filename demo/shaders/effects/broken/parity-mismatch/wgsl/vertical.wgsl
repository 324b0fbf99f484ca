@group(0) @binding(0) var<uniform> resolution: vec2<f32>;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    // Defect: no y flip (should be (resolution.y - position.y) / resolution.y).
    let v = position.y / resolution.y;
    return vec4<f32>(v, 0.2, 1.0 - v, 1.0);
}
