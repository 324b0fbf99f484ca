import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own test effect: a `mat3` global (as noisemaker's renderCubemap3d's cubeBasis), column-major. The
// default swaps x and y, so basis * (0.25, 0.5, 0.75) is (0.5, 0.25, 0.75). It reached WebGL2 as one float and
// WebGPU as a 16-byte buffer (48 needed).
export default new Effect({
  name: "Matrix Basis",
  namespace: "synth",
  func: "matrixBasis",
  description: "A mat3 uniform applied to a colour (FrameScope test effect)",
  globals: {
    basis: { type: "mat3", default: [0, 1, 0, 1, 0, 0, 0, 0, 1], uniform: "basis" },
  },
  passes: [
    { name: "render", program: "basis", inputs: {}, outputs: { fragColor: "outputTex" } },
  ],
})
