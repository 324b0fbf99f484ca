@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(3) var<uniform> zero: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let p = floor(position.xy);
    let inBox = p.x >= 8.0 && p.x <= 23.0 && p.y >= 4.0 && p.y <= 11.0;
    if (inBox) {
        return vec4<f32>(vec3<f32>(zero / zero), 1.0);
    }
    return vec4<f32>(0.2, 0.4, 0.6, 1.0);
}
