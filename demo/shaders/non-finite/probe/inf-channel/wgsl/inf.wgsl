@group(0) @binding(3) var<uniform> zero: f32;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let row = floor(position.y);
    var blue = 0.0;
    if (row < 2.0) {
        blue = -1.0 / zero;
    }
    return vec4<f32>(1.0 / zero, 0.5, blue, 1.0);
}
