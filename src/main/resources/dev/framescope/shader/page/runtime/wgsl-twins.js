// The non-finite probe's float twins of 8-bit targets on WebGPU (see probe.js): as many channels as the target,
// 32-bit float. A plain pass (a full-screen draw of one output, not blended) draws once on a probed frame, into its
// twin, which a blit copies into its target: the same 8-bit values, and SwiftShader builds one pipeline of the
// effect's program instead of two (issue 33). Any other pass draws into its target and again into its twin.
import { writes } from './pass-plan.js';
import { PICTURES, probePass } from './probe.js';
import { rgbaFloats, rowLayout } from './wgsl-readback.js';
import { VERTEX_WGSL } from './wgsl-pipelines.js';

const BLIT_WGSL = `${VERTEX_WGSL}
@group(0) @binding(0) var twin: texture_2d<f32>;
@fragment fn copy(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> { return textureLoad(twin, vec2<i32>(p.xy), 0); }`;

const twinFormat = format => (/^rgba/.test(format) ? 'rgba32float' : /^rg/.test(format) ? 'rg32float' : 'r32float');

/**
 * The twins of the runner's passes: `prepared` (wgslPipelines'), `targets` and `formatOf` (wgslTextures'),
 * `drawIn(pass, i, p)` (a pass's draw call), `finalName`, and `flipY` (host.js: the twins are read flipped).
 */
export function wgslTwins(device, { prepared, targets, formatOf, drawIn, finalName, flipY }) {
  const twins = new Map();
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
  const blits = new Map();
  const blitInto = (encoder, twin, target) => {
    if (!blits.has(target.format)) {
      const module = device.createShaderModule({ code: BLIT_WGSL });
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
  // What pass i wrote to its attachment k (`output`), copied to a buffer to read; `drawn`: its twin, already drawn.
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
  return {
    /** Whether pass i draws once into its twin on a probed frame (see above). */
    drawsIntoTwin: (p, i) => !prepared[i].compute && !p.drawMode && !p.blend && !p.more && !/float$/.test(formatOf(p.output)),
    /** Draws pass i into its twin, copies that into its target, and returns the probe's read of the twin. */
    drawIntoTwin(encoder, i, p, bindGroup) {
      const target = targets.get(p.output).current;
      const twin = twinOf(i, 0, twinFormat(formatOf(p.output)), [target.width, target.height]);
      drawTwin(encoder, i, p, bindGroup, 0, twin);
      blitInto(encoder, twin, target);
      return encodeProbe(encoder, i, p, bindGroup, 0, p.output, twin);
    },
    encodeProbe,
    /** The probe's answer from the reads encodeProbe encoded, once the GPU has run them. */
    async readProbes(reads, { trace, pictures }) {
      const probed = [];
      for (const { i, p, output, buffer, layout, w, h, format, readFrom } of reads) {
        await buffer.mapAsync(GPUMapMode.READ);
        const floats = rgbaFloats(new Uint8Array(buffer.getMappedRange()), layout, w, h, false);
        buffer.unmap();
        buffer.destroy();
        probed.push(probePass(floats, { index: i, name: p.name, output, format, readFrom, width: w, height: h, bottomUp: flipY, final: output === finalName, trace, picture: pictures && i < PICTURES }));
      }
      return { passes: probed };
    },
  };
}
