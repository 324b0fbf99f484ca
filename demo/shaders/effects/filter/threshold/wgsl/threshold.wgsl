@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(3) var<uniform> level: f32;
@group(0) @binding(10) var inputSampler: sampler;
@group(0) @binding(11) var inputTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = position.xy / resolution;
    let color = textureSample(inputTex, inputSampler, uv);
    let y = dot(color.rgb, vec3<f32>(0.299, 0.587, 0.114));
    return vec4<f32>(vec3<f32>(step(level, y)), color.a);
}
