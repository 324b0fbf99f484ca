struct Uniforms {
    frame: i32,
    deltaTime: f32,
}

@group(0) @binding(0) var<uniform> uniforms: Uniforms;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(f32(uniforms.frame) / 255.0, uniforms.deltaTime * 240.0, 0.5, 1.0);
}
