import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own stand-in for noisemaker's render/render3d, which its demo draws a 3D volume through: every pixel
// shows (the first voxel of the last slice, its own threshold, atlas height / 64, 1).
export default new Effect({
  name: "Render3D",
  namespace: "render",
  func: "render3d",
  description: "Shows one voxel of a volume (FrameScope test effect standing in for noisemaker's render3d)",
  textures: {
    screenGeoBuffer: { width: "resolution", height: "resolution", format: "rgba16f" },
  },
  globals: {
    volumeSize: { type: "int", default: 8, uniform: "volumeSize" },
    threshold: { type: "float", default: 0.5, uniform: "threshold" },
  },
  passes: [
    {
      name: "render",
      program: "render3d",
      drawBuffers: 2,
      inputs: { volumeCache: "inputTex3d", analyticalGeo: "inputGeo" },
      outputs: { color: "outputTex", geoOut: "screenGeoBuffer" },
    },
  ],
  outputGeo: "screenGeoBuffer",
  outputTex3d: "inputTex3d"
})
