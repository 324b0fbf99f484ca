import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own test effect: a state texture larger than a texture can be, in a format WebGPU has no name for.
export default new Effect({
  name: "Huge State",
  namespace: "filter",
  func: "hugeState",
  description: "A state texture FrameScope cannot allocate (FrameScope test effect)",
  globals: {
    cells: { type: "int", default: 100000, uniform: "cells" },
  },
  textures: {
    _cells: { width: { param: "cells" }, height: 4, format: "rgba16f" },
    _odd: { width: 4, height: 4, format: "bgra8unorm" },
  },
  passes: [
    { name: "odd", program: "fill", inputs: {}, outputs: { fragColor: "_odd" } },
    { name: "fill", program: "fill", inputs: {}, outputs: { fragColor: "_cells" } },
    { name: "show", program: "fill", inputs: {}, outputs: { fragColor: "outputTex" } },
  ],
})
