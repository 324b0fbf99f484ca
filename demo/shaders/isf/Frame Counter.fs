/*{
	"ISFVSN": "2",
	"DESCRIPTION": "One persistent 8-bit pass that reads itself back: red counts the frames drawn (+1/255 each), green is FRAMEINDEX/255, blue TIME×60/255.",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator", "Feedback"],
	"INPUTS": [],
	"PASSES": [
		{"TARGET": "counter", "PERSISTENT": true}
	]
}*/

void main() {
	float drawn = IMG_THIS_PIXEL(counter).r + 1.0 / 255.0;
	gl_FragColor = vec4(drawn, float(FRAMEINDEX) / 255.0, TIME * 60.0 / 255.0, 1.0);
}
