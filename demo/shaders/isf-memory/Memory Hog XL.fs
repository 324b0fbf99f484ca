/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Memory Hog twice over: sixteen 4096x4096 float targets, all drawn (256 MiB each on SwiftShader, where GPU memory is the GPU process's RAM: over 4 GiB resident), then averaged into the output. FrameScope's default per-process memory bound, an eighth of the machine's memory (3 GiB on 24 GiB), stops it.",
	"CREDIT": "FrameScope demo (issue 33)",
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
		{"TARGET": "big8", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big9", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big10", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big11", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big12", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big13", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big14", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{"TARGET": "big15", "WIDTH": "4096", "HEIGHT": "4096", "FLOAT": true},
		{}
	]
}*/

void main() {
	vec2 uv = isf_FragNormCoord;
	if (PASSINDEX < 16) {
		gl_FragColor = vec4(uv, float(PASSINDEX) / 16.0, 1.0);
	} else {
		vec4 sum = IMG_NORM_PIXEL(big0, uv) + IMG_NORM_PIXEL(big1, uv) + IMG_NORM_PIXEL(big2, uv) + IMG_NORM_PIXEL(big3, uv) + IMG_NORM_PIXEL(big4, uv) + IMG_NORM_PIXEL(big5, uv) + IMG_NORM_PIXEL(big6, uv) + IMG_NORM_PIXEL(big7, uv) + IMG_NORM_PIXEL(big8, uv) + IMG_NORM_PIXEL(big9, uv) + IMG_NORM_PIXEL(big10, uv) + IMG_NORM_PIXEL(big11, uv) + IMG_NORM_PIXEL(big12, uv) + IMG_NORM_PIXEL(big13, uv) + IMG_NORM_PIXEL(big14, uv) + IMG_NORM_PIXEL(big15, uv);
		gl_FragColor = sum / 16.0;
	}
}
