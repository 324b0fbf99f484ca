@group(0) @binding(0) var trailTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return textureLoad(trailTex, vec2<i32>(pos.xy), 0) * 0.5;
}
