// The textures of the WebGPU pass runner (wgsl-passes.js): the test card, the images bound by name, and every pass
// output double-buffered as a `current` and a `previous` texture.
import { CARDS, testCardPixels } from './testcard.js';

/** RGBA8 rows top-down, or bottom row first with `flipY` (host.js). */
export function flipRows(rows, w, h, flipY) {
  if (!flipY) return rows;
  const out = new Uint8Array(rows.length);
  for (let y = 0; y < h; y++) out.set(rows.subarray(y * w * 4, (y + 1) * w * 4), (h - 1 - y) * w * 4);
  return out;
}

/**
 * The runner's textures on `device`: `input` (the test card), `imported` (the images by name, and
 * 'framescope:blank'), `testCards` (what the moving card replaces), `targets` (each pass output by name:
 * {current, previous}) and `formatOf(name)`, a target's format. `plan` is pass-plan.js's plan of the passes.
 */
export function wgslTextures(device, { width, height, images, flipY }, { names, writer }) {
  const usage = GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_SRC | GPUTextureUsage.COPY_DST;
  // A target's declared size and format (noisemaker's `textures`), else the frame's size, rgba8unorm.
  const makeTarget = (p = {}) => device.createTexture({ size: [p.width ?? width, p.height ?? height], format: p.format ?? 'rgba8unorm', usage });
  const formatOf = name => writer(name)?.format ?? 'rgba8unorm';
  const upload = (rows, w, h) => {
    const texture = device.createTexture({ size: [w, h], format: 'rgba8unorm', usage });
    device.queue.writeTexture({ texture }, flipRows(rows, w, h, flipY), { bytesPerRow: w * 4 }, [w, h]);
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
  return { input, imported, testCards, targets, formatOf };
}
