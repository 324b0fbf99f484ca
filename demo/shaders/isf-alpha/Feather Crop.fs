/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Filter: crops `crop` of the frame from each side, alpha feathered over 0.1 inside the edge.",
	"CREDIT": "FrameScope demo (issue 33)",
	"CATEGORIES": [
		"Utility"
	],
	"INPUTS": [
		{
			"NAME": "inputImage",
			"TYPE": "image"
		},
		{
			"NAME": "crop",
			"TYPE": "float",
			"DEFAULT": 0.0,
			"MIN": 0.0,
			"MAX": 0.5
		}
	]
}*/

void main() {
	vec4 color = IMG_THIS_PIXEL(inputImage);
	vec2 d = min(isf_FragNormCoord, 1.0 - isf_FragNormCoord) - crop;
	float edge = clamp(min(d.x, d.y) / 0.1, 0.0, 1.0);
	gl_FragColor = vec4(color.rgb, color.a * edge);
}
