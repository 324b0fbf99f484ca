import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own test effect: state that only float textures of the declared size keep. `_state` (16x16
// rgba16f) gains (0.25, -0.5) a frame: past 1 and below 0. `_wide` (1x1 rgba32f) gains 2049 a frame, which
// half floats round; `_state`'s blue is the `resolution` its pass sees (the frame's, as noisemaker gives it). The
// output shows them: left half (state.r / 8, -state.g / 16, resolution.x / 64), right half (wide mod 8 / 8,
// frame / 255, state width / 64).
export default new Effect({
  name: "Accumulate",
  namespace: "filter",
  func: "accumulate",
  description: "Float state textures of a declared size, accumulated over frames (FrameScope test effect)",
  globals: {},
  textures: {
    _state: { width: 16, height: 16, format: "rgba16f" },
    _wide: { width: 1, height: 1, format: "rgba32f" },
  },
  passes: [
    { name: "grow", program: "grow", inputs: { stateTex: "_state" }, outputs: { fragColor: "_state" } },
    { name: "widen", program: "widen", inputs: { wideTex: "_wide" }, outputs: { fragColor: "_wide" } },
    {
      name: "show",
      program: "show",
      inputs: { stateTex: "_state", wideTex: "_wide" },
      outputs: { fragColor: "outputTex" },
    },
  ],
})
