// The WebGPU pass runner's frame loop: a frame encodes each pass in order (its uniforms, its inputs, its draw or
// compute dispatch), swaps the double-buffered targets, and on the frame read back probes what each pass wrote
// (wgsl-twins.js).
import { COMPUTE_ALIASES } from './compute-pass.js';
import { drawCount, noisemakerDelta, swapWrites, writes } from './pass-plan.js';
import { flipRows } from './wgsl-targets.js';
import { movingCardPixels } from './testcard.js';

/**
 * The values pass `p` of `prepared` (one of wgslPipelines') binds: the `shared` uniforms with the pass's own (and
 * a compute program's aliases), each uniform buffer written with them. Returns {values, entries}.
 */
function writeUniforms(device, p, { uniformBuffers, compute }, shared) {
  const entries = [];
  let values = p.passUniforms ? { ...shared, ...p.passUniforms } : shared;
  if (compute) values = { ...COMPUTE_ALIASES(values), ...values };
  for (const u of uniformBuffers) {
    if (u.struct) {
      device.queue.writeBuffer(u.buffer, 0, u.struct.bytes(values));
      entries.push({ binding: u.binding, resource: { buffer: u.buffer } });
      continue;
    }
    const raw = values[u.name] ?? 0;
    const numbers = Array.isArray(raw) ? raw : [typeof raw === 'boolean' ? (raw ? 1 : 0) : raw];
    const data = u.int ? new Int32Array(4) : new Float32Array(u.columns ? u.columns.count * u.columns.stride : 4);
    if (u.columns) for (let c = 0; c < u.columns.count; c++) data.set(numbers.slice(c * u.columns.rows, (c + 1) * u.columns.rows), c * u.columns.stride);
    else data.set(numbers.slice(0, 4));
    device.queue.writeBuffer(u.buffer, 0, data);
    entries.push({ binding: u.binding, resource: { buffer: u.buffer } });
  }
  return entries;
}

/**
 * `drawIn(pass, i, p)` draws pass i in the render pass encoder `pass`: the full-screen triangle, or a drawn pass's
 * points (or billboard quads, 6 vertices each) by its count (pass-plan.js's drawCount).
 */
export function wgslDrawCall({ input, imported, targets }, width, height) {
  const sizeOf = name => { const t = imported.get(name) ?? targets.get(name)?.current ?? (name === 'inputTex' ? input : null); return t ? [t.width, t.height] : null; };
  return (pass, i, p) => {
    if (!p.drawMode) { pass.draw(3); return; }
    const target = targets.get(p.output).current;
    const n = drawCount(p, sizeOf, [target.width, target.height], [width, height]);
    pass.draw(p.drawMode === 'points' ? n : 6 * n);
  };
}

/**
 * `draw(time, frame)` of a prepared runner `r` (wgsl-passes.js): its device, passes, textures, pipelines, twins,
 * sampler and `drawIn` (wgslDrawCall's). `frame` as for WebGL2 (gl-frames.js); the uniforms are `resolution` (the
 * frame's size), `aspect`, `time`, the effect's own and the host's frame uniforms (host.js). Resolves to the probe's
 * answer on a probed frame, else null.
 */
export function wgslFrames(r) {
  const { device, passes, width, height, host, fresh, sampler, twins, prepared, drawIn, textures: { input, imported, targets, testCards } } = r;
  let drawn = 0;
  let lastTime = 0;
  // A pass reads, with `pingPong`, the latest copy of a target, else this frame's when an earlier pass wrote it.
  const textureEntries = (p, i) => prepared[i].textures.map(t => {
    const name = (p.inputs ?? {})[t.name] ?? t.name;
    const source = imported.get(name) ?? (targets.has(name) ? targets.get(name)[host.pingPong || !fresh(name, i) ? 'previous' : 'current'] : input);
    return { binding: t.binding, resource: source.createView() };
  });
  const encodePass = (encoder, p, i, shared, reads, probe) => {
    const { bindGroupLayout, samplers, compute } = prepared[i];
    const entries = writeUniforms(device, p, prepared[i], shared);
    entries.push(...textureEntries(p, i));
    samplers.forEach(s => entries.push({ binding: s.binding, resource: sampler }));
    if (compute) {
      const copyGroup = compute.encode(encoder, entries, targets.get(p.output).current);
      if (probe) reads.push(twins.encodeProbe(encoder, i, p, copyGroup));
      return;
    }
    const bindGroup = device.createBindGroup({ layout: bindGroupLayout, entries });
    if (probe && twins.drawsIntoTwin(p, i)) {
      reads.push(twins.drawIntoTwin(encoder, i, p, bindGroup));
      return;
    }
    // A drawn or blended pass adds to what its target holds, as noisemaker's backend loads it (WebGL2 never clears).
    const loadOp = p.drawMode || p.blend ? 'load' : 'clear';
    const pass = encoder.beginRenderPass({ colorAttachments: writes(p).map(w => ({ view: targets.get(w.output).current.createView(), loadOp, storeOp: 'store', clearValue: [0, 0, 0, 0] })) });
    pass.setPipeline(prepared[i].pipeline());
    pass.setBindGroup(0, bindGroup);
    drawIn(pass, i, p);
    pass.end();
    if (probe) writes(p).forEach((w, k) => reads.push(twins.encodeProbe(encoder, i, p, bindGroup, k, w.output)));
  };
  return {
    async draw(time, frame = {}) {
      const shared = { resolution: [width, height], aspect: width / height, time, ...r.uniforms };
      const loopDelta = frame.loopDelta ?? noisemakerDelta(time, lastTime);
      lastTime = time;
      if (host.frameUniforms) Object.assign(shared, { [host.frameUniforms.index]: frame.index ?? drawn, [host.frameUniforms.delta]: loopDelta });
      if (r.movingCard) {
        const card = flipRows(movingCardPixels(width, height, frame.index ?? drawn), width, height, host.flipY);
        for (const texture of testCards) device.queue.writeTexture({ texture }, card, { bytesPerRow: width * 4 }, [width, height]);
      }
      drawn++;
      const encoder = device.createCommandEncoder();
      const reads = [];
      passes.forEach((p, i) => {
        if (frame.only && !frame.only.has(i)) return;
        encodePass(encoder, p, i, shared, reads, frame.probe);
        if (host.pingPong) swapWrites(targets, p);
      });
      device.queue.submit([encoder.finish()]);
      if (!host.pingPong) for (const t of targets.values()) [t.current, t.previous] = [t.previous, t.current];
      return frame.probe ? twins.readProbes(reads, frame.probe) : null;
    },
  };
}
