import { Effect } from '../../../src/runtime/effect.js'

// WGSL texture names as noisemaker's WebGPU backend resolves them (FrameScope test effect): `inputColor` is an
// alias of the pass's inputTex, `tex1` its second input, and `statsTexture` names no input, so noisemaker binds its
// transparent black placeholder there. Left third: inputColor; middle: tex1; right: statsTexture (black).
export default new Effect({
  name: "Binding Names",
  namespace: "filter",
  func: "bindingNames",
  description: "Reads its inputs under WGSL names noisemaker resolves by alias, position or not at all",
  globals: {},
  passes: [
    {
      name: "render",
      program: "bindingNames",
      inputs: { inputTex: "inputTex", statsTex: "inputTex" },
      outputs: { fragColor: "outputTex" },
    },
  ],
})
