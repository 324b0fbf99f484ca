import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own test effect: a pass's own `uniforms` give shader uniform uGain the value of global `gain`.
export default new Effect({
  name: "Pass Gain",
  namespace: "synth",
  func: "passGain",
  description: "A pass-level uniform mapped to a global (FrameScope test effect)",
  globals: {
    gain: { type: "float", default: 0.5, min: 0, max: 1 },
  },
  passes: [
    {
      name: "render",
      program: "passGain",
      inputs: {},
      uniforms: { uGain: "gain" },
      outputs: { fragColor: "outputTex" },
    },
  ],
})
