@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(3) var<uniform> gain: f32;
@group(0) @binding(4) var<uniform> hue: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = vec2<f32>(position.x, resolution.y - position.y) / resolution;
    let unused = gain * 0.0;
    return vec4<f32>(uv.x, hue + unused, uv.y, 1.0);
}
