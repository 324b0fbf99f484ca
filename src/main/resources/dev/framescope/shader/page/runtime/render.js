// One frame or a benchmark of an effect, rendered offscreen and read back from the GPU (never a screenshot:
// WebGPU canvases come out blank in headless screenshots). Pixels are returned as RGBA8 rows top-down, base64.
// A single-pass effect is the one-pass case of passes.js. Called by FrameScope's harness through page.evaluate.
import { untrustedFrame } from './pass-plan.js';
import { preparePasses, probeOptions } from './passes.js';
import { toBase64 } from './testcard.js';

export { testCard, testCardPixels } from './testcard.js';

/** One pass of a single-program effect: it may read the test card as `inputTex` and writes `outputTex`. */
function onePass(source) {
  return [{ source, inputs: { inputTex: 'inputTex' }, output: 'outputTex' }];
}

/** A prepared single-program effect: {ok, draw(time), fence(), read(), error?(), renderer} or {ok: false, …}. */
export async function prepare(language, source, options) {
  return preparePasses(language, onePass(source), options);
}

async function renderOne(language, source, options) {
  const frame = await prepare(language, source, options);
  if (!frame.ok) return frame;
  const snap = options.snapshot ? { pass: options.snapshot.pass ?? null, face: options.snapshot.face ?? 0 } : null;
  const probe = await frame.draw(options.time, { probe: probeOptions(options.probe, options.width, options.height), snapshot: snap });
  const failed = await untrustedFrame(frame);
  if (failed) return failed;
  const rgba = await frame.read();
  const lost = await untrustedFrame(frame);
  if (lost) return lost;
  return { ok: true, width: options.width, height: options.height, rgba: toBase64(rgba), renderer: frame.renderer, probe, ...(snap ? { snapshot: snap.taken ?? null } : {}), diagnostics: [] };
}

/** GLSL (WebGL2): uniforms `resolution`, `time` (0..1 over the loop), `aspect` and the effect's own, by name. */
export function renderGlsl(source, options) {
  return renderOne('glsl', source, options);
}

/** WGSL (WebGPU): `@group(0) @binding(N) var<uniform> name: type` filled by name; the `@fragment` fn is the entry. */
export function renderWgsl(source, options) {
  return renderOne('wgsl', source, options);
}

/**
 * Renders `frames` frames back to back (time advancing over one loop), each followed by a fence, and returns the
 * per-frame wall times in ms. Not bounded by requestAnimationFrame (capped near 60/s in headless Chromium).
 */
export async function benchmark(language, source, { width, height, frames, uniforms, passes, images, host }) {
  // `passes` (multi-pass effects) replaces `source`; see passes.js.
  const frame = await preparePasses(language, passes ?? onePass(source), { width, height, uniforms, images, host });
  if (!frame.ok) return frame;
  const frameMs = [];
  const start = performance.now();
  let asked = start;
  for (let i = 0; i < frames; i++) {
    // FrameScope's harness binds framescopeCancelled(); asking every 100 ms lets a cancelled call stop at once.
    if (performance.now() - asked > 100 && typeof window.framescopeCancelled === 'function') {
      asked = performance.now();
      if (await window.framescopeCancelled()) return { ok: false, cancelled: true, frames: i };
    }
    const t0 = performance.now();
    await frame.draw(i / frames, { index: i, delta: i === 0 ? 0 : 8 / frames });
    await frame.fence();
    frameMs.push(performance.now() - t0);
  }
  const elapsed = performance.now() - start;
  const failed = await untrustedFrame(frame);
  if (failed) return failed;
  return { ok: true, frames, elapsed_ms: elapsed, frame_ms: frameMs, renderer: frame.renderer };
}
