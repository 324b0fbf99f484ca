// What the pass runners of both backends share: the pass plan, half-float decoding, noisemaker's deltaTime, and the
// checks that turn a frame that cannot be trusted into a failure.
import { computeOnly } from './compute-pass.js';

const DISCARD = /\bdiscard\b/;

/**
 * What a pass writes, attachment 0 first: the pass itself (`output`, its size and format), then each of its further
 * render targets (`more`: noisemaker's several outputs of one draw), as the pass with that target's fields.
 */
export function writes(p) {
  return [p, ...(p.more ?? []).map(m => ({ ...p, ...m, more: undefined }))];
}

/** Ping-pong after pass `p` drew: each target it wrote swaps which copy is current. */
export function swapWrites(targets, p) {
  for (const w of writes(p)) {
    const t = targets.get(w.output);
    [t.current, t.previous] = [t.previous, t.current];
  }
}

/** Which texture is the result, and whether a pass reads this frame's copy of a texture or the previous frame's. */
export function plan(passes) {
  const producer = new Map();
  passes.forEach((p, i) => writes(p).forEach(w => { if (!producer.has(w.output)) producer.set(w.output, i); }));
  const finalName = passes.some(p => p.output === 'outputTex') ? 'outputTex' : passes[passes.length - 1].output;
  const specs = passes.flatMap(writes);
  return {
    finalName,
    // true: read the copy written this frame; false: the previous frame's copy
    fresh: (name, index) => producer.has(name) && producer.get(name) < index,
    names: [...new Set(specs.map(w => w.output))],
    // the first pass (or further target) writing `name`: its size and format
    writer: name => specs.find(w => w.output === name),
  };
}

/**
 * Whether pass `p` can leave pixels of its target as the target held them, what an earlier frame drew there: it can
 * discard (`discard` in its source or its GLSL ES 1.00 fallback's, comments included; `keeps`: the format found one,
 * Shadertoy's Common too), it blends or draws points or quads, or it is a compute program, whose output buffer keeps
 * what an earlier dispatch wrote wherever this one writes nothing. A discard never reached costs only draws.
 */
export function keepsPixels(p) {
  return !!(p.keeps || p.blend || p.drawMode
    || [p.source, p.fallback?.source].some(s => typeof s === 'string' && (DISCARD.test(s) || computeOnly(s))));
}

/**
 * The passes a frame before the last must draw (`keeps(p, i)`: keepsPixels unless told): one that keeps its own
 * earlier pixels, the writers of every texture some pass reads from an earlier frame, and, for each pass drawn, the
 * passes it reads in the same frame and every other writer of its targets (issue 33: a ping-pong pass left out also
 * leaves out its swap, and the next writer of that texture draws into the other copy; on a GLSL host a kept pixel
 * shows what the writer before drew). The others draw at the last frame only: what they would draw before it,
 * nothing reads (issue 33: a cached Cube A drawn 241 times is cheap, its ray-marched Image 241 times is not).
 */
export function historyPasses(passes, keeps = keepsPixels) {
  const { fresh } = plan(passes);
  const writersOf = name => passes.flatMap((p, j) => (writes(p).some(w => w.output === name) ? [j] : []));
  const reads = i => Object.values(passes[i].inputs ?? {});
  const needed = new Set(passes.flatMap((p, i) => (keeps(p, i) ? [i] : [])));
  passes.forEach((p, i) => reads(i).filter(name => !fresh(name, i)).forEach(name => writersOf(name).forEach(j => needed.add(j))));
  const pending = [...needed];
  while (pending.length) {
    const i = pending.pop();
    const more = [...reads(i).flatMap(name => writersOf(name).filter(j => j < i)), ...writes(passes[i]).flatMap(w => writersOf(w.output))];
    more.filter(j => !needed.has(j)).forEach(j => { needed.add(j); pending.push(j); });
  }
  return needed;
}

/**
 * Which passes each frame of a schedule of `frames` draws: `drawnAt(i, last)` gives their indices, or null for all.
 * Without `history` only the last frame is drawn, whole. With it, a frame before the last draws what historyPasses
 * says a later frame needs. A pass that discards every fragment after frame `discardsAfter` (a Shadertoy cache)
 * changes nothing then. When also each of its draws up to then writes every pixel (`wholeUntilDiscard`: the idiom's
 * discard is its only one) and no pass reads it from an earlier frame, only one of its draws is ever read: the last
 * frame reads the copy of its target drawn at a frame of the same parity (targets swap every frame, as Shadertoy's
 * buffers do), the latest such frame up to discardsAfter (-1: none, that copy stays as made, zeros). A draw that
 * can leave pixels (a second discard) keeps those of the draws before it on that copy, so such a pass is drawn at
 * every frame up to discardsAfter. The final pass is always drawn at the last frame.
 */
export function frameDraws(passes, frames, history) {
  const only = history && frames > 1 ? historyPasses(passes) : null;
  const { finalName } = plan(passes);
  const lastIndex = frames - 1;
  const cacheFrame = passes.map((p, j) => {
    if (!only || p.discardsAfter === undefined || !p.wholeUntilDiscard || historyPasses(passes, (q, k) => k !== j && keepsPixels(q)).has(j)) return null;
    const m = Math.min(p.discardsAfter, lastIndex);
    return m % 2 === lastIndex % 2 ? m : m - 1;
  });
  return (i, last) => {
    const candidates = last || !only ? passes.map((p, j) => j) : [...only];
    const drawn = candidates.filter(j => (last && passes[j].output === finalName)
      || (cacheFrame[j] !== null ? i === cacheFrame[j] : !(passes[j].discardsAfter < i)));
    return drawn.length === passes.length ? null : new Set(drawn);
  };
}

/**
 * The points (or billboard quads) a drawn pass draws, as noisemaker's backends resolve `count`: a number as given;
 * `input` the pixels of `countTexture` (the texture the definition binds as `xyzTex`, the agent state; a point draw
 * falls back to its `inputTex`), whose size `sizeOf` gives; `auto` and `screen` the target's pixels; else, or when
 * that texture is unknown, the frame's.
 */
export function drawCount(p, sizeOf, targetSize, frameSize) {
  if (typeof p.count === 'number') return Math.max(0, Math.floor(p.count));
  const size = p.count === 'input' && p.countTexture ? sizeOf(p.countTexture)
    : p.count === 'auto' || p.count === 'screen' ? targetSize : null;
  const [w, h] = size ?? frameSize;
  return w * h;
}

/** Blend factor names as noisemaker's definitions write them (WebGL and WebGPU spellings), as WebGL2 names. */
export const BLEND_FACTORS = Object.fromEntries([
  'ZERO', 'ONE', 'SRC_COLOR', 'ONE_MINUS_SRC_COLOR', 'DST_COLOR', 'ONE_MINUS_DST_COLOR', 'SRC_ALPHA',
  'ONE_MINUS_SRC_ALPHA', 'DST_ALPHA', 'ONE_MINUS_DST_ALPHA', 'CONSTANT_COLOR', 'ONE_MINUS_CONSTANT_COLOR',
  'CONSTANT_ALPHA', 'ONE_MINUS_CONSTANT_ALPHA', 'SRC_ALPHA_SATURATE',
].flatMap(n => [[n, n], [n.toLowerCase(), n]]).concat([['src', 'SRC_COLOR'], ['one-minus-src', 'ONE_MINUS_SRC_COLOR'],
  ['dst', 'DST_COLOR'], ['one-minus-dst', 'ONE_MINUS_DST_COLOR'], ['src-alpha', 'SRC_ALPHA'],
  ['one-minus-src-alpha', 'ONE_MINUS_SRC_ALPHA'], ['dst-alpha', 'DST_ALPHA'], ['one-minus-dst-alpha', 'ONE_MINUS_DST_ALPHA']]));

/** A blend factor as WebGPU names it ('one-minus-src-alpha'), from either spelling; 'one' when unknown. */
export function gpuBlendFactor(name) {
  const gl = BLEND_FACTORS[name];
  return gl ? gl.toLowerCase().replace(/_/g, '-').replace(/(^|-)color$/, '').replace(/saturate$/, 'saturated') || 'one' : 'one';
}

export function halfToFloat(h) {
  const exponent = (h >> 10) & 0x1f;
  const mantissa = h & 0x3ff;
  const sign = h & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 31) return mantissa ? NaN : sign * Infinity;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/**
 * noisemaker's deltaTime: normalised time since the previous frame, 0 while that frame was at time 0 (its pipeline
 * starts with lastTime 0 and gives 0 until lastTime > 0), 1/600 when the loop wrapped.
 */
export function noisemakerDelta(time, lastTime) {
  const delta = lastTime > 0 ? time - lastTime : 0;
  return delta < 0 ? 1 / 600 : delta;
}

/** The answer for a frame whose pipeline failed: a diagnostic, never pixels. */
export function pipelineFailure(message) {
  return { ok: false, diagnostics: [{ stage: 'pipeline', severity: 'error', line: null, column: null, message }] };
}

/**
 * Why the effect's frame cannot be trusted, or null: the GPU reported an error (WebGPU); the WebGL2 context was lost
 * (Chromium's GPU process resets a context whose draw runs past its watchdog, or the page's oldest when it has too
 * many), after which every read gives zeros that would pass for a black frame; or the final pass's draw wrote no
 * fragment. Ask it after reading back. WebGL tells of a lost context only in a later task, so wroteNothing() (which
 * waits for one) runs before the lost check.
 */
export async function untrustedFrame(effect) {
  const error = effect.error ? await effect.error() : null;
  if (error) return pipelineFailure(error.message);
  const wroteNothing = await effect.wroteNothing?.();
  if (effect.lost?.()) {
    return pipelineFailure('the WebGL2 context was lost while rendering (Chromium resets a context whose draw runs '
      + 'past its GPU watchdog, or the oldest of too many in one page); its pixels would read as zeros, so no frame '
      + 'is given');
  }
  if (wroteNothing) {
    return pipelineFailure('the final pass wrote no fragment (its occlusion query counted none): every fragment was '
      + 'discarded, or the driver dropped the draw; the frame would read as the target\'s untouched zeros, so none '
      + 'is given');
  }
  return null;
}
