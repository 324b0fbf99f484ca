import { Effect } from '../../../src/runtime/effect.js'

/* A band of `tint` over the top `height` of the frame, black below. Its WGSL reads every
   uniform from one packed array laid out by uniformLayout. */
export default new Effect({
  name: "Top Band",
  namespace: "synth",
  func: "topBand",
  description: "A tinted band across the top of the frame (FrameScope test effect)",
  uniformLayout: {
    resolution: { slot: 0, components: 'xy' },
    time: { slot: 0, components: 'z' },
    height: { slot: 1, components: 'x' },
    tint: { slot: 2, components: 'xyz' },
  },
  globals: {
    height: { type: "float", default: 0.5, uniform: "height", min: 0, max: 1 },
    tint: { type: "color", default: "#3366cc", uniform: "tint" },
  },
  passes: [
    { name: "render", program: "topBand", inputs: {}, outputs: { fragColor: "outputTex" } },
  ],
})
