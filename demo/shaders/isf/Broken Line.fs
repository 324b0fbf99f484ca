/*{
	"ISFVSN": "2",
	"DESCRIPTION": "Known defect for tests: an undeclared variable on line 11 of this file.",
	"CATEGORIES": ["Generator"],
	"INPUTS": []
}*/

void main() {
	vec2 uv = isf_FragNormCoord;
	// line 11 uses a name that does not exist
	gl_FragColor = vec4(uv, missingValue, 1.0);
}
