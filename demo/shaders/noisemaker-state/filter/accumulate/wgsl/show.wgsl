@group(0) @binding(0) var stateTex: texture_2d<f32>;
@group(0) @binding(1) var wideTex: texture_2d<f32>;
@group(0) @binding(2) var<uniform> frame: i32;

@fragment
fn main(@builtin(position) pos: vec4<f32>, @location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    let size = textureDimensions(stateTex);
    let s = textureLoad(stateTex, vec2<i32>(uv * vec2<f32>(size)), 0);
    let wide = textureLoad(wideTex, vec2<i32>(0, 0), 0).r;
    if (uv.x < 0.5) {
        return vec4<f32>(s.r / 8.0, -s.g / 16.0, s.b / 64.0, 1.0);
    }
    return vec4<f32>((wide % 8.0) / 8.0, f32(frame) / 255.0, f32(size.x) / 64.0, 1.0);
}
