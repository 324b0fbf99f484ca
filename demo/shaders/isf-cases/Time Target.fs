/*{
	"ISFVSN": "2",
	"DESCRIPTION": "A pass whose TARGET is named time, like FrameScope's own time uniform: the first pass writes TIME / 8 into it, the second reads it back as grey.",
	"CREDIT": "FrameScope test case",
	"CATEGORIES": ["Test"],
	"INPUTS": [],
	"PASSES": [
		{"TARGET": "time", "WIDTH": "1", "HEIGHT": "1"},
		{}
	]
}*/
void main() {
	if (PASSINDEX == 0) {
		gl_FragColor = vec4(vec3(TIME / 8.0), 1.0);
		return;
	}
	float t = IMG_PIXEL(time, vec2(0.5, 0.5)).r;
	gl_FragColor = vec4(vec3(t), 1.0) * step(0.5, RENDERSIZE.x) * step(0.0, isf_FragNormCoord.x);
}
