import { Effect } from '../../../src/runtime/effect.js'
import { stdEnums } from '../../../src/lang/std_enums.js'

// FrameScope's own test effect, written as noisemaker's classicNoisedeck effects are: a class of literal fields, a
// dropdown's choices filled by a loop, and a palette preset index that noisemaker's runtime expands into the
// paletteOffset/paletteMode uniforms (preset 6, blueSkies: offset 0.1 0.4 0.7, mode 3). Its WGSL declares 13
// single uniform bindings and uses 12, as classicNoisedeck/noise3d does (WebGPU allows 12 per stage by default).
const paletteChoices = {}
for (const [key, val] of Object.entries(stdEnums.palette)) {
  paletteChoices[key] = val.value
}

export default class PresetPalette extends Effect {
  name = "Preset Palette"
  namespace = "synth"
  func = "presetPalette"
  description = "Fills the frame with its palette preset's offset (FrameScope test effect)"

  globals = {
    palette: { type: "palette", default: 6, uniform: "palette", choices: paletteChoices, ui: { label: "palette" } },
    paletteOffset: { type: "vec3", default: [0.5, 0.5, 0.5], uniform: "paletteOffset" },
    paletteMode: { type: "int", default: 0, uniform: "paletteMode" },
    a0: { type: "float", default: 0, uniform: "a0" },
    a1: { type: "float", default: 0, uniform: "a1" },
    a2: { type: "float", default: 0, uniform: "a2" },
    a3: { type: "float", default: 0, uniform: "a3" },
    a4: { type: "float", default: 0, uniform: "a4" },
    a5: { type: "float", default: 0, uniform: "a5" },
    a6: { type: "float", default: 0, uniform: "a6" },
    a7: { type: "float", default: 0, uniform: "a7" },
    a8: { type: "float", default: 0, uniform: "a8" },
    a9: { type: "float", default: 0, uniform: "a9" }
  }

  passes = [
    { name: "render", program: "presetPalette", inputs: {}, outputs: { fragColor: "outputTex" } }
  ]
}
