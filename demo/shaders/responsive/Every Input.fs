/*{
    "DESCRIPTION": "Every ISF input type changes the picture: FrameScope's testUniformResponsiveness test effect.",
    "CREDIT": "FrameScope",
    "ISFVSN": "2",
    "CATEGORIES": ["Test"],
    "INPUTS": [
        {"NAME": "invert", "TYPE": "bool", "DEFAULT": false},
        {"NAME": "tint", "TYPE": "color", "DEFAULT": [0.2, 0.4, 0.6, 1.0]},
        {"NAME": "centre", "TYPE": "point2D", "DEFAULT": [0.25, 0.25]},
        {"NAME": "flash", "TYPE": "event"},
        {"NAME": "mode", "TYPE": "long", "VALUES": [0, 1, 2], "LABELS": ["rings", "bands", "flat"], "DEFAULT": 0},
        {"NAME": "steps", "TYPE": "long", "MIN": 1, "MAX": 8, "DEFAULT": 2},
        {"NAME": "gain", "TYPE": "float", "DEFAULT": 0.75}
    ]
}*/
void main() {
    vec2 uv = isf_FragNormCoord;
    float d = distance(uv, centre);
    float v = mode == 0 ? fract(d * float(steps) * 2.0) : mode == 1 ? fract(uv.x * float(steps)) : 0.5;
    vec3 c = clamp(tint.rgb * v * gain, 0.0, 1.0);
    if (invert) {
        c = 1.0 - c;
    }
    if (flash) {
        c = c * 0.5 + 0.25;
    }
    gl_FragColor = vec4(c, 1.0);
}
