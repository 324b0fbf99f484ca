import { Effect } from '../../../src/runtime/effect.js'

// A compute pass that moves particles in a storage buffer: FrameScope reports it UNSUPPORTED.
export default new Effect({
  name: "Particles",
  namespace: "unsupported",
  func: "particles",
  description: "Compute-driven particles (FrameScope test effect: unsupported kind)",
  globals: {
    count: { type: "int", default: 1024, uniform: "count", min: 1, max: 65536 },
  },
  passes: [
    { name: "simulate", type: "compute", program: "simulate", inputs: {}, outputs: { state: "global_particles" } },
    { name: "draw", program: "draw", drawMode: "points", count: 'input', inputs: { stateTex: "global_particles" }, outputs: { fragColor: "outputTex" } },
  ],
})
