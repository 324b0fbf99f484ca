@group(0) @binding(0) var trailTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(textureLoad(trailTex, vec2<i32>(0, 0), 0).r, 0.0, 0.0, 1.0);
}
