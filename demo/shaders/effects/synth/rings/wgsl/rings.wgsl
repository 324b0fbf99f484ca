@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(2) var<uniform> time: f32;
@group(0) @binding(3) var<uniform> rings: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = vec2<f32>(position.x, resolution.y - position.y) / resolution;
    let d = distance(uv, vec2<f32>(0.5));
    let w = 0.5 + 0.5 * cos(6.2831853 * (d * rings - time));
    return vec4<f32>(vec3<f32>(w, w * 0.7, 1.0 - w), 1.0);
}
