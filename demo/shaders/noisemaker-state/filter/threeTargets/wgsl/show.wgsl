@group(0) @binding(0) var aTex: texture_2d<f32>;
@group(0) @binding(1) var bTex: texture_2d<f32>;
@group(0) @binding(2) var cTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    let a = textureLoad(aTex, vec2<i32>(0, 0), 0).r;
    let b = textureLoad(bTex, vec2<i32>(0, 0), 0).r;
    let c = textureLoad(cTex, vec2<i32>(0, 0), 0).r;
    return vec4<f32>(a, b / 4.0, c, f32(textureDimensions(aTex).x) / 64.0);
}
