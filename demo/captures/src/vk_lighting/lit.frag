#version 450
// Spotlight of the lighting fixture. The screen is cut into 4x4-pixel cells; a pixel is lit by how well the offset
// from the light's cell lines up with the light's direction (a cosine, 1 along the axis). The cosine divides by the
// offset's length, which is 0 in the light's own cell: there, along / dist is 0 / 0 and the cell turns NaN.
layout(set = 0, binding = 0) uniform LightBlock {
    vec2 cell;
    vec2 direction;
    vec4 colour;
} light;
layout(location = 0) in vec3 v_normal;
layout(location = 0) out vec4 out_colour;
void main() {
    vec2 offset = floor(gl_FragCoord.xy / 4.0) - light.cell;
    float along = dot(offset, light.direction);
    float dist = length(offset);
    float cosine = along / dist;
    float facing = max(dot(normalize(v_normal), vec3(0.0, 0.0, -1.0)), 0.0);
    vec3 lit = light.colour.rgb * (0.5 + 0.5 * cosine) * facing;
    out_colour = vec4(lit + vec3(0.02), 1.0);
}
