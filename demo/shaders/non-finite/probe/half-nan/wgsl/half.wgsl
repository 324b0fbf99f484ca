@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(3) var<uniform> zero: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    if (position.x < 0.5 * resolution.x) {
        return vec4<f32>(zero / zero);
    }
    return vec4<f32>(0.5, 0.5, 0.5, 1.0);
}
