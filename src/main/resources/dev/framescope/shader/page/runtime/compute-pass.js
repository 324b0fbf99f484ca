// noisemaker's compute-only WGSL filters on WebGPU: the program writes RGBA floats, row by row from the top, into a
// storage buffer `output_buffer` (or `outputBuffer`), dispatched in 8x8 workgroups over the pass's target; a
// full-screen draw then copies the buffer into the target, as noisemaker's backend does (copyBufferToTexture).

const COPY_WGSL = `struct CopySize { width: u32, height: u32, pad0: u32, pad1: u32 }
@group(0) @binding(0) var<storage, read> pixels: array<f32>;
@group(0) @binding(1) var<uniform> size: CopySize;
@vertex fn vertex(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
  let p = array<vec2<f32>, 3>(vec2<f32>(-1.0, -1.0), vec2<f32>(3.0, -1.0), vec2<f32>(-1.0, 3.0));
  return vec4<f32>(p[i], 0.0, 1.0);
}
@fragment fn copy(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let x = u32(position.x);
  let y = u32(position.y);
  if (x >= size.width || y >= size.height) { return vec4<f32>(0.0, 0.0, 0.0, 1.0); }
  let at = (y * size.width + x) * 4u;
  return vec4<f32>(pixels[at], pixels[at + 1u], pixels[at + 2u], pixels[at + 3u]);
}`;

/** The names noisemaker's backend gives a compute program's struct fields it has no uniform for. */
export const COMPUTE_ALIASES = values => ({ width: values.resolution[0], height: values.resolution[1], channels: 4 });

/** True for WGSL (comments stripped) with a compute entry point and no fragment one, as noisemaker tells them. */
export function computeOnly(code) {
  return /@compute\s/.test(code) && !/@fragment/.test(code);
}

/** The program's output storage buffer binding ({binding, name}), or null when it has none. */
export function outputBuffer(code) {
  const m = /@binding\((\d+)\)\s*var<storage\s*,\s*read_write>\s*(output_buffer|outputBuffer)\s*:/.exec(code);
  return m ? { binding: Number(m[1]), name: m[2] } : null;
}

/**
 * A compute program over a width x height target: `encode(encoder, entries, target)` dispatches it with the bind
 * group entries given (plus the output buffer), copies the buffer into `target` and returns the copy's bind group
 * (the probe redraws the copy into its float twin with `copyPipeline(format)`).
 */
export function computePass(device, module, source, bindGroupLayout, output, width, height) {
  const entryPoint = /@compute[^f]*fn\s+(\w+)/.exec(source)?.[1] ?? 'main';
  const pipeline = device.createComputePipeline({ layout: device.createPipelineLayout({ bindGroupLayouts: [bindGroupLayout] }), compute: { module, entryPoint } });
  const pixels = device.createBuffer({ size: width * height * 16, usage: GPUBufferUsage.STORAGE });
  const size = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(size, 0, new Uint32Array([width, height, 0, 0]));
  const copyModule = device.createShaderModule({ code: COPY_WGSL });
  const copyLayout = device.createBindGroupLayout({ entries: [
    { binding: 0, visibility: GPUShaderStage.FRAGMENT, buffer: { type: 'read-only-storage' } },
    { binding: 1, visibility: GPUShaderStage.FRAGMENT, buffer: { type: 'uniform' } }] });
  const copyGroup = device.createBindGroup({ layout: copyLayout, entries: [{ binding: 0, resource: { buffer: pixels } }, { binding: 1, resource: { buffer: size } }] });
  const pipelines = new Map();
  const copyPipeline = format => {
    if (!pipelines.has(format)) {
      pipelines.set(format, device.createRenderPipeline({
        layout: device.createPipelineLayout({ bindGroupLayouts: [copyLayout] }),
        vertex: { module: copyModule, entryPoint: 'vertex' },
        fragment: { module: copyModule, entryPoint: 'copy', targets: [{ format }] },
        primitive: { topology: 'triangle-list' },
      }));
    }
    return pipelines.get(format);
  };
  return {
    copyPipeline,
    encode(encoder, entries, target) {
      const group = device.createBindGroup({ layout: bindGroupLayout, entries: [...entries, { binding: output.binding, resource: { buffer: pixels } }] });
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(Math.ceil(width / 8), Math.ceil(height / 8), 1);
      pass.end();
      const draw = encoder.beginRenderPass({ colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store', clearValue: [0, 0, 0, 0] }] });
      draw.setPipeline(copyPipeline(target.format));
      draw.setBindGroup(0, copyGroup);
      draw.draw(3);
      draw.end();
      return copyGroup;
    },
  };
}
