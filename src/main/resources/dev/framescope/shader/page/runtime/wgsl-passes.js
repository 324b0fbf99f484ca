// The WebGPU pass runner: the WGSL twin of gl-passes.js, with passes.js's pass model, put together from its pieces:
// the targets (wgsl-targets.js), each pass's bindings and pipeline (wgsl-pipelines.js), the probe's float twins
// (wgsl-twins.js), the frame loop (wgsl-frames.js) and the read-back (wgsl-readback.js).
import { gpuDevice } from './compile.js';
import { pageHost } from './host.js';
import { plan } from './pass-plan.js';
import { wgslDrawCall, wgslFrames } from './wgsl-frames.js';
import { wgslPipelines } from './wgsl-pipelines.js';
import { readResult } from './wgsl-readback.js';
import { wgslTextures } from './wgsl-targets.js';
import { wgslTwins } from './wgsl-twins.js';

/** Each pass's shader module, or {diagnostics} of the first pass whose WGSL has an error. */
async function compileModules(device, passes) {
  const modules = [];
  for (const [i, p] of passes.entries()) {
    const module = device.createShaderModule({ code: p.source });
    const info = await module.getCompilationInfo();
    const diagnostics = info.messages.map(m => ({ pass: i, stage: 'module', severity: m.type, line: m.lineNum || null, column: m.linePos || null, message: m.message }));
    if (diagnostics.some(d => d.severity === 'error')) return { diagnostics };
    modules.push(module);
  }
  return { modules };
}

/**
 * The WebGPU twin of prepareGlslPasses: {ok, renderer, draw(time, frame), fence(), error(), read()}, or {ok: false,
 * ...} when WebGPU is missing or a pass does not compile. Bindings are found by name (uniforms, texture_2d inputs,
 * samplers; wgsl-pipelines.js). `images`, `host` (host.js: with `flipY` images and the test card are stored bottom
 * row first and the result is read flipped) and `movingCard` as for GLSL.
 */
export async function prepareWgslPasses(passes, { width, height, uniforms, images = {}, host = null, movingCard = false }) {
  const g = await gpuDevice();
  if (g.unavailable) return { ok: false, unavailable: g.unavailable, diagnostics: [] };
  const device = g.device;
  const { modules, diagnostics } = await compileModules(device, passes);
  if (diagnostics) return { ok: false, diagnostics };
  const effectHost = pageHost(host);
  const { finalName, fresh, names, writer } = plan(passes);
  const textures = wgslTextures(device, { width, height, images, flipY: effectHost.flipY }, { names, writer });
  const sampler = device.createSampler({ magFilter: 'nearest', minFilter: 'nearest' });
  device.pushErrorScope('validation');
  const prepared = wgslPipelines(device, passes, modules, textures);
  const drawIn = wgslDrawCall(textures, width, height);
  const twins = wgslTwins(device, { prepared, targets: textures.targets, formatOf: textures.formatOf, drawIn, finalName, flipY: effectHost.flipY });
  const frames = wgslFrames({ device, passes, width, height, uniforms, host: effectHost, movingCard, fresh, sampler, twins, prepared, drawIn, textures });
  let scopeOpen = true;
  return {
    ok: true,
    renderer: g.adapter,
    draw: frames.draw,
    fence() {
      return device.queue.onSubmittedWorkDone();
    },
    async error() {
      if (!scopeOpen) return null;
      scopeOpen = false;
      return device.popErrorScope();
    },
    read: () => readResult(device, textures.targets.get(finalName).previous, textures.formatOf(finalName), width, height, effectHost.flipY),
  };
}
