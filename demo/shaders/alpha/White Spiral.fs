/*{
    "DESCRIPTION": "A white spiral on a transparent background (alpha 0 off the spiral).",
    "CREDIT": "FrameScope",
    "ISFVSN": "2",
    "CATEGORIES": ["Test"],
    "INPUTS": []
}*/
void main() {
    vec2 p = isf_FragNormCoord - 0.5;
    float r = length(p);
    float a = atan(p.y, p.x) / 6.2831853;
    float arm = fract(r * 6.0 - a);
    float on = r < 0.48 && arm < 0.3 ? 1.0 : 0.0;
    gl_FragColor = vec4(vec3(on), on);
}
