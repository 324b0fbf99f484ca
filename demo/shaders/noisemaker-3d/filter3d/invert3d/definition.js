import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own 3D processor: 1 - voxel. Fed by synth3d/noise3d at its own volumeSize (4, not noise3d's 8) and
// drawn through render/render3d: the last slice of noise3d is 0.875, so (0.125, 0.5, 0.25, 1). Its `volumeCache`
// is noise3d's name too: each stage keeps its own.
export default new Effect({
  name: "Invert3D",
  namespace: "filter3d",
  func: "invert3d",
  description: "Inverts a volume (FrameScope test effect)",
  textures: {
    volumeCache: { width: { param: 'volumeSize', default: 4 }, height: { param: 'volumeSize', power: 2, default: 16 }, format: "rgba16f" },
  },
  globals: {
    volumeSize: { type: "int", default: 4, uniform: "volumeSize" },
  },
  passes: [
    { name: "invert", program: "invert3d", inputs: { inputTex3d: "inputTex3d" }, outputs: { color: "volumeCache" } },
  ],
  outputGeo: "inputGeo",
  outputTex3d: "volumeCache"
})
