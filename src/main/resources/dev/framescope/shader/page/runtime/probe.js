// The non-finite probe and per-pass trace: what each pass wrote on the frame that is read back, before an 8-bit
// target quantised it. A NaN or ±Inf written to RGBA8 is stored as some byte (0 on SwiftShader) and is lost, so the
// pass runners draw each pass with an 8-bit target a second time, same program, inputs and uniforms, into a 32-bit
// float twin and read that; a float target is read itself (what it holds is what later passes read).
import { toBase64 } from './testcard.js';

/** 'nan', '+inf', '-inf' or 'finite'. */
function kind(v) {
  if (v !== v) return 'nan';
  if (v === Infinity) return '+inf';
  if (v === -Infinity) return '-inf';
  return 'finite';
}

/**
 * One pass's read-back, RGBA floats per pixel (`bottomUp`: rows from the bottom, as WebGL reads them): per channel,
 * the components that are NaN, +Inf and −Inf; the pixels with any such component and their bounding box
 * [x0, y0, x1, y1] (inclusive, rows top-down, in the pass's own target pixels); with `trace` ({x, y, width, height}
 * in frame pixels) the RGBA value at the matching pixel of this target (non-finite components null, named in
 * `kinds`); with `picture` the pass as RGBA8 rows top-down, clamped to 0..1, non-finite pixels magenta.
 */
export function probePass(floats, { index, name, output, format, readFrom, width, height, bottomUp, final, trace, picture }) {
  const nan = [0, 0, 0, 0];
  const posInf = [0, 0, 0, 0];
  const negInf = [0, 0, 0, 0];
  let pixels = 0;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let p = 0; p < width * height; p++) {
    let bad = false;
    for (let c = 0; c < 4; c++) {
      const v = floats[4 * p + c];
      // v - v is 0 for every finite v and NaN for NaN and both infinities: one test for the common case.
      if (v - v === 0) continue;
      bad = true;
      if (v !== v) nan[c]++;
      else if (v > 0) posInf[c]++;
      else negInf[c]++;
    }
    if (!bad) continue;
    pixels++;
    const x = p % width;
    const row = (p - x) / width;
    const y = bottomUp ? height - 1 - row : row;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const entry = { index, name, output, format, read_from: readFrom, width, height, final, pixels, nan, pos_inf: posInf, neg_inf: negInf, box: pixels ? [x0, y0, x1, y1] : null };
  if (trace) {
    const x = Math.min(width - 1, Math.floor(trace.x * width / trace.width));
    const y = Math.min(height - 1, Math.floor(trace.y * height / trace.height));
    const row = bottomUp ? height - 1 - y : y;
    const value = Array.from(floats.subarray(4 * (row * width + x), 4 * (row * width + x) + 4));
    Object.assign(entry, { at: [x, y], value: value.map(v => (Number.isFinite(v) ? v : null)), kinds: value.map(kind) });
  }
  if (picture) entry.picture = toBase64(pictureOf(floats, width, height, bottomUp));
  return entry;
}

function pictureOf(floats, width, height, bottomUp) {
  const bytes = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++) {
    const y = bottomUp ? height - 1 - row : row;
    for (let x = 0; x < width; x++) {
      const from = 4 * (row * width + x);
      const to = 4 * (y * width + x);
      const v = floats.subarray(from, from + 4);
      if (!v.every(Number.isFinite)) bytes.set([255, 0, 255, 255], to);
      else for (let c = 0; c < 4; c++) bytes[to + c] = Math.round(255 * Math.min(1, Math.max(0, v[c])));
    }
  }
  return bytes;
}

/** Pictures are encoded for the first passes only, so a long chain cannot make the answer huge. */
export const PICTURES = 8;
