@group(0) @binding(0) var wideTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return textureLoad(wideTex, vec2<i32>(0, 0), 0) + vec4<f32>(2049.0, 0.0, 0.0, 0.0);
}
