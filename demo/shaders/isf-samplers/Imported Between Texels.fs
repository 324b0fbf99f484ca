/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Reads an IMPORTED 2x1 image (black, white) halfway between its texels: 0.5 when sampled linearly as ISF hosts do.",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator"],
	"INPUTS": [],
	"IMPORTED": {
		"twoTexels": {"PATH": "two-texels.png"}
	}
}*/

void main() {
	// u 0.5 is the border between the black and the white texel; the right half of the frame reads the white
	// texel's centre (u 0.75), which is white however it is sampled.
	float u = isf_FragNormCoord.x < 0.5 ? 0.5 : 0.75;
	gl_FragColor = IMG_NORM_PIXEL(twoTexels, vec2(u, 0.5));
}
