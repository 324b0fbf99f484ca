@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(3) var<uniform> spread: f32;
@group(0) @binding(10) var inputSampler: sampler;
@group(0) @binding(11) var blurX: texture_2d<f32>;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = position.xy / resolution;
    let step1 = vec2<f32>(0.0, spread / resolution.y);
    let sum = textureSample(blurX, inputSampler, uv - 2.0 * step1) + textureSample(blurX, inputSampler, uv - step1)
        + textureSample(blurX, inputSampler, uv) + textureSample(blurX, inputSampler, uv + step1)
        + textureSample(blurX, inputSampler, uv + 2.0 * step1);
    return sum / 5.0;
}
