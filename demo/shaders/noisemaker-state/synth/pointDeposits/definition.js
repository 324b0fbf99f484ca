import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own test effect: point draws as noisemaker's particle effects make them (drawMode "points", count
// 'input', additive blend, a pass run only under a condition). `seed` writes 16 agents into the 4x4 rgba32f `_xyz`:
// agents 0-11 alive, 0 and 1 on the same pixel of the 8x8 `_trail`, 12-15 dead. `deposit` draws one point per
// agent (count 'input': 16, the pixels of its xyzTex) adding 0.25 red; a vertex past the 16th would add 1.0 at
// pixel (7, 7). `depositBlue` (only when `mode` is 1) adds 0.125 blue per agent. `show` sums the trail:
// (sum of red / 8, largest red, sum of blue / 4, pixels with red / 64) = (0.375, 0.5, 0, 0.171875); mode 1 gives
// blue 0.375.
export default new Effect({
  name: "Point Deposits",
  namespace: "synth",
  func: "pointDeposits",
  description: "Agents drawn as additive points into a trail (FrameScope test effect)",
  globals: {
    mode: { type: "int", default: 0, uniform: "mode", min: 0, max: 1 },
  },
  textures: {
    _xyz: { width: 4, height: 4, format: "rgba32f" },
    _trail: { width: 8, height: 8, format: "rgba16f" },
  },
  passes: [
    { name: "seed", program: "seed", inputs: {}, outputs: { fragColor: "_xyz" } },
    {
      name: "deposit",
      program: "deposit",
      drawMode: "points",
      count: 'input',
      blend: true,
      inputs: { xyzTex: "_xyz" },
      outputs: { fragColor: "_trail" },
    },
    {
      name: "depositBlue",
      program: "depositBlue",
      drawMode: "points",
      count: 'input',
      blend: ["one", "one"],
      conditions: { runIf: [{ uniform: "mode", equals: 1 }] },
      inputs: { xyzTex: "_xyz" },
      outputs: { fragColor: "_trail" },
    },
    { name: "show", program: "show", inputs: { trailTex: "_trail" }, outputs: { fragColor: "outputTex" } },
  ],
})
