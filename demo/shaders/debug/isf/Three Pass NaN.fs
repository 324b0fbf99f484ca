/*{
	"ISFVSN": "2",
	"DESCRIPTION": "debug_effect fixture with three passes: pass 0 writes max(x - 0.5, 0) into float target A, pass 1 copies A's value into float target B scaled by the y coordinate plus one, and pass 2 divides B's value by itself on line 23, so the left half of the frame is 0 / 0 = NaN and the right half 1.",
	"CREDIT": "FrameScope fixture",
	"CATEGORIES": ["Generator", "Multipass"],
	"INPUTS": [],
	"PASSES": [
		{"TARGET": "A", "FLOAT": true},
		{"TARGET": "B", "FLOAT": true},
		{}
	]
}*/
// © FrameScope: a character beyond ASCII in a comment, as in many public ISF files' licences
void main() {
	if (PASSINDEX == 0) {
		gl_FragColor = vec4(max(isf_FragNormCoord.x - 0.5, 0.0), 0.0, 0.0, 1.0);
	} else if (PASSINDEX == 1) {
		float a = IMG_NORM_PIXEL(A, isf_FragNormCoord).r;
		gl_FragColor = vec4(a * (1.0 + isf_FragNormCoord.y), 0.0, 0.0, 1.0);
	} else {
		float b = IMG_NORM_PIXEL(B, isf_FragNormCoord).r;
		// line 23 divides 0 by 0 wherever pass 0 wrote 0
		float ratio = b / b;
		gl_FragColor = vec4(ratio, 0.25, 0.5, 1.0);
	}
}
