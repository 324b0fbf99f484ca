@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(3) var<uniform> spread: f32;
@group(0) @binding(10) var inputSampler: sampler;
@group(0) @binding(11) var inputTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = position.xy / resolution;
    let step1 = vec2<f32>(spread / resolution.x, 0.0);
    let sum = textureSample(inputTex, inputSampler, uv - 2.0 * step1) + textureSample(inputTex, inputSampler, uv - step1)
        + textureSample(inputTex, inputSampler, uv) + textureSample(inputTex, inputSampler, uv + step1)
        + textureSample(inputTex, inputSampler, uv + 2.0 * step1);
    return sum / 5.0;
}
