/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Shows an imported 4x4 palette image stretched over the frame.",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator"],
	"INPUTS": [],
	"IMPORTED": {
		"palette": {"PATH": "palette.png"}
	}
}*/

void main() {
	gl_FragColor = IMG_NORM_PIXEL(palette, isf_FragNormCoord);
}
