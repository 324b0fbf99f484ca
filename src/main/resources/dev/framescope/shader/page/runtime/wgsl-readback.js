// Reading a WebGPU texture back: copied to a buffer (rows padded to 256 bytes), then as RGBA8 rows or RGBA floats.
import { halfToFloat } from './pass-plan.js';

/** How a texture of `format` and `width` is laid out when copied to a buffer (rows padded to 256 bytes). */
export function rowLayout(format, width) {
  const channels = /^rgba/.test(format) ? 4 : /^rg/.test(format) ? 2 : 1;
  const channelBytes = /8unorm$/.test(format) ? 1 : /16float$/.test(format) ? 2 : 4;
  return { channels, channelBytes, bytesPerRow: Math.ceil(width * channels * channelBytes / 256) * 256 };
}

/** A copied texture as RGBA floats, rows top-down (bottom-up when `flip`); missing channels 0, alpha 1, as sampling gives them. */
export function rgbaFloats(padded, { channels, channelBytes, bytesPerRow }, width, height, flip) {
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

/**
 * The result `texture` (of `format`, the frame's size) as RGBA8 rows top-down, read flipped with `flipY`. Another
 * format than rgba8unorm (noisemaker's float or one-/two-channel targets) is read as RGBA floats, kept in `floats`,
 * and as bytes clamped to 0..1.
 */
export async function readResult(device, texture, format, width, height, flipY) {
  const layout = rowLayout(format, width);
  const { bytesPerRow } = layout;
  const readback = device.createBuffer({ size: bytesPerRow * height, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  const encoder = device.createCommandEncoder();
  encoder.copyTextureToBuffer({ texture }, { buffer: readback, bytesPerRow }, [width, height]);
  device.queue.submit([encoder.finish()]);
  await readback.mapAsync(GPUMapMode.READ);
  const padded = new Uint8Array(readback.getMappedRange());
  if (format === 'rgba8unorm') {
    const rows = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) rows.set(padded.subarray(y * bytesPerRow, y * bytesPerRow + width * 4), (flipY ? height - 1 - y : y) * width * 4);
    readback.unmap();
    return rows;
  }
  const floats = rgbaFloats(padded, layout, width, height, flipY);
  readback.unmap();
  if (layout.channelBytes === 1) return Uint8Array.from(floats, v => Math.round(255 * v));
  const bytes = Uint8Array.from(floats, v => Math.round(255 * Math.min(1, Math.max(0, v))));
  bytes.floats = floats;
  return bytes;
}
