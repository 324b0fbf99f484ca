@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    let c = vec2<i32>(pos.xy);
    let i = c.y * 4 + c.x;
    var px = vec2<f32>(f32(i - 8), 6.0);
    if (i < 2) {
        px = vec2<f32>(3.0, 3.0);
    } else if (i < 8) {
        px = vec2<f32>(f32(i), 5.0);
    }
    return vec4<f32>((px + 0.5) / 8.0, 0.0, select(0.0, 1.0, i < 12));
}
