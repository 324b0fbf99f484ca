import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own test effect in noisemaker's definition.js format: one colour everywhere.
export default new Effect({
  name: 'Solid Color',
  namespace: 'synth',
  func: 'solidColor',
  tags: ['color', 'test'],
  description: 'Fills the frame with one colour (FrameScope test effect)',
  globals: {
    color: {
      type: 'color',
      default: [1.0, 0.5, 0.0],
      uniform: 'color',
      ui: { label: 'colour', control: 'color' },
    },
    level: {
      type: "float",
      default: 1,
      uniform: "level",
      min: 0,
      max: 1,
    },
  },
  passes: [
    {
      name: 'render',
      program: 'solidColor',
      inputs: {},
      outputs: { fragColor: 'outputTex' },
    },
  ],
})
