import { Effect } from '../../../src/runtime/effect.js'

/* Per-program WGSL uniform layouts (`uniformLayouts`, FrameScope test effect): `fill` packs `level` at data[1].y,
   `tint` packs `gain` at data[0].x; the frame is level × gain in red, 0.8 × 0.5 = 0.4 by default. */
export default new Effect({
  name: "Program Layouts",
  namespace: "synth",
  func: "programLayouts",
  description: "Two programs whose WGSL uniforms are packed by a layout each",
  uniformLayouts: {
    fill: { level: { slot: 1, components: 'y' } },
    tint: { gain: { slot: 0, components: 'x' } },
  },
  globals: {
    level: { type: "float", default: 0.8, uniform: "level", min: 0, max: 1 },
    gain: { type: "float", default: 0.5, uniform: "gain", min: 0, max: 1 },
  },
  textures: {
    _level: { format: "rgba16f" },
  },
  passes: [
    { name: "fill", program: "fill", inputs: {}, outputs: { fragColor: "_level" } },
    { name: "tint", program: "tint", inputs: { levelTex: "_level" }, outputs: { fragColor: "outputTex" } },
  ],
})
