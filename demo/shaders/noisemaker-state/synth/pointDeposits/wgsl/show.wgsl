@group(0) @binding(0) var trailTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    var red = 0.0;
    var most = 0.0;
    var blue = 0.0;
    var lit = 0.0;
    for (var y = 0; y < 8; y++) {
        for (var x = 0; x < 8; x++) {
            let t = textureLoad(trailTex, vec2<i32>(x, y), 0);
            red += t.r;
            most = max(most, t.r);
            blue += t.b;
            lit += select(0.0, 1.0, t.r > 0.0);
        }
    }
    return vec4<f32>(red / 8.0, most, blue / 4.0, lit / 64.0);
}
