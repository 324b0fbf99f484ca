// Author: FrameScope fixture
// License: MIT
// debug_effect fixture: at progress 0.5 (the default) line 9 divides 0 by 0 on the left half of the frame.

uniform float strength; // = 1.0

vec4 transition(vec2 uv) {
  float d = max(0.5 - uv.x, 0.0) * 0.0 + (progress - 0.5) * strength * step(0.5, uv.x);
  float k = d / d;
  return mix(getFromColor(uv), getToColor(uv), progress) * vec4(1.0, 1.0, 1.0, k);
}
