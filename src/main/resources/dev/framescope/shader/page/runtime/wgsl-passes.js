// The WebGPU pass runner: the WGSL twin of prepareGlslPasses in passes.js, with the same pass model.
import { gpuDevice } from './compile.js';
import { drawCount, gpuBlendFactor, halfToFloat, noisemakerDelta, plan, swapWrites, writes } from './pass-plan.js';
import { PICTURES, probePass } from './probe.js';
import { CARDS, movingCardPixels, testCardPixels } from './testcard.js';
import { COMPUTE_ALIASES, computeOnly, computePass, outputBuffer } from './compute-pass.js';
import { structUniform } from './wgsl-uniforms.js';

// noisemaker's full-screen vertex stage: also a uv (0..1 from the clip position) at @location(0).
const VERTEX_UV_WGSL = `struct FullscreenOut { @builtin(position) position: vec4<f32>, @location(0) uv: vec2<f32> }
@vertex fn fullscreenUv(@builtin(vertex_index) i: u32) -> FullscreenOut {
  let p = array<vec2<f32>, 3>(vec2<f32>(-1.0, -1.0), vec2<f32>(3.0, -1.0), vec2<f32>(-1.0, 3.0));
  return FullscreenOut(vec4<f32>(p[i], 0.0, 1.0), p[i] * 0.5 + vec2<f32>(0.5, 0.5));
}`;

const VERTEX_WGSL = `@vertex fn fullscreen(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
  let p = array<vec2<f32>, 3>(vec2<f32>(-1.0, -1.0), vec2<f32>(3.0, -1.0), vec2<f32>(-1.0, 3.0));
  return vec4<f32>(p[i], 0.0, 1.0);
}`;

/**
 * The WebGPU twin of prepareGlslPasses: bindings found by name (uniforms, texture_2d inputs, samplers); a uniform of a
 * struct type is packed by wgsl-uniforms.js (with the pass's `uniformLayout`). `images` as for GLSL. `flipY` (noisemaker
 * effects, whose WGSL draws y down and whose runtime flips the frame when it shows it): images and the test card
 * are stored bottom row first and the result is read flipped, so the frame is what that runtime shows. `movingCard`
 * as for GLSL.
 */
export async function prepareWgslPasses(passes, { width, height, uniforms, images = {}, flipY = false, pingPong = false, frameUniforms = null, movingCard = false }) {
  const g = await gpuDevice();
  if (g.unavailable) return { ok: false, unavailable: g.unavailable, diagnostics: [] };
  const device = g.device;
  const modules = [];
  for (const [i, p] of passes.entries()) {
    const module = device.createShaderModule({ code: p.source });
    const info = await module.getCompilationInfo();
    const diagnostics = info.messages.map(m => ({ pass: i, stage: 'module', severity: m.type, line: m.lineNum || null, column: m.linePos || null, message: m.message }));
    if (diagnostics.some(d => d.severity === 'error')) return { ok: false, diagnostics };
    modules.push(module);
  }
  const { finalName, fresh, names, writer } = plan(passes);
  const usage = GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_SRC | GPUTextureUsage.COPY_DST;
  // A target's declared size and format (noisemaker's `textures`), else the frame's size, rgba8unorm.
  const makeTarget = (p = {}) => device.createTexture({ size: [p.width ?? width, p.height ?? height], format: p.format ?? 'rgba8unorm', usage });
  const formatOf = name => writer(name)?.format ?? 'rgba8unorm';
  const unfilterable = format => /32float$/.test(format); // sampled through 'unfilterable-float' and a non-filtering sampler
  const flipRows = (rows, w, h) => {
    if (!flipY) return rows;
    const out = new Uint8Array(rows.length);
    for (let y = 0; y < h; y++) out.set(rows.subarray(y * w * 4, (y + 1) * w * 4), (h - 1 - y) * w * 4);
    return out;
  };
  const upload = (rows, w, h) => {
    const texture = device.createTexture({ size: [w, h], format: 'rgba8unorm', usage });
    device.queue.writeTexture({ texture }, flipRows(rows, w, h), { bytesPerRow: w * 4 }, [w, h]);
    return texture;
  };
  const input = upload(testCardPixels(width, height), width, height);
  const imported = new Map(Object.entries(images).map(([name, image]) => {
    const [w, h] = image.card ? [image.width ?? width, image.height ?? height] : [image.width, image.height];
    const rows = image.card ? CARDS[image.card](w, h) : Uint8Array.from(atob(image.rgba), c => c.charCodeAt(0));
    return [name, upload(rows, w, h)];
  }));
  // What the moving card replaces: the input, and an image bound to the test card at the frame's size.
  const testCards = [input, ...Object.entries(images).filter(([, image]) => image.card === 'testcard' && !image.width)
    .map(([name]) => imported.get(name))];
  // A binding FrameScope's harness maps to 'framescope:blank' (noisemaker's placeholder for a texture no input
  // names) reads transparent black.
  imported.set('framescope:blank', upload(new Uint8Array(4), 1, 1));
  const targets = new Map(names.map(n => {
    const p = writer(n);
    return [n, { current: makeTarget(p), previous: makeTarget(p) }];
  }));
  const sampler = device.createSampler({ magFilter: 'nearest', minFilter: 'nearest' });
  const vertex = device.createShaderModule({ code: VERTEX_WGSL });
  const uvVertex = device.createShaderModule({ code: VERTEX_UV_WGSL });
  device.pushErrorScope('validation');
  const prepared = passes.map((p, i) => {
    const layout = [];
    const uniformBuffers = [];
    // A binding declared but never used is left out of the layout, as the WGSL compiler and noisemaker's runtime
    // leave it out: it would count against the per-stage limits (12 uniform buffers by default; classicNoisedeck/
    // noise3d declares 13 and uses 12).
    const code = p.source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
    const used = m => (code.match(new RegExp(`\\b${m[2]}\\b`, 'g')) || []).length > 1;
    // A compute-only program (noisemaker's WebGPU filters crt, grain, ...) writes RGBA floats into `output_buffer`,
    // which noisemaker's backend then draws into the pass's target; it runs so here (compute-pass.js).
    const compute = computeOnly(code) ? outputBuffer(code) : null;
    // A point or billboard draw's own vertex stage (noisemaker's vertexMain: one agent per vertex index) reads the
    // agent state, so its bindings are visible to both stages.
    const ownVertex = p.drawMode ? /@vertex\s+fn\s+(\w+)/.exec(code)?.[1] : null;
    const stage = compute ? GPUShaderStage.COMPUTE : ownVertex ? GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT : GPUShaderStage.FRAGMENT;
    for (const m of [...p.source.matchAll(/@group\(0\)\s*@binding\((\d+)\)\s*var<uniform>\s*(\w+)\s*:\s*([\w<>]+(?:\s*,\s*\d+\s*>)?)/g)].filter(used)) {
      const struct = structUniform(p.source, m[2], m[3], p.uniformLayout);
      // a matCxR<f32> is C columns, each padded to 16 bytes (8 for 2 rows), column-major values as given
      const matrix = /^mat([234])x([234])<f32>$/.exec(m[3].replace(/\s/g, ''));
      const columns = matrix ? { count: Number(matrix[1]), rows: Number(matrix[2]), stride: matrix[2] === '2' ? 2 : 4 } : null;
      const buffer = device.createBuffer({ size: struct ? struct.size : columns ? columns.count * columns.stride * 4 : 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
      uniformBuffers.push({ binding: Number(m[1]), name: m[2], int: /^(i32|u32)$/.test(m[3]), buffer, struct, columns });
      layout.push({ binding: Number(m[1]), visibility: stage, buffer: { type: 'uniform' } });
    }
    const textures = [...p.source.matchAll(/@group\(0\)\s*@binding\((\d+)\)\s*var\s+(\w+)\s*:\s*texture_2d<f32>/g)]
      .filter(used).map(m => ({ binding: Number(m[1]), name: m[2] }));
    const samplers = [...p.source.matchAll(/@group\(0\)\s*@binding\((\d+)\)\s*var\s+(\w+)\s*:\s*sampler\b/g)]
      .filter(used).map(m => ({ binding: Number(m[1]) }));
    const boundFormat = t => { const name = (p.inputs ?? {})[t.name] ?? t.name; return !imported.has(name) && targets.has(name) ? formatOf(name) : 'rgba8unorm'; };
    const anyUnfilterable = textures.some(t => unfilterable(boundFormat(t)));
    textures.forEach(t => layout.push({ binding: t.binding, visibility: stage, texture: { sampleType: unfilterable(boundFormat(t)) ? 'unfilterable-float' : 'float' } }));
    samplers.forEach(s => layout.push({ binding: s.binding, visibility: stage, sampler: { type: anyUnfilterable ? 'non-filtering' : 'filtering' } }));
    if (compute) layout.push({ binding: compute.binding, visibility: stage, buffer: { type: 'storage' } });
    const bindGroupLayout = device.createBindGroupLayout({ entries: layout });
    if (compute) {
      const target = targets.get(p.output).current;
      const run = computePass(device, modules[i], p.source, bindGroupLayout, compute, target.width, target.height);
      return { compute: run, pipelineFor: twin => run.copyPipeline(twin.format), bindGroupLayout, uniformBuffers, textures, samplers };
    }
    const entry = /@fragment\s+fn\s+(\w+)/.exec(p.source)?.[1] ?? 'main';
    const blend = p.blend ? blendState(p.blend) : undefined;
    // Every target in its format; with `twin` ({k, format}) attachment k alone in that format (the probe's float
    // twin: WebGPU drops a fragment output whose target is null).
    const pipelineFor = (twin = null) => device.createRenderPipeline({
      layout: device.createPipelineLayout({ bindGroupLayouts: [bindGroupLayout] }),
      vertex: ownVertex ? { module: modules[i], entryPoint: ownVertex } : p.uvVertex ? { module: uvVertex, entryPoint: 'fullscreenUv' } : { module: vertex, entryPoint: 'fullscreen' },
      fragment: { module: modules[i], entryPoint: entry, targets: writes(p).map((w, k) => (!twin ? { format: formatOf(w.output), blend } : k === twin.k ? { format: twin.format, blend } : null)) },
      primitive: { topology: p.drawMode === 'points' ? 'point-list' : 'triangle-list' },
    });
    // Made when first drawn with: a single probed frame draws a plain pass into its float twin only (below).
    let main = null;
    return { pipeline: () => (main ??= pipelineFor()), pipelineFor, bindGroupLayout, uniformBuffers, textures, samplers };
  });
  // The full-screen triangle, or a drawn pass's points (or billboard quads, 6 vertices each) by its count.
  const sizeOf = name => { const t = imported.get(name) ?? targets.get(name)?.current ?? (name === 'inputTex' ? input : null); return t ? [t.width, t.height] : null; };
  const drawIn = (pass, i, p) => {
    if (!p.drawMode) { pass.draw(3); return; }
    const target = targets.get(p.output).current;
    const n = drawCount(p, sizeOf, [target.width, target.height], [width, height]);
    pass.draw(p.drawMode === 'points' ? n : 6 * n);
  };
  // The probe's float twins of 8-bit targets (see probe.js): as many channels as the target, 32-bit float. A plain
  // pass (a full-screen draw of one output, not blended) draws once on a probed frame, into its twin, which a blit
  // copies into its target: the same 8-bit values, and SwiftShader builds one pipeline of the effect's program
  // instead of two (issue 33). Any other pass draws into its target and again into its twin.
  const twins = new Map();
  const twinFormat = format => (/^rgba/.test(format) ? 'rgba32float' : /^rg/.test(format) ? 'rg32float' : 'r32float');
  const twinOf = (i, k, format, [w, h]) => {
    const key = `${i}/${k}`;
    if (!twins.has(key)) {
      twins.set(key, { pipeline: prepared[i].pipelineFor({ k, format }), texture: device.createTexture({ size: [w, h], format, usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC | GPUTextureUsage.TEXTURE_BINDING }) });
    }
    return twins.get(key);
  };
  const drawTwin = (encoder, i, p, bindGroup, k, twin) => {
    const attachments = writes(p).map((_, n) => (n === k ? { view: twin.texture.createView(), loadOp: 'clear', storeOp: 'store', clearValue: [0, 0, 0, 0] } : null));
    const pass = encoder.beginRenderPass({ colorAttachments: attachments });
    pass.setPipeline(twin.pipeline);
    pass.setBindGroup(0, bindGroup);
    drawIn(pass, i, p);
    pass.end();
  };
  const plain = (p, i) => !prepared[i].compute && !p.drawMode && !p.blend && !p.more && !/float$/.test(formatOf(p.output));
  const blits = new Map();
  const blitInto = (encoder, twin, target) => {
    if (!blits.has(target.format)) {
      const module = device.createShaderModule({ code: `${VERTEX_WGSL}
@group(0) @binding(0) var twin: texture_2d<f32>;
@fragment fn copy(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> { return textureLoad(twin, vec2<i32>(p.xy), 0); }` });
      const layout = device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.FRAGMENT, texture: { sampleType: 'unfilterable-float' } }] });
      blits.set(target.format, { layout, pipeline: device.createRenderPipeline({ layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }), vertex: { module, entryPoint: 'fullscreen' }, fragment: { module, entryPoint: 'copy', targets: [{ format: target.format }] }, primitive: { topology: 'triangle-list' } }) });
    }
    const blit = blits.get(target.format);
    const pass = encoder.beginRenderPass({ colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store', clearValue: [0, 0, 0, 0] }] });
    pass.setPipeline(blit.pipeline);
    pass.setBindGroup(0, device.createBindGroup({ layout: blit.layout, entries: [{ binding: 0, resource: twin.texture.createView() }] }));
    pass.draw(3);
    pass.end();
  };
  // What pass i wrote to its attachment k (`output`), as passes.js probes it; `drawn`: its twin, already drawn.
  const encodeProbe = (encoder, i, p, bindGroup, k = 0, output = p.output, drawn = null) => {
    const target = targets.get(output).current;
    const [w, h] = [target.width, target.height];
    let texture = target;
    let format = formatOf(output);
    let readFrom = 'target';
    if (!/float$/.test(format)) {
      format = twinFormat(format);
      const twin = drawn ?? twinOf(i, k, format, [w, h]);
      if (!drawn) drawTwin(encoder, i, p, bindGroup, k, twin);
      texture = twin.texture;
      readFrom = `${format} twin`;
    }
    const layout = rowLayout(format, w);
    const buffer = device.createBuffer({ size: layout.bytesPerRow * h, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
    encoder.copyTextureToBuffer({ texture }, { buffer, bytesPerRow: layout.bytesPerRow }, [w, h]);
    return { i, p, output, buffer, layout, w, h, format: formatOf(output), readFrom };
  };
  const readProbes = async (reads, { trace, pictures }) => {
    const probed = [];
    for (const { i, p, output, buffer, layout, w, h, format, readFrom } of reads) {
      await buffer.mapAsync(GPUMapMode.READ);
      const floats = rgbaFloats(new Uint8Array(buffer.getMappedRange()), layout, w, h, false);
      buffer.unmap();
      buffer.destroy();
      probed.push(probePass(floats, { index: i, name: p.name, output, format, readFrom, width: w, height: h, bottomUp: flipY, final: output === finalName, trace, picture: pictures && i < PICTURES }));
    }
    return { passes: probed };
  };
  let scopeOpen = true;
  let drawn = 0;
  let lastTime = 0;
  const finalFormat = formatOf(finalName);
  const finalLayout = rowLayout(finalFormat, width);
  const bytesPerRow = finalLayout.bytesPerRow;
  return {
    ok: true,
    renderer: g.adapter,
    async draw(time, frame = {}) {
      const shared = { resolution: [width, height], aspect: width / height, time, ...uniforms };
      const loopDelta = frame.loopDelta ?? noisemakerDelta(time, lastTime);
      lastTime = time;
      if (frameUniforms) Object.assign(shared, { [frameUniforms.index]: frame.index ?? drawn, [frameUniforms.delta]: loopDelta });
      if (movingCard) {
        const card = flipRows(movingCardPixels(width, height, frame.index ?? drawn), width, height);
        for (const texture of testCards) device.queue.writeTexture({ texture }, card, { bytesPerRow: width * 4 }, [width, height]);
      }
      drawn++;
      const encoder = device.createCommandEncoder();
      const reads = [];
      passes.forEach((p, i) => {
        if (frame.only && !frame.only.has(i)) return;
        const { bindGroupLayout, uniformBuffers, textures, samplers, compute } = prepared[i];
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
        for (const t of textures) {
          const name = (p.inputs ?? {})[t.name] ?? t.name;
          const source = imported.get(name) ?? (targets.has(name) ? targets.get(name)[pingPong || !fresh(name, i) ? 'previous' : 'current'] : input);
          entries.push({ binding: t.binding, resource: source.createView() });
        }
        samplers.forEach(s => entries.push({ binding: s.binding, resource: sampler }));
        if (compute) {
          const copyGroup = compute.encode(encoder, entries, targets.get(p.output).current);
          if (frame.probe) reads.push(encodeProbe(encoder, i, p, copyGroup));
          if (pingPong) swapWrites(targets, p);
          return;
        }
        const bindGroup = device.createBindGroup({ layout: bindGroupLayout, entries });
        if (frame.probe && plain(p, i)) {
          const target = targets.get(p.output).current;
          const twin = twinOf(i, 0, twinFormat(formatOf(p.output)), [target.width, target.height]);
          drawTwin(encoder, i, p, bindGroup, 0, twin);
          blitInto(encoder, twin, target);
          reads.push(encodeProbe(encoder, i, p, bindGroup, 0, p.output, twin));
          if (pingPong) swapWrites(targets, p);
          return;
        }
        // A drawn or blended pass adds to what its target holds, as noisemaker's backend loads it (WebGL2 never clears).
        const loadOp = p.drawMode || p.blend ? 'load' : 'clear';
        const pass = encoder.beginRenderPass({ colorAttachments: writes(p).map(w => ({ view: targets.get(w.output).current.createView(), loadOp, storeOp: 'store', clearValue: [0, 0, 0, 0] })) });
        pass.setPipeline(prepared[i].pipeline());
        pass.setBindGroup(0, bindGroup);
        drawIn(pass, i, p);
        pass.end();
        if (frame.probe) writes(p).forEach((w, k) => reads.push(encodeProbe(encoder, i, p, bindGroup, k, w.output)));
        if (pingPong) swapWrites(targets, p);
      });
      device.queue.submit([encoder.finish()]);
      if (!pingPong) for (const t of targets.values()) [t.current, t.previous] = [t.previous, t.current];
      return frame.probe ? readProbes(reads, frame.probe) : null;
    },
    fence() {
      return device.queue.onSubmittedWorkDone();
    },
    async error() {
      if (!scopeOpen) return null;
      scopeOpen = false;
      return device.popErrorScope();
    },
    async read() {
      const readback = device.createBuffer({ size: bytesPerRow * height, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
      const encoder = device.createCommandEncoder();
      encoder.copyTextureToBuffer({ texture: targets.get(finalName).previous }, { buffer: readback, bytesPerRow }, [width, height]);
      device.queue.submit([encoder.finish()]);
      await readback.mapAsync(GPUMapMode.READ);
      const padded = new Uint8Array(readback.getMappedRange());
      if (finalFormat === 'rgba8unorm') {
        const rows = new Uint8Array(width * height * 4);
        for (let y = 0; y < height; y++) rows.set(padded.subarray(y * bytesPerRow, y * bytesPerRow + width * 4), (flipY ? height - 1 - y : y) * width * 4);
        readback.unmap();
        return rows;
      }
      // Another format (noisemaker's float or one-/two-channel targets): read as RGBA floats, kept in `floats`, and
      // as bytes clamped to 0..1.
      const floats = rgbaFloats(padded, finalLayout, width, height, flipY);
      readback.unmap();
      if (finalLayout.channelBytes === 1) return Uint8Array.from(floats, v => Math.round(255 * v));
      const bytes = Uint8Array.from(floats, v => Math.round(255 * Math.min(1, Math.max(0, v))));
      bytes.floats = floats;
      return bytes;
    },
  };
}

/** A pass's `blend` as WebGPU's blend state: additive (one, one) for `true`, else its [source, destination] factors. */
function blendState(blend) {
  const [srcFactor, dstFactor] = Array.isArray(blend) ? blend.map(gpuBlendFactor) : ['one', 'one'];
  const component = { srcFactor, dstFactor, operation: 'add' };
  return { color: component, alpha: component };
}

/** How a texture of `format` and `width` is laid out when copied to a buffer (rows padded to 256 bytes). */
function rowLayout(format, width) {
  const channels = /^rgba/.test(format) ? 4 : /^rg/.test(format) ? 2 : 1;
  const channelBytes = /8unorm$/.test(format) ? 1 : /16float$/.test(format) ? 2 : 4;
  return { channels, channelBytes, bytesPerRow: Math.ceil(width * channels * channelBytes / 256) * 256 };
}

/** A copied texture as RGBA floats, rows top-down (bottom-up when `flip`); missing channels 0, alpha 1, as sampling gives them. */
function rgbaFloats(padded, { channels, channelBytes, bytesPerRow }, width, height, flip) {
  const floats = new Float32Array(width * height * 4);
  if (channels === 4 && channelBytes === 4 && padded.byteOffset % 4 === 0) {
    // rgba32float (the probe's twins): whole rows as they are, no per-component reads
    const all = new Float32Array(padded.buffer, padded.byteOffset, padded.byteLength / 4);
    for (let y = 0; y < height; y++) floats.set(all.subarray(y * bytesPerRow / 4, y * bytesPerRow / 4 + width * 4), (flip ? height - 1 - y : y) * width * 4);
    return floats;
  }
  const view = new DataView(padded.buffer, padded.byteOffset, padded.byteLength);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (((flip ? height - 1 - y : y) * width) + x) * 4;
      floats.set([0, 0, 0, 1], o);
      for (let c = 0; c < channels; c++) {
        const at = y * bytesPerRow + (x * channels + c) * channelBytes;
        floats[o + c] = channelBytes === 1 ? view.getUint8(at) / 255 : channelBytes === 2 ? halfToFloat(view.getUint16(at, true)) : view.getFloat32(at, true);
      }
    }
  }
  return floats;
}
