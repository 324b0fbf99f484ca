@group(0) @binding(0) var inputTex3d: texture_2d<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    let v = textureLoad(inputTex3d, vec2<i32>(pos.xy), 0);
    return vec4<f32>(1.0 - v.r, 0.0, 0.0, 1.0);
}
