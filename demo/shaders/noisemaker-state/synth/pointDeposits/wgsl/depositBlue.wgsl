@group(0) @binding(0) var xyzTex: texture_2d<f32>;

struct VertexOutput {
    @builtin(position) position: vec4<f32>,
    @location(0) color: vec4<f32>,
}

@vertex
fn vertexMain(@builtin(vertex_index) i: u32) -> VertexOutput {
    var out: VertexOutput;
    if (i >= 16u) {
        out.position = vec4<f32>(7.5 / 4.0 - 1.0, 7.5 / 4.0 - 1.0, 0.0, 1.0);
        out.color = vec4<f32>(1.0);
        return out;
    }
    let s = textureLoad(xyzTex, vec2<i32>(i32(i % 4u), i32(i / 4u)), 0);
    if (s.w < 0.5) {
        out.position = vec4<f32>(2.0, 2.0, 0.0, 1.0);
        out.color = vec4<f32>(0.0);
        return out;
    }
    out.position = vec4<f32>(s.xy * 2.0 - 1.0, 0.0, 1.0);
    out.color = vec4<f32>(0.0, 0.0, 0.125, 0.0);
    return out;
}

@fragment
fn fragmentMain(in: VertexOutput) -> @location(0) vec4<f32> {
    return in.color;
}
