@group(0) @binding(0) var aTex: texture_2d<f32>;

struct Outputs {
    @location(0) a: vec4<f32>,
    @location(1) b: vec4<f32>,
    @location(2) c: vec4<f32>,
}

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> Outputs {
    var out: Outputs;
    out.a = textureLoad(aTex, vec2<i32>(pos.xy), 0) + vec4<f32>(0.1, 0.0, 0.0, 0.0);
    out.b = vec4<f32>(2.5, 0.0, 0.0, 1.0);
    out.c = vec4<f32>(0.75, 0.0, 0.0, 1.0);
    return out;
}
