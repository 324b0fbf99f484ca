struct Params {
    width : f32,
    height : f32,
    channels : f32,
    amount : f32,
};

@group(0) @binding(0) var inputTex : texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> output_buffer : array<f32>;
@group(0) @binding(2) var<uniform> params : Params;

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) gid : vec3<u32>) {
    let width = u32(params.width);
    if (gid.x >= width || gid.y >= u32(params.height)) {
        return;
    }
    let c = textureLoad(inputTex, vec2<i32>(i32(gid.x), i32(gid.y)), 0);
    let rgb = mix(c.rgb, vec3<f32>(1.0) - c.rgb, params.amount);
    let at = (gid.y * width + gid.x) * u32(params.channels);
    output_buffer[at] = rgb.x;
    output_buffer[at + 1u] = rgb.y;
    output_buffer[at + 2u] = rgb.z;
    output_buffer[at + 3u] = c.a;
}
