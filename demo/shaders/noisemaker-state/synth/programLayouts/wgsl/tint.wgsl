struct Uniforms {
    data : array<vec4<f32>, 1>,
};

@group(0) @binding(0) var<uniform> uniforms : Uniforms;
@group(0) @binding(1) var levelTex : texture_2d<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    let level = textureLoad(levelTex, vec2<i32>(pos.xy), 0).r;
    return vec4<f32>(level * uniforms.data[0].x, 0.0, 0.0, 1.0);
}
