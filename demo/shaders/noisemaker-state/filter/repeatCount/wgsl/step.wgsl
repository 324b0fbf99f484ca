@group(0) @binding(0) var stateTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return textureLoad(stateTex, vec2<i32>(pos.xy), 0) + vec4<f32>(0.1, 0.0, 0.0, 0.0);
}
