import { Effect } from '../../../src/runtime/effect.js'

// Mixes the input with its negative by `amount` (FrameScope test effect).
export default new Effect({
  name: "Negate",
  namespace: "filter",
  func: "negate",
  description: "Negative of the input, mixed in by amount",
  globals: {
    amount: { type: "float", default: 1.0, uniform: "amount", min: 0, max: 1, step: 0.01 },
  },
  passes: [
    {
      name: "render",
      program: "negate",
      inputs: { inputTex: "inputTex" },
      outputs: { fragColor: "outputTex" },
    },
  ],
})
