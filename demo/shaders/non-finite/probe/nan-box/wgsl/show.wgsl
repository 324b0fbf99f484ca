@group(0) @binding(11) var nanTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    return textureLoad(nanTex, vec2<i32>(position.xy), 0);
}
