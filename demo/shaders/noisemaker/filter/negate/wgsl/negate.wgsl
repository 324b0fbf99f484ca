struct Uniforms {
    amount: f32,
}

@group(0) @binding(0) var inputSampler: sampler;
@group(0) @binding(1) var inputTex: texture_2d<f32>;
@group(0) @binding(2) var<uniform> uniforms: Uniforms;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    let size = vec2<f32>(textureDimensions(inputTex));
    let c = textureSample(inputTex, inputSampler, pos.xy / size);
    return vec4<f32>(mix(c.rgb, vec3<f32>(1.0) - c.rgb, uniforms.amount), c.a);
}
