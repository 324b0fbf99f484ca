// SHAPE is a const the runtime adds from the `shape` global's define.
@group(0) @binding(0) var<uniform> mode: i32;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    let level = select(0.5, 1.0, mode == 1);
    if (SHAPE == 0) {
        return vec4<f32>(0.0, level, 0.0, 1.0);
    }
    return vec4<f32>(0.0, 0.0, level, 1.0);
}
