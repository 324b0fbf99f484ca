import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own 3D generator: voxel value threshold + 0.1 z in a 4^3 volume. Its `threshold` (0.25) has the
// uniform name render3d's (0.5) has: each stage reads its own. Drawn through render/render3d: (0.55, 0.5, 0.25, 1).
export default new Effect({
  name: "Ramp3D",
  namespace: "synth3d",
  func: "ramp3d",
  description: "A ramp through the slices of a volume (FrameScope test effect)",
  textures: {
    volumeCache: { width: { param: 'volumeSize', default: 4 }, height: { param: 'volumeSize', power: 2, default: 16 }, format: "rgba16f" },
    geoBuffer: { width: { param: 'volumeSize', default: 4 }, height: { param: 'volumeSize', power: 2, default: 16 }, format: "rgba16f" },
  },
  globals: {
    volumeSize: { type: "int", default: 4, uniform: "volumeSize" },
    threshold: { type: "float", default: 0.25, uniform: "threshold" },
  },
  passes: [
    { name: "precompute", program: "precompute", drawBuffers: 2, inputs: {}, outputs: { color: "volumeCache", geoOut: "geoBuffer" } },
  ],
  outputGeo: "geoBuffer",
  outputTex3d: "volumeCache"
})
