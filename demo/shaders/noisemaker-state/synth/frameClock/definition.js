import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own test effect: the runtime's per-frame globals as a colour (frame / 255, deltaTime * 240).
export default new Effect({
  name: "Frame Clock",
  namespace: "synth",
  func: "frameClock",
  description: "Shows frame and deltaTime (FrameScope test effect)",
  globals: {},
  passes: [
    { name: "render", program: "frameClock", inputs: {}, outputs: { fragColor: "outputTex" } },
  ],
})
