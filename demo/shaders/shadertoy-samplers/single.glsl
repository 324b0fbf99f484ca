// Probe: a single file's channel options. iChannel0 is the ramp with Shadertoy's texture defaults (mipmap,
// repeat); iChannel1 the ramp with "wrap=clamp filter=nearest". Red: iChannel0 at u = 1.25 (repeat: u 0.25, dark
// grey); green: iChannel1 there (clamp: the right edge, nearly white).
// iChannel0: ramp
// iChannel1: ramp wrap=clamp filter=nearest
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 beyond = vec2(1.25, 0.5);
    fragColor = vec4(texture(iChannel0, beyond).r, texture(iChannel1, beyond).r, 0.0, 1.0);
}
