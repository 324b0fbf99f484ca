@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(2) var<uniform> time: f32;
@group(0) @binding(3) var<uniform> scale: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = vec2<f32>(position.x, resolution.y - position.y) / resolution;
    let t = time * 6.2831853;
    let v = sin(uv.x * scale * 3.0 + t) + sin(uv.y * scale * 2.0 - t) + sin((uv.x + uv.y) * scale + t * 0.5);
    return vec4<f32>(0.5 + 0.5 * sin(v), 0.5 + 0.5 * sin(v + 2.094), 0.5 + 0.5 * sin(v + 4.188), 1.0);
}
