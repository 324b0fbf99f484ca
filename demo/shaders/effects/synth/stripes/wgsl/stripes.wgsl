@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(2) var<uniform> time: f32;
@group(0) @binding(3) var<uniform> frequency: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = vec2<f32>(position.x, resolution.y - position.y) / resolution;
    let s = step(0.5, fract((uv.x + uv.y) * frequency * 0.5 + time));
    return vec4<f32>(vec3<f32>(0.2 + 0.6 * s, 0.3, 0.8 - 0.5 * s), 1.0);
}
