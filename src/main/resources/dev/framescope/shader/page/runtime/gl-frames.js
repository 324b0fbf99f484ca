// The WebGL2 pass runner's frame loop: a frame draws each pass in order (the uniforms, its inputs, its target or
// targets), swaps the double-buffered targets, and on the frame read back probes what each pass wrote (gl-twins.js).
import { noisemakerDelta, swapWrites, writes } from './pass-plan.js';
import { bottomUp } from './gl-targets.js';
import { snapshotPass } from './gl-snapshot.js';
import { movingCardPixels } from './testcard.js';

/**
 * The uniforms every program gets besides the effect's own, under each format's names: `resolution`, `aspect` and
 * `time`; gl-transitions' `ratio` (the aspect); Shadertoy's prelude's `_resolution` and `_time`, names no user global
 * can take. [rw, rh] is the target's size, or the frame's with the host's `frameResolution`.
 */
function builtInUniforms([rw, rh], time) {
  return { resolution: [rw, rh], _resolution: [rw, rh], aspect: rw / rh, ratio: rw / rh, time, _time: time };
}

/**
 * `draw(time, frame)` and `wroteNothing()` of a prepared runner `r` (gl-passes.js): its context, passes, textures,
 * twins, programs and uniform setter, input binder and draws. `frame`: `index` (ISF's FRAMEINDEX, Shadertoy's iFrame
 * through _frame; counted here unless given) and `delta`, seconds since the previous frame (TIMEDELTA, _timeDelta),
 * set after the effect's uniforms; `loopDelta` (noisemaker's deltaTime, else from the previous draw's time); `only`,
 * the indices of the passes to draw (pass-plan.js's frameDraws), else all; `probe` ({trace, pictures}): also probe
 * every pass (probe.js) and return what each wrote; without EXT_color_buffer_float nothing can be read as floats,
 * said as {unsupported}.
 */
export function glFrames(r) {
  const { gl, passes, width, height, host, textures: { targets, testCards } } = r;
  let drawn = 0;
  let lastTime = 0;
  // The final pass's latest draw, counted by an occlusion query: SwiftShader can drop a draw whose pipeline it does
  // not build (seen with filter/octaveWarp) with no GL error and no lost context, and the frame would then read as
  // the target's untouched zeros.
  let finalDraw = null;
  const countFinalDraw = () => {
    if (finalDraw) gl.deleteQuery(finalDraw);
    finalDraw = gl.createQuery();
    gl.beginQuery(gl.ANY_SAMPLES_PASSED_CONSERVATIVE, finalDraw);
  };
  const showMovingCard = index => {
    const card = bottomUp(movingCardPixels(width, height, index), width, height);
    for (const target of testCards) {
      gl.bindTexture(gl.TEXTURE_2D, target.tex);
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, card);
    }
  };
  const drawPass = (p, i, time, perFrame, probed, frame) => {
    const out = targets.get(p.output);
    const program = r.programs[i];
    gl.useProgram(program);
    r.draws.bindVertices(p, program);
    const [w, h] = out.current.size;
    // `passUniforms`: a pass's own values (noisemaker's pass `uniforms`, shader name -> a global's value).
    const values = { ...builtInUniforms(host.frameResolution ? [width, height] : [w, h], time), ...r.uniforms, ...p.passUniforms, ...perFrame };
    for (const [name, value] of Object.entries(values)) r.set(i, name, value);
    const bound = r.bindInputs(i, p, program);
    gl.viewport(0, 0, w, h);
    const drawNow = r.draws.prepare(p, [w, h]);
    const counted = p.output === r.finalName;
    if (counted) countFinalDraw();
    // A cube target is drawn once per face, the face in `_face`. On a probed frame a plain pass draws into its
    // float twin, copied into its target after (gl-twins.js).
    const intoTwin = probed && r.twins.drawsIntoTwin(p);
    for (const [face, fbo] of (p.more ? [r.bindTargets(i)] : out.current.fbos ?? [out.current.fbo]).entries()) {
      if (out.current.cube) r.set(i, '_face', face);
      gl.bindFramebuffer(gl.FRAMEBUFFER, intoTwin ? r.twins.twinFbo(i, p) : fbo);
      drawNow();
    }
    if (counted) gl.endQuery(gl.ANY_SAMPLES_PASSED_CONSERVATIVE);
    // A cube pass's six faces are not one picture: the probe sees its values where a later pass samples them.
    const before = probed?.length ?? 0;
    if (intoTwin) probed.push(r.twins.blitAndProbe(i, p, frame.probe));
    else if (probed && !out.current.cube) writes(p).forEach((wr, k) => probed.push(r.twins.probe(i, p, k, wr.output, drawNow, frame.probe)));
    if (frame.snapshot && wanted(frame.snapshot, i, probed?.slice(before))) {
      // A cube pass: the asked face, with `_face` set back to it so the snapshot's uniforms are that face's draw.
      const face = frame.snapshot.face ?? 0;
      if (out.current.cube) r.set(i, '_face', face);
      const floatTarget = r.floatFormat(out.format);
      const written = p.more ? null : out.current.cube ? (floatTarget ? out.current.fbos[face] : null) : floatTarget ? out.current.fbo : r.twins.twinFbo(i, p);
      const why = out.current.cube && !floatTarget ? 'the pass draws an 8-bit cube map, whose faces cannot be read as floats' : p.more ? 'the pass writes several targets' : p.drawMode ? `the pass draws ${p.drawMode}, not one full-screen triangle` : p.blend ? 'the pass blends into its target' : null;
      frame.snapshot.taken = snapshotPass(gl, { index: i, p, program, bound, written, size: [w, h], why });
      if (out.current.cube) frame.snapshot.taken.face = face;
    }
  };
  // debug_effect's pass (snapshot.pass), else the first whose probe found a non-finite value, else the last.
  const wanted = (snapshot, i, entries) => !snapshot.taken && (snapshot.pass === i
    || (snapshot.pass == null && ((entries ?? []).some(e => e.pixels > 0) || i === passes.length - 1)));
  // Not drawn, as drawing would change nothing; a float target is probed as it stands (what later passes read).
  const probeUndrawn = (p, i, probed, frame) => {
    const out = targets.get(p.output);
    if (probed && !out.current.cube && r.floatFormat(out.format)) writes(p).forEach((wr, k) => probed.push(r.twins.probe(i, p, k, wr.output, null, frame.probe)));
  };
  return {
    draw(time, frame = {}) {
      const probed = frame.probe ? [] : null;
      if (probed && !r.floatTargets) {
        return { unsupported: 'UNSUPPORTED: this WebGL2 context has no EXT_color_buffer_float, so no pass can be drawn into a float target and read as floats; NaN and Inf written to 8-bit targets are lost' };
      }
      const index = frame.index ?? drawn;
      drawn++;
      const delta = frame.delta ?? 1 / 60;
      const perFrame = { FRAMEINDEX: index, TIMEDELTA: delta, _frame: index, _timeDelta: delta };
      const loopDelta = frame.loopDelta ?? noisemakerDelta(time, lastTime);
      lastTime = time;
      if (host.frameUniforms) Object.assign(perFrame, { [host.frameUniforms.index]: index, [host.frameUniforms.delta]: loopDelta });
      if (r.movingCard) showMovingCard(index);
      passes.forEach((p, i) => {
        if (frame.only && !frame.only.has(i)) {
          probeUndrawn(p, i, probed, frame);
          return;
        }
        drawPass(p, i, time, perFrame, probed, frame);
        if (host.pingPong) swapWrites(targets, p);
      });
      if (!host.pingPong) for (const t of targets.values()) [t.current, t.previous] = [t.previous, t.current];
      return probed ? { passes: probed } : null;
    },
    // Whether the final pass's latest draw wrote no fragment; null when unknown. Waits for at least one task first:
    // WebGL gives a query's result, and tells of a lost context, only in a later task of the page.
    async wroteNothing() {
      await new Promise(resolve => setTimeout(resolve, 0));
      if (!finalDraw || gl.isContextLost()) return null;
      for (let i = 0; i < 40 && !gl.getQueryParameter(finalDraw, gl.QUERY_RESULT_AVAILABLE); i++) {
        await new Promise(resolve => setTimeout(resolve, i < 2 ? 0 : 5));
      }
      if (!gl.getQueryParameter(finalDraw, gl.QUERY_RESULT_AVAILABLE)) return null;
      return !gl.getQueryParameter(finalDraw, gl.QUERY_RESULT);
    },
  };
}
