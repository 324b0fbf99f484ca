/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Filter: multiplies the input by a gain that has a DEFAULT and no MIN or MAX (1.0 copies the input).",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Color Effect"],
	"INPUTS": [
		{"NAME": "inputImage", "TYPE": "image"},
		{"NAME": "gain", "TYPE": "float", "DEFAULT": 1.0}
	]
}*/

void main() {
	vec4 color = IMG_THIS_PIXEL(inputImage);
	gl_FragColor = vec4(color.rgb * gain, color.a);
}
