@group(0) @binding(0) var inputColor: texture_2d<f32>;
@group(0) @binding(1) var tex1: texture_2d<f32>;
@group(0) @binding(2) var statsTexture: texture_2d<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    let size = vec2<f32>(textureDimensions(inputColor));
    let c = vec2<i32>(pos.xy);
    if (pos.x < size.x / 3.0) {
        return vec4<f32>(textureLoad(inputColor, c, 0).rgb, 1.0);
    }
    if (pos.x < 2.0 * size.x / 3.0) {
        return vec4<f32>(textureLoad(tex1, c, 0).rgb, 1.0);
    }
    return vec4<f32>(textureLoad(statsTexture, c, 0).rgb, 1.0);
}
