/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Two passes: a gradient drawn into a quarter-size target, then shown at full size (blocky by design).",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator", "Multipass"],
	"INPUTS": [],
	"PASSES": [
		{"TARGET": "small", "WIDTH": "$WIDTH/4", "HEIGHT": "floor($HEIGHT/4)"},
		{}
	]
}*/

void main() {
	if (PASSINDEX == 0) {
		// RENDERSIZE is the target's size in this pass: each texel gets its own normalised centre.
		gl_FragColor = vec4(gl_FragCoord.xy / RENDERSIZE, 0.0, 1.0);
	} else {
		gl_FragColor = IMG_NORM_PIXEL(small, isf_FragNormCoord);
	}
}
