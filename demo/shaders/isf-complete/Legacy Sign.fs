/*{
  "DESCRIPTION": "Written for WebGL 1: redefines round and initialises a global from a uniform, valid GLSL ES 1.00 and not 3.00. Shows level as grey, rounded to tenths.",
  "ISFVSN": "2",
  "INPUTS": [{"NAME": "inputImage", "TYPE": "image"}, {"NAME": "level", "TYPE": "float", "DEFAULT": 0.54, "MIN": 0.0, "MAX": 1.0}]
}*/
float round(float x) { return floor(x + 0.5); }
float scaled = level * 10.0;

void main() {
    float v = round(scaled) / 10.0;
    gl_FragColor = vec4(v, v, v, 1.0) * vec4(vec3(IMG_SIZE(inputImage).x > 0.0 ? 1.0 : 0.0), 1.0);
}
