// Globals named like the uniforms of FrameScope's wrapper once were: Shadertoy accepts them, so must FrameScope.
float time = 0.25;
vec2 resolution = vec2(2.0);

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    fragColor = vec4(time, resolution.x / 8.0, iTime / 8.0, 1.0);
}
