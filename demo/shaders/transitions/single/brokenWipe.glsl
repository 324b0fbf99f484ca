// Author: FrameScope demo
// License: MIT
// A wipe with a known defect: 'edge' is never declared (line 9), so it does not compile.

uniform float softness; // = 0.1

vec4 transition(vec2 uv) {
  float m = smoothstep(progress - softness, progress, uv.x);
  return mix(getToColor(uv), getFromColor(uv), m * edge);
}
