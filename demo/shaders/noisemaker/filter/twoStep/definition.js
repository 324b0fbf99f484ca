import { Effect } from '../../../src/runtime/effect.js'

// Two passes through an internal texture: a constant colour, then its channels swapped.
export default new Effect({
  name: "Two Step",
  namespace: "filter",
  func: "twoStep",
  description: "Multi-pass: fill _stage, then swizzle it into the output (FrameScope test effect)",
  globals: {},
  textures: {
    _stage: { width: "input", height: "input", format: "rgba8unorm" },
  },
  passes: [
    { name: "fill", program: "fill", inputs: { inputTex: "inputTex" }, outputs: { fragColor: "_stage" } },
    { name: "swap", program: "swap", inputs: { stageTex: "_stage" }, outputs: { fragColor: "outputTex" } },
  ],
})
