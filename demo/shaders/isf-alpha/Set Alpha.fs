/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Filter: the input's colour with alpha set to `opacity`.",
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
			"NAME": "opacity",
			"TYPE": "float",
			"DEFAULT": 1.0,
			"MIN": 0.0,
			"MAX": 1.0
		}
	]
}*/

void main() {
	vec4 color = IMG_THIS_PIXEL(inputImage);
	gl_FragColor = vec4(color.rgb, opacity);
}
