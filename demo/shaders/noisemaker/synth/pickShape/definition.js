import { Effect } from '../../../src/runtime/effect.js'

/**
 * A compile-time choice: `shape` is a define (SHAPE), not a uniform, as noisemaker
 * uses for variants that should not branch at run time.
 */
export default new Effect({
  name: "Pick Shape",
  namespace: "synth",
  func: "pickShape",
  description: "Green or blue by a compile-time define (FrameScope test effect)",
  globals: {
    shape: {
      type: "int",
      default: 0,
      define: "SHAPE",
      choices: {
        "Plain:": null,
        green: 0,
        blue: 1,
      },
      ui: { label: "shape", control: "dropdown" },
    },
    mode: {
      type: "int",
      default: 1,
      uniform: "mode",
      choices: { dim: 0, bright: 1 },
    },
  },
  passes: [
    { name: "render", program: "pickShape", inputs: {}, outputs: { fragColor: "outputTex" } },
  ],
})
