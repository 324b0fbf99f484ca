struct Uniforms {
    data : array<vec4<f32>, 3>,
};

@group(0) @binding(0) var<uniform> uniforms : Uniforms;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    let resolution = uniforms.data[0].xy;
    let height = uniforms.data[1].x;
    let tint = uniforms.data[2].xyz;
    // as noisemaker's WGSL: y as the fragment position gives it; its runtime flips the frame when it shows it
    let st = pos.xy / resolution;
    return vec4<f32>(tint * step(1.0 - height, st.y), 1.0);
}
