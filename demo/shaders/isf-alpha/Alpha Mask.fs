/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Filter: a round mask; alpha outside the disc of `radius` (of the half width) is 0.",
	"CREDIT": "FrameScope demo (issue 33)",
	"CATEGORIES": [
		"Utility"
	],
	"INPUTS": [
		{
			"NAME": "inputImage",
			"TYPE": "image"
		},
		{
			"NAME": "radius",
			"TYPE": "float",
			"DEFAULT": 1.0,
			"MIN": 0.0,
			"MAX": 1.0
		}
	]
}*/

void main() {
	vec4 color = IMG_THIS_PIXEL(inputImage);
	vec2 p = isf_FragNormCoord * 2.0 - 1.0;
	gl_FragColor = vec4(color.rgb, length(p) <= radius ? color.a : 0.0);
}
