// 13 uniform bindings, 12 of them used: resolution is declared and never read
@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(1) var<uniform> paletteOffset: vec3<f32>;
@group(0) @binding(2) var<uniform> paletteMode: i32;
@group(0) @binding(3) var<uniform> a0: f32;
@group(0) @binding(4) var<uniform> a1: f32;
@group(0) @binding(5) var<uniform> a2: f32;
@group(0) @binding(6) var<uniform> a3: f32;
@group(0) @binding(7) var<uniform> a4: f32;
@group(0) @binding(8) var<uniform> a5: f32;
@group(0) @binding(9) var<uniform> a6: f32;
@group(0) @binding(10) var<uniform> a7: f32;
@group(0) @binding(11) var<uniform> a8: f32;
@group(0) @binding(12) var<uniform> a9: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let zero = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9;
    return vec4<f32>(paletteOffset.rg + vec2<f32>(zero), f32(paletteMode) / 4.0, 1.0);
}
