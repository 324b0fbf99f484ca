import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own test effect, written as noisemaker's WebGPU-compute filters (crt, grain, snow, ...): the GLSL is a
// fragment pass, the WGSL a compute program that writes RGBA floats into `output_buffer`, whose size it takes from
// the `width` and `height` fields noisemaker's backend fills. Both give the input's negative mixed in by `amount`.
export default new Effect({
  name: "Compute Negate",
  namespace: "filter",
  func: "computeNegate",
  description: "Negative of the input through a WGSL compute program (FrameScope test effect)",
  globals: {
    amount: { type: "float", default: 1.0, uniform: "amount", min: 0, max: 1, step: 0.01,
              ui: { label: "amount", control: "slider" } },
  },
  passes: [{
    name: "main", program: "computeNegate",
    inputs: { inputTex: "inputTex" },
    uniforms: { amount: "amount" }, // as grain's pass names its uniforms
    outputs: { fragColor: "outputTex" },
  }],
})
