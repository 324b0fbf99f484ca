import { Effect } from '../../../src/runtime/effect.js'

// A pass repeated `steps` times a frame, as noisemaker's `repeat: "<global>"` (FrameScope test effect): each
// repeat adds 0.1 to a state, so one frame shows steps × 0.1 in red, with the caller's steps, not only the default.
export default new Effect({
  name: "Repeat Count",
  namespace: "filter",
  func: "repeatCount",
  description: "Adds 0.1 per repeat of a pass repeated by a global",
  globals: {
    steps: { type: "int", default: 2, uniform: "steps", min: 1, max: 8 },
  },
  textures: {
    _acc: { format: "rgba16f" },
  },
  passes: [
    { name: "step", program: "step", repeat: "steps", inputs: { stateTex: "_acc" }, outputs: { fragColor: "_acc" } },
    { name: "show", program: "show", inputs: { accTex: "_acc" }, outputs: { fragColor: "outputTex" } },
  ],
})
