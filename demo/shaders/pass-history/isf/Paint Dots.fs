/*{
	"ISFVSN": "2",
	"DESCRIPTION": "The output painted one column a frame, every other pixel discarded: the painted columns accumulate although no pass reads an earlier frame (made by scripts/make-pass-history.py).",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator"],
	"INPUTS": []
}*/

void main() {
	if (floor(gl_FragCoord.x) != mod(float(FRAMEINDEX), 16.0)) discard;
	gl_FragColor = vec4(1.0);
}
