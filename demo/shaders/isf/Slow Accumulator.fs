/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Persistent float feedback: adds 0.001 per frame, too little for an 8-bit target to keep.",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator", "Feedback"],
	"INPUTS": [],
	"PASSES": [
		{"TARGET": "acc", "PERSISTENT": true, "FLOAT": true},
		{}
	]
}*/

void main() {
	if (PASSINDEX == 0) {
		gl_FragColor = IMG_THIS_PIXEL(acc) + vec4(0.001, 0.001, 0.001, 0.0);
		gl_FragColor.a = 1.0;
	} else {
		gl_FragColor = vec4(IMG_THIS_PIXEL(acc).rgb, 1.0);
	}
}
