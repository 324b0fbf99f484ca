@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(3) var<uniform> strength: f32;
@group(0) @binding(10) var inputSampler: sampler;
@group(0) @binding(11) var inputTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = position.xy / resolution;
    let color = textureSample(inputTex, inputSampler, uv);
    let d = distance(uv, vec2<f32>(0.5)) * 1.4142;
    return vec4<f32>(color.rgb * clamp(1.0 - strength * d * d, 0.0, 1.0), color.a);
}
