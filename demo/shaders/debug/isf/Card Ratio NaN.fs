/*{
	"ISFVSN": "2",
	"DESCRIPTION": "debug_effect fixture: one pass samples the test card between its texels (linear filtering) and divides max(x - 0.5, 0) by itself on line 15, so the left half of the frame is NaN and the right half the filtered card; native must filter the card as Chromium does.",
	"CREDIT": "FrameScope fixture",
	"CATEGORIES": ["Stylize"],
	"INPUTS": [
		{"NAME": "inputImage", "TYPE": "image"}
	]
}*/

void main() {
	vec4 card = IMG_NORM_PIXEL(inputImage, isf_FragNormCoord * 0.37 + vec2(0.11, 0.23));
	float z = max(isf_FragNormCoord.x - 0.5, 0.0);
	// line 15 divides 0 by 0 left of the middle
	float k = z / z;
	gl_FragColor = vec4(card.rgb * k, 1.0);
}
