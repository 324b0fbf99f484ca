/*{
	"ISFVSN": "2",
	"DESCRIPTION": "debug_effect fixture with a vertex stage (Vertex NaN.vs): the .vs hands over shift = x - 0.5 per vertex; the fragment divides max(shift, 0) by itself on line 15, so the left half is 0 / 0 = NaN.",
	"CREDIT": "FrameScope fixture",
	"CATEGORIES": ["Generator"],
	"INPUTS": []
}*/

varying vec2 shift;
varying vec2 unused_coord;

void main() {
	float q = max(shift.x, 0.0);
	// line 15 divides 0 by 0 wherever the vertex stage's shift is at most 0
	float r = q / q;
	gl_FragColor = vec4(r, unused_coord.y, 0.5, 1.0);
}
