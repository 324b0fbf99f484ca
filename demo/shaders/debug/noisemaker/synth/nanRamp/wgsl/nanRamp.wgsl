@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(1) var<uniform> level: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let x = position.x / resolution.x;
    let d = max(x - 0.5, 0.0);
    let r = d / d;
    return vec4<f32>(r * level, x, 0.5, 1.0);
}
