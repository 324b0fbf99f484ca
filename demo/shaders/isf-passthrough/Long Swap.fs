/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Filter: each output channel takes the input channel its long input names, like Vidvox's RGBA Swap. At the defaults it copies the input; any other value swaps channels.",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Color Effect"],
	"INPUTS": [
		{"NAME": "inputImage", "TYPE": "image"},
		{"NAME": "redInput", "TYPE": "long", "VALUES": [0, 1, 2], "LABELS": ["R", "G", "B"], "DEFAULT": 0},
		{"NAME": "greenInput", "TYPE": "long", "VALUES": [0, 1, 2], "LABELS": ["R", "G", "B"], "DEFAULT": 1},
		{"NAME": "blueInput", "TYPE": "long", "VALUES": [0, 1, 2], "LABELS": ["R", "G", "B"], "DEFAULT": 2}
	]
}*/

float pick(vec4 color, int channel) {
	return channel == 0 ? color.r : channel == 1 ? color.g : color.b;
}

void main() {
	vec4 color = IMG_THIS_PIXEL(inputImage);
	gl_FragColor = vec4(pick(color, int(redInput)), pick(color, int(greenInput)), pick(color, int(blueInput)), color.a);
}
