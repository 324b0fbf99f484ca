/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Temporal filter: the brighter of the input and the previous frames fading by decay, so moving content leaves trails; on a still input it shows the input.",
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
		gl_FragColor = IMG_THIS_PIXEL(trail);
	}
}
