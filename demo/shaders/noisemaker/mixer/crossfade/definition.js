import { Effect } from '../../../src/runtime/effect.js'

// Crossfades the chain's input into a second surface (FrameScope test effect).
export default new Effect({
  name: "Crossfade",
  namespace: "mixer",
  func: "crossfade",
  description: "Crossfade from the input to surface b",
  globals: {
    tex: { type: "surface", default: "none", ui: { label: "source b" } },
    mixAmt: { type: "float", default: 0.5, uniform: "mixAmt", min: 0, max: 1 },
  },
  passes: [
    {
      name: "render",
      program: "crossfade",
      inputs: { inputTex: "inputTex", tex: "tex" },
      outputs: { fragColor: "outputTex" },
    },
  ],
})
