@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(2) var<uniform> time: f32;
@group(0) @binding(3) var<uniform> speed: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = vec2<f32>(position.x, resolution.y - position.y) / resolution;
    let t = fract(uv.x + time * speed);
    return vec4<f32>(mix(vec3<f32>(0.1, 0.2, 0.8), vec3<f32>(0.9, 0.5, 0.1), t), 1.0);
}
