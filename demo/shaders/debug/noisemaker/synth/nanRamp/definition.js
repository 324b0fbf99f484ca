import { Effect } from '../../../src/runtime/effect.js'

// debug_effect fixture in noisemaker's definition.js format: a ramp whose GLSL divides 0 by 0 on line 12 of
// glsl/nanRamp.glsl for columns left of the middle; it has a WGSL twin, so the GLSL one is what is debugged.
export default new Effect({
  name: 'NaN Ramp',
  namespace: 'synth',
  func: 'nanRamp',
  tags: ['fixture'],
  description: 'debug_effect fixture: 0 / 0 on the left half (GLSL line 12), a WGSL twin beside it',
  globals: {
    level: {
      type: "float",
      default: 0.5,
      uniform: "level",
      min: 0,
      max: 1,
    },
  },
  passes: [
    {
      name: 'render',
      program: 'nanRamp',
      inputs: {},
      outputs: { fragColor: 'outputTex' },
    },
  ],
})
