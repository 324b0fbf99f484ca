/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Filter: inverts the input's alpha; an opaque input becomes fully transparent.",
	"CREDIT": "FrameScope demo (issue 33)",
	"CATEGORIES": [
		"Utility"
	],
	"INPUTS": [
		{
			"NAME": "inputImage",
			"TYPE": "image"
		}
	]
}*/

void main() {
	vec4 color = IMG_THIS_PIXEL(inputImage);
	gl_FragColor = vec4(color.rgb, 1.0 - color.a);
}
