/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Takes GPU memory far beyond what a frame needs: eight 4096x4096 float targets (each double-buffered, 256 MiB a copy, 4 GiB in all on SwiftShader, where GPU memory is the GPU process's RAM), all drawn, then averaged into the output. FrameScope's per-process memory bound (FRAMESCOPE_BROWSER_MEMORY_MB) stops it.",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator"],
	"INPUTS": [],
	"PASSES": [
		{"TARGET": "big0", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big1", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big2", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big3", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big4", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big5", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big6", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big7", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{}
	]
}*/

void main() {
	vec2 uv = isf_FragNormCoord;
	if (PASSINDEX < 8) {
		gl_FragColor = vec4(uv, float(PASSINDEX) / 8.0, 1.0);
	} else {
		vec4 sum = IMG_NORM_PIXEL(big0, uv) + IMG_NORM_PIXEL(big1, uv) + IMG_NORM_PIXEL(big2, uv) + IMG_NORM_PIXEL(big3, uv)
			+ IMG_NORM_PIXEL(big4, uv) + IMG_NORM_PIXEL(big5, uv) + IMG_NORM_PIXEL(big6, uv) + IMG_NORM_PIXEL(big7, uv);
		gl_FragColor = sum / 8.0;
	}
}
