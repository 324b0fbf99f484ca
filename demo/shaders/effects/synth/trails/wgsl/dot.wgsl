@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(2) var<uniform> time: f32;
@group(0) @binding(3) var<uniform> radius: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = vec2<f32>(position.x, resolution.y - position.y) / resolution;
    let angle = 6.2831853 * time * 4.0;
    let centre = vec2<f32>(0.5) + 0.3 * vec2<f32>(cos(angle), sin(angle));
    let inside = step(distance(uv, centre), radius);
    return vec4<f32>(vec3<f32>(1.0, 0.8, 0.3) * inside, 1.0);
}
