@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(3) var<uniform> size: f32;
@group(0) @binding(10) var inputSampler: sampler;
@group(0) @binding(11) var inputTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let centre = (floor(position.xy / size) + 0.5) * size;
    return textureSample(inputTex, inputSampler, centre / resolution);
}
