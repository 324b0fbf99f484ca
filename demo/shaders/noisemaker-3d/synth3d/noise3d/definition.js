import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own stand-in for noisemaker's synth3d/noise3d, the volume its demo feeds a 3D processor from: a
// volumeSize^3 volume as an atlas of slices (volumeSize wide, volumeSize^2 high), voxel value (z + 0.5) / volumeSize.
export default new Effect({
  name: "Noise3D",
  namespace: "synth3d",
  func: "noise3d",
  description: "Slice ramp volume (FrameScope test effect standing in for noisemaker's noise3d)",
  textures: {
    volumeCache: { width: { param: 'volumeSize', default: 8 }, height: { param: 'volumeSize', power: 2, default: 64 }, format: "rgba16f" },
    geoBuffer: { width: { param: 'volumeSize', default: 8 }, height: { param: 'volumeSize', power: 2, default: 64 }, format: "rgba16f" },
  },
  globals: {
    volumeSize: { type: "int", default: 8, uniform: "volumeSize" },
  },
  passes: [
    { name: "precompute", program: "precompute", drawBuffers: 2, inputs: {}, outputs: { color: "volumeCache", geoOut: "geoBuffer" } },
  ],
  outputGeo: "geoBuffer",
  outputTex3d: "volumeCache"
})
