varying vec2 unused_coord;
varying vec2 shift;

void main() {
	isf_vertShaderInit();
	unused_coord = vec2(0.0, 0.25);
	shift = vec2(isf_FragNormCoord.x - 0.5, 0.0);
}
