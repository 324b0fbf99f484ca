// Probe: shows iChannel0 over the frame; the leftmost column holds iChannelResolution[0].xy / 255 in red and
// green, and iChannel1 is sampled too (an unbound card) so that binding both is possible.
// iChannel1: ramp
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    fragColor = vec4(texture(iChannel0, uv).rgb + 0.0 * texture(iChannel1, uv).rgb, 1.0);
    if (fragCoord.x < 1.0) {
        fragColor = vec4(iChannelResolution[0].xy / 255.0, 0.0, 1.0);
    }
}
