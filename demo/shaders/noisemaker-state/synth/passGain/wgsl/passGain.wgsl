@group(0) @binding(0) var<uniform> uGain: f32;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(uGain, 0.0, 1.0 - uGain, 1.0);
}
