/*{
    "DESCRIPTION": "Declares every ISF input type and lets none of them change a pixel (each is read, times zero).",
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
    float unused = float(invert) + tint.r + centre.x + float(flash) + float(mode) + float(steps) + gain;
    gl_FragColor = vec4(uv, 0.5 + 0.0 * unused, 1.0);
}
