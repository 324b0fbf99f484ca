import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own test effect: one draw into three render targets, as noisemaker's agent passes write their state
// (points/*, render/pointsEmit). `step` writes attachment 0 to `global_a` (its own previous value + 0.1: ping-pong
// across frames), 1 to `global_b` (2.5: a float past 1) and 2 to `_c` (0.75). `_c` is declared 8x8 rgba32f; the
// globals are not declared, so they take `_c`'s size (all attachments of one draw have one size) and rgba16f.
// `show` reads texel (0, 0) of each: (a, b / 4, c, size of global_a / 64), so after 3 frames (0.3, 0.625, 0.75,
// 0.125).
export default new Effect({
  name: "Three Targets",
  namespace: "filter",
  func: "threeTargets",
  description: "One pass writing three render targets (FrameScope test effect)",
  globals: {},
  textures: {
    _c: { width: 8, height: 8, format: "rgba32f" },
  },
  passes: [
    {
      name: "step",
      program: "step",
      drawBuffers: 3,
      inputs: { aTex: "global_a" },
      outputs: { outA: "global_a", outB: "global_b", outC: "_c" },
    },
    {
      name: "show",
      program: "show",
      inputs: { aTex: "global_a", bTex: "global_b", cTex: "_c", inputTex: "inputTex" },
      outputs: { fragColor: "outputTex" },
    },
  ],
})
