#version 310 es
// Column f of row 0 looks straight down axis f in GL's face order (+X, -X, +Y, -Y, +Z, -Z); row 1, column 0 looks
// toward the +X face's corner where s and t are both near 1 (GL: s = -z, t = -y on that face).
precision highp float;
layout(binding = 2) uniform highp samplerCube cube;
layout(location = 0) out vec4 o;
void main() {
  int f = int(gl_FragCoord.x);
  vec3 d = f == 0 ? vec3(1, 0, 0) : f == 1 ? vec3(-1, 0, 0) : f == 2 ? vec3(0, 1, 0)
         : f == 3 ? vec3(0, -1, 0) : f == 4 ? vec3(0, 0, 1) : vec3(0, 0, -1);
  if (gl_FragCoord.y > 1.0 && f == 0) d = vec3(1.0, -0.9, -0.9);
  o = texture(cube, d);
}
