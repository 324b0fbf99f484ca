@group(0) @binding(0) var<uniform> resolution: vec2<f32>;
@group(0) @binding(2) var<uniform> time: f32;
@group(0) @binding(3) var<uniform> speed: f32;
@group(0) @binding(4) var<uniform> gain: f32;

const PI: f32 = 3.14159265;

fn wave(x: f32, k: f32) -> f32 {
    return 0.5 + 0.5 * sin(x * k * PI);
}

fn palette(t: f32, boost: f32) -> vec3<f32> {
    return vec3<f32>(t, 1.0 - t, 0.5) * boost;
}

// glow(d) brightens near the centre; GLSL has no counterpart.
fn glow(d: f32) -> f32 {
    return exp(-d * 4.0);
}

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let uv = vec2<f32>(position.x, resolution.y - position.y) / resolution;
    let v = wave(uv.x + time * speed, 2.0);
    return vec4<f32>(palette(v, gain) * glow(length(uv - 0.5)), 1.0);
}
