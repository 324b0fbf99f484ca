/*{
	"ISFVSN": "2",
	"DESCRIPTION": "debug_effect fixture: pass 0 writes max(x - 0.5, 0) into float target A; pass 1 divides that value by itself on line 19, so the left half of the frame is 0 / 0 = NaN and the right half 1.",
	"CREDIT": "FrameScope fixture",
	"CATEGORIES": ["Generator", "Multipass"],
	"INPUTS": [],
	"PASSES": [
		{"TARGET": "A", "FLOAT": true},
		{}
	]
}*/

void main() {
	if (PASSINDEX == 0) {
		gl_FragColor = vec4(max(isf_FragNormCoord.x - 0.5, 0.0), 0.0, 0.0, 1.0);
	} else {
		float v = IMG_NORM_PIXEL(A, isf_FragNormCoord).r;
		// line 19 divides 0 by 0 wherever pass 0 wrote 0
		float ratio = v / v;
		gl_FragColor = vec4(ratio, 0.25, 0.5, 1.0);
	}
}
