/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Generator: rings pulsing out from a movable centre.",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator"],
	"INPUTS": [
		{"NAME": "rings", "TYPE": "float", "DEFAULT": 6.0, "MIN": 1.0, "MAX": 20.0},
		{"NAME": "center", "TYPE": "point2D", "DEFAULT": [0.5, 0.5]},
		{"NAME": "tint", "TYPE": "color", "DEFAULT": [1.0, 0.6, 0.2, 1.0]}
	]
}*/

void main() {
	float d = distance(isf_FragNormCoord, center);
	float wave = 0.5 + 0.5 * cos(6.2831853 * (d * rings - TIME));
	gl_FragColor = vec4(tint.rgb * wave, 1.0);
}
