/*{
  "DESCRIPTION": "Valid in neither GLSL ES 3.00 (it redefines the built-in sign) nor 1.00 (its loop is bounded by a uniform): both versions' errors must be reported",
  "ISFVSN": "2",
  "CATEGORIES": ["Test"],
  "INPUTS": [{"NAME": "steps", "TYPE": "float", "DEFAULT": 4.0, "MIN": 1.0, "MAX": 8.0}]
}*/

float sign(float x) {
	return x < 0.0 ? -1.0 : 1.0;
}

void main() {
	float level = 0.0;
	for (float i = 0.0; i < steps; i += 1.0) {
		level += 0.1;
	}
	gl_FragColor = vec4(vec3(level * sign(1.0)), 1.0);
}
