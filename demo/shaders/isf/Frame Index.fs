/*{
	"ISFVSN": "2",
	"DESCRIPTION": "No feedback: red is FRAMEINDEX/255, green TIME×60/255, blue TIMEDELTA×60 (1 after the first frame).",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator"],
	"INPUTS": []
}*/

void main() {
	gl_FragColor = vec4(float(FRAMEINDEX) / 255.0, TIME * 60.0 / 255.0, TIMEDELTA * 60.0, 1.0);
}
