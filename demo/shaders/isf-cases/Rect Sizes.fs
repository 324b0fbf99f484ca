/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Reads ISF 1's per-image built-in _inputImage_imgRect: its size (.zw) is the input's, so the left half is the input and the right half red.",
	"CREDIT": "FrameScope test case",
	"CATEGORIES": ["Test"],
	"INPUTS": [
		{"NAME": "inputImage", "TYPE": "image"}
	]
}*/
void main() {
	vec2 loc = _inputImage_imgRect.zw * isf_FragNormCoord;
	if (loc.x < _inputImage_imgRect.z / 2.0 && !_inputImage_flip)
		gl_FragColor = IMG_NORM_PIXEL(inputImage, loc / _inputImage_imgSize);
	else
		gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0);
}
