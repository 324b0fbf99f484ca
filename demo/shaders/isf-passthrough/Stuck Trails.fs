/*{
	"ISFVSN": "2",
	"DESCRIPTION": "A passthrough bug in a temporal filter: the trails are kept, but the last pass shows the input instead of them, whatever decay says.",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Feedback"],
	"INPUTS": [
		{"NAME": "inputImage", "TYPE": "image"},
		{"NAME": "decay", "TYPE": "float", "DEFAULT": 0.95, "MIN": 0.5, "MAX": 0.99}
	],
	"PASSES": [
		{"TARGET": "trail", "PERSISTENT": true},
		{}
	]
}*/

void main() {
	if (PASSINDEX == 0) {
		gl_FragColor = max(IMG_THIS_PIXEL(inputImage), IMG_THIS_PIXEL(trail) * decay);
	} else {
		gl_FragColor = IMG_THIS_PIXEL(inputImage);
	}
}
