/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Filter: rotates the colour channels of the input image.",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Color Effect"],
	"INPUTS": [
		{"NAME": "inputImage", "TYPE": "image"},
		{"NAME": "mixAmount", "TYPE": "float", "DEFAULT": 1.0, "MIN": 0.0, "MAX": 1.0}
	]
}*/

void main() {
	vec4 color = IMG_THIS_PIXEL(inputImage);
	gl_FragColor = vec4(mix(color.rgb, color.gbr, mixAmount), color.a);
}
