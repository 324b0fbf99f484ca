@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(4) var<uniform> decay: f32;
@group(0) @binding(10) var inputSampler: sampler;
@group(0) @binding(11) var dotTex: texture_2d<f32>;
@group(0) @binding(12) var prevTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = position.xy / resolution;
    let previous = textureSample(prevTex, inputSampler, uv) * decay;
    return vec4<f32>(max(textureSample(dotTex, inputSampler, uv).rgb, previous.rgb), 1.0);
}
