import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own test effect (made by scripts/make-pass-history.py): noisemaker ping-pong over one shared texture.
// `deposit` adds 1/64 red into `_trail` (additive blend), `diffuse` reads `_trail` and writes half of it into `_trail`,
// `show` shows `_trail`. Each pass swaps `_trail`'s copies after it draws, so deposit always adds to the copy diffuse
// does not write: after F frames show gives red F/128 (12 frames: 0.09375).
export default new Effect({
  name: "Deposit Decay",
  namespace: "synth",
  func: "depositDecay",
  description: "A blended deposit and a decay sharing one ping-pong texture (FrameScope test effect)",
  globals: {},
  textures: {
    _trail: { width: 4, height: 4, format: "rgba16f" },
  },
  passes: [
    { name: "deposit", program: "deposit", blend: true, inputs: {}, outputs: { fragColor: "_trail" } },
    { name: "diffuse", program: "diffuse", inputs: { trailTex: "_trail" }, outputs: { fragColor: "_trail" } },
    { name: "show", program: "show", inputs: { trailTex: "_trail" }, outputs: { fragColor: "outputTex" } },
  ],
})
