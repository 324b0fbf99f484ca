@group(0) @binding(0) var<uniform> volumeSize: i32;
@group(0) @binding(1) var<uniform> threshold: f32;

struct Outputs {
    @location(0) color: vec4<f32>,
    @location(1) geoOut: vec4<f32>,
}

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> Outputs {
    let z = floor(pos.y / f32(volumeSize));
    return Outputs(vec4<f32>(threshold + 0.1 * z, 0.0, 0.0, 1.0), vec4<f32>(0.0, 1.0, 0.0, 1.0));
}
