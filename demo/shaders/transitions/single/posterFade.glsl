// Author: FrameScope demo
// License: MIT
// A cross-fade in a few hard steps, with a flash of colour at the middle of the transition.

uniform int steps; // = 4
uniform vec4 flash; // = vec4(1.0, 0.95, 0.8, 1.0)
uniform float flashAmount; // = 0.3

vec4 transition(vec2 uv) {
  float n = float(steps);
  float t = steps > 0 ? floor(progress * n + 0.5) / n : progress;
  vec4 color = mix(getFromColor(uv), getToColor(uv), t);
  float glow = flashAmount * (1.0 - abs(2.0 * progress - 1.0)) * step(0.001, progress) * step(progress, 0.999);
  return mix(color, flash, glow);
}
