// Probe: red = fragCoord.x / width, green = fragCoord.y / height (0 at the bottom), blue = iTime / 8 s.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    fragColor = vec4(uv, clamp(iTime / 8.0, 0.0, 1.0), 1.0);
}
