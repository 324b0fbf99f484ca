@group(0) @binding(0) var stateTex: texture_2d<f32>;
@group(0) @binding(1) var<uniform> resolution: vec2<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    let s = textureLoad(stateTex, vec2<i32>(pos.xy), 0) + vec4<f32>(0.25, -0.5, 0.0, 0.0);
    return vec4<f32>(s.rg, resolution.x, 1.0);
}
