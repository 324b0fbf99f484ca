// What each pass of the WebGPU pass runner draws with: its bindings, found by name in its WGSL (uniforms, texture_2d
// inputs, samplers), their bind group layout, and its render pipeline (or compute program, compute-pass.js).
import { computeOnly, computePass, outputBuffer } from './compute-pass.js';
import { gpuBlendFactor, writes } from './pass-plan.js';
import { structUniform } from './wgsl-uniforms.js';

// noisemaker's full-screen vertex stage: also a uv (0..1 from the clip position) at @location(0).
const VERTEX_UV_WGSL = `struct FullscreenOut { @builtin(position) position: vec4<f32>, @location(0) uv: vec2<f32> }
@vertex fn fullscreenUv(@builtin(vertex_index) i: u32) -> FullscreenOut {
  let p = array<vec2<f32>, 3>(vec2<f32>(-1.0, -1.0), vec2<f32>(3.0, -1.0), vec2<f32>(-1.0, 3.0));
  return FullscreenOut(vec4<f32>(p[i], 0.0, 1.0), p[i] * 0.5 + vec2<f32>(0.5, 0.5));
}`;

export const VERTEX_WGSL = `@vertex fn fullscreen(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
  let p = array<vec2<f32>, 3>(vec2<f32>(-1.0, -1.0), vec2<f32>(3.0, -1.0), vec2<f32>(-1.0, 3.0));
  return vec4<f32>(p[i], 0.0, 1.0);
}`;

/** A pass's `blend` as WebGPU's blend state: additive (one, one) for `true`, else its [source, destination] factors. */
function blendState(blend) {
  const [srcFactor, dstFactor] = Array.isArray(blend) ? blend.map(gpuBlendFactor) : ['one', 'one'];
  const component = { srcFactor, dstFactor, operation: 'add' };
  return { color: component, alpha: component };
}

/**
 * The uniform buffers pass `p` binds (`used` tells a binding its code uses): {binding, name, int, buffer, struct,
 * columns}, a uniform of a struct type packed by wgsl-uniforms.js (with the pass's `uniformLayout`).
 */
function uniformBuffersOf(device, p, used) {
  return [...p.source.matchAll(/@group\(0\)\s*@binding\((\d+)\)\s*var<uniform>\s*(\w+)\s*:\s*([\w<>]+(?:\s*,\s*\d+\s*>)?)/g)].filter(used).map(m => {
    const struct = structUniform(p.source, m[2], m[3], p.uniformLayout);
    // a matCxR<f32> is C columns, each padded to 16 bytes (8 for 2 rows), column-major values as given
    const matrix = /^mat([234])x([234])<f32>$/.exec(m[3].replace(/\s/g, ''));
    const columns = matrix ? { count: Number(matrix[1]), rows: Number(matrix[2]), stride: matrix[2] === '2' ? 2 : 4 } : null;
    const buffer = device.createBuffer({ size: struct ? struct.size : columns ? columns.count * columns.stride * 4 : 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    return { binding: Number(m[1]), name: m[2], int: /^(i32|u32)$/.test(m[3]), buffer, struct, columns };
  });
}

/**
 * For each pass: {bindGroupLayout, uniformBuffers, textures, samplers} and either `pipeline()` (its render pipeline,
 * made when first drawn with) or `compute` (compute-pass.js), and `pipelineFor(twin)`, the pipeline with attachment
 * `twin.k` alone in `twin.format` (the probe's float twin: WebGPU drops a fragment output whose target is null).
 */
export function wgslPipelines(device, passes, modules, { imported, targets, formatOf }) {
  const vertex = device.createShaderModule({ code: VERTEX_WGSL });
  const uvVertex = device.createShaderModule({ code: VERTEX_UV_WGSL });
  const unfilterable = format => /32float$/.test(format); // sampled through 'unfilterable-float' and a non-filtering sampler
  return passes.map((p, i) => {
    const layout = [];
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
    const uniformBuffers = uniformBuffersOf(device, p, used);
    uniformBuffers.forEach(u => layout.push({ binding: u.binding, visibility: stage, buffer: { type: 'uniform' } }));
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
    const pipelineFor = (twin = null) => device.createRenderPipeline({
      layout: device.createPipelineLayout({ bindGroupLayouts: [bindGroupLayout] }),
      vertex: ownVertex ? { module: modules[i], entryPoint: ownVertex } : p.uvVertex ? { module: uvVertex, entryPoint: 'fullscreenUv' } : { module: vertex, entryPoint: 'fullscreen' },
      fragment: { module: modules[i], entryPoint: entry, targets: writes(p).map((w, k) => (!twin ? { format: formatOf(w.output), blend } : k === twin.k ? { format: twin.format, blend } : null)) },
      primitive: { topology: p.drawMode === 'points' ? 'point-list' : 'triangle-list' },
    });
    // Made when first drawn with: a single probed frame draws a plain pass into its float twin only (wgsl-twins.js).
    let main = null;
    return { pipeline: () => (main ??= pipelineFor()), pipelineFor, bindGroupLayout, uniformBuffers, textures, samplers };
  });
}
