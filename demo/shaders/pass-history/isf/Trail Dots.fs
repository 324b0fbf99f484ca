/*{
	"ISFVSN": "2",
	"DESCRIPTION": "A trail that counts frames (feedback), and the output painted one column a frame, every other pixel discarded: the painted columns accumulate (made by scripts/make-pass-history.py).",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator", "Feedback"],
	"INPUTS": [],
	"PASSES": [
		{"TARGET": "trail", "PERSISTENT": true, "FLOAT": true},
		{}
	]
}*/

void main() {
	if (PASSINDEX == 0) {
		gl_FragColor = vec4(0.0, IMG_THIS_PIXEL(trail).g + 0.015625, 0.0, 1.0);
	} else {
		// the column of this frame; every other pixel keeps what the output held
		if (floor(gl_FragCoord.x) != mod(float(FRAMEINDEX), 16.0)) discard;
		gl_FragColor = vec4(1.0, IMG_THIS_PIXEL(trail).g, 0.0, 1.0);
	}
}
