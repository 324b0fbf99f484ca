// Multi-pass effects: passes render into named textures that later passes (or the next frame, for feedback)
// read. Every pass output is double-buffered: a pass reading a texture written earlier in the same frame gets this
// frame's copy; reading one written by itself or a later pass gets the previous frame's copy (feedback). The
// effect's result is the texture named "outputTex", else the last pass's output. The runners, one per backend
// (gl-passes.js, wgsl-passes.js), take the same passes and options; what a format changes is data (host.js).
import { prepareGlslPasses } from './gl-passes.js';
import { frameDraws, noisemakerDelta, untrustedFrame } from './pass-plan.js';
import { toBase64 } from './testcard.js';
import { prepareWgslPasses } from './wgsl-passes.js';

export { prepareGlslPasses } from './gl-passes.js';
export { prepareWgslPasses } from './wgsl-passes.js';

/**
 * Renders a multi-pass effect: frames 0..frames-1, `step` apart (normalised time; 1/480 = 1/60 s of the 8 s loop),
 * the last at the given time and none before 0, then reads the result back. `history` false (no feedback: every
 * frame is the same) draws only the last; true draws every frame, each pass in the frames frameDraws says, and then
 * `pass_draws` says how often each pass was drawn. Each frame gets FRAMEINDEX (its number) and TIMEDELTA (seconds
 * since the previous frame, 0 on the first), as an ISF host gives them; a Shadertoy shader reads them as iFrame and
 * iTimeDelta.
 */
export async function renderPasses(language, passes, { width, height, time, uniforms, frames, step = 1 / 480, history = true, images, host, probe, movingCard, snapshot = null }) {
  const effect = await preparePasses(language, passes, { width, height, uniforms, images, host, movingCard });
  if (!effect.ok) return effect;
  const at = i => Math.max(0, time - (frames - 1 - i) * step);
  let draws = 0;
  let probed = null;
  const lastIndex = frames - 1;
  const drawnAt = frameDraws(passes, frames, history);
  const passDraws = passes.map(() => 0);
  // debug_effect: one pass's program, uniforms, inputs and output as drawn on the last frame (gl-snapshot.js)
  const snap = snapshot ? { pass: snapshot.pass ?? null, face: snapshot.face ?? 0 } : null;
  for (let i = history ? 0 : lastIndex; i < frames; i++, draws++) {
    // loopDelta: noisemaker's deltaTime, as if every frame of the schedule had been drawn; the last frame is probed
    const last = i === lastIndex;
    const drawing = drawnAt(i, last);
    passes.forEach((p, j) => { if (!drawing || drawing.has(j)) passDraws[j]++; });
    probed = await effect.draw(at(i), { index: i, delta: i === 0 ? 0 : step * 8, loopDelta: i === 0 ? 0 : noisemakerDelta(at(i), at(i - 1)), probe: last ? probeOptions(probe, width, height) : null, only: drawing, snapshot: last ? snap : null });
  }
  const partial = passDraws.some(n => n < draws) ? { pass_draws: passes.map((p, j) => ({ name: p.name ?? p.output, draws: passDraws[j] })) } : {};
  const failed = await untrustedFrame(effect);
  if (failed) return failed;
  const rgba = await effect.read();
  const lost = await untrustedFrame(effect);
  if (lost) return lost;
  const floats = rgba.floats ? { rgba_float: toBase64(new Uint8Array(rgba.floats.buffer)) } : {};
  return { ok: true, width, height, rgba: toBase64(rgba), ...floats, renderer: effect.renderer, versions: effect.versions, draws, ...partial, probe: probed, ...(snap ? { snapshot: snap.taken ?? null } : {}), diagnostics: [] };
}

/** What draw() probes: `trace` {x, y} in frame pixels (rows top-down) becomes the frame's size too. */
export function probeOptions(probe, width, height) {
  if (!probe) return null;
  return { trace: probe.trace ? { ...probe.trace, width, height } : null, pictures: !!probe.pictures };
}

/** Prepares a multi-pass effect on either backend: {ok, draw(time), fence(), read(), error?(), renderer}. */
export async function preparePasses(language, passes, options) {
  return language === 'glsl' ? prepareGlslPasses(passes, options) : prepareWgslPasses(passes, options);
}
