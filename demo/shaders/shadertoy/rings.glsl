// Rings: concentric rings rippling outward with iTime, centred on the mouse while a button is down
// (iMouse.z > 0) and on the middle of the frame otherwise; iChannel0 (the test card unless bound) tints them.
// iChannel0: testcard
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 centre = iMouse.z > 0.0 ? iMouse.xy : 0.5 * iResolution.xy;
    float d = length(fragCoord - centre) / iResolution.y;
    float ring = 0.5 + 0.5 * cos(40.0 * d - 4.0 * iTime);
    vec3 tint = texture(iChannel0, fragCoord / iResolution.xy).rgb;
    fragColor = vec4(mix(vec3(0.05, 0.05, 0.1), tint, ring * exp(-3.0 * d)), 1.0);
}
