/*{
	"ISFVSN": "2",
	"DESCRIPTION": "A FLOAT target holding values an 8-bit target cannot: 2.5 (above 1) and 0.001 (below 1/255), shown through a FLOAT final pass.",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator", "Multipass"],
	"INPUTS": [],
	"PASSES": [
		{"TARGET": "hdr", "FLOAT": true},
		{"FLOAT": true}
	]
}*/

void main() {
	if (PASSINDEX == 0) {
		gl_FragColor = vec4(2.5, 0.001, 0.25, 1.0);
	} else {
		gl_FragColor = IMG_THIS_PIXEL(hdr);
	}
}
