@group(0) @binding(0) var<uniform> resolution: vec2<f32>;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = position.xy / resolution;
    let color: vec4<f32> = vec3<f32>(uv, 0.5);
    return color;
}
