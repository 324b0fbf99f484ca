/*{
	"ISFVSN": "2",
	"DESCRIPTION": "A fixture for the non-finite probe: pass 0 writes +Inf in red (1/abs(zero), zero 0 by default) into a FLOAT target, which keeps it; the FLOAT final pass copies it, so every pixel of the result is +Inf in red.",
	"CREDIT": "FrameScope fixture",
	"CATEGORIES": ["Generator", "Multipass"],
	"INPUTS": [
		{"NAME": "zero", "TYPE": "float", "DEFAULT": 0.0, "MIN": 0.0, "MAX": 1.0}
	],
	"PASSES": [
		{"TARGET": "hdr", "FLOAT": true},
		{"FLOAT": true}
	]
}*/

void main() {
	if (PASSINDEX == 0) {
		gl_FragColor = vec4(1.0 / abs(zero), 0.25, 0.5, 1.0);
	} else {
		gl_FragColor = IMG_THIS_PIXEL(hdr);
	}
}
