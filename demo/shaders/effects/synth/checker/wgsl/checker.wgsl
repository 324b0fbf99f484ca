@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(2) var<uniform> time: f32;
@group(0) @binding(3) var<uniform> cells: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = vec2<f32>(position.x, resolution.y - position.y) / resolution;
    let cell = floor(uv * cells + vec2<f32>(time * 2.0, 0.0));
    let on = (cell.x + cell.y) - 2.0 * floor((cell.x + cell.y) / 2.0);
    return vec4<f32>(mix(vec3<f32>(0.15, 0.15, 0.2), vec3<f32>(0.9, 0.85, 0.7), on), 1.0);
}
