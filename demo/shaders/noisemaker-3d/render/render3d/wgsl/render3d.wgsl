@group(0) @binding(0) var volumeCache: texture_2d<f32>;
@group(0) @binding(1) var analyticalGeo: texture_2d<f32>;
@group(0) @binding(2) var<uniform> volumeSize: i32;
@group(0) @binding(3) var<uniform> threshold: f32;

struct Outputs {
    @location(0) color: vec4<f32>,
    @location(1) geoOut: vec4<f32>,
}

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> Outputs {
    let v = textureLoad(volumeCache, vec2<i32>(0, volumeSize * volumeSize - 1), 0);
    let height = f32(textureDimensions(volumeCache).y);
    return Outputs(vec4<f32>(v.r, threshold, height / 64.0, 1.0), textureLoad(analyticalGeo, vec2<i32>(0, 0), 0));
}
