// The textures of the WebGL2 pass runner (gl-passes.js): the test card, the images bound by name, and every pass
// output double-buffered as a `current` and a `previous` copy, each with its framebuffer.
import { writes } from './pass-plan.js';
import { CARDS, CUBE_FACES, testCardPixels } from './testcard.js';

/** A target's declared `format` (noisemaker: its WebGL2 backend's names) as [internal format, format, type]. */
function formatTable(gl) {
  return {
    rgba8: [gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE], rgba16f: [gl.RGBA16F, gl.RGBA, gl.HALF_FLOAT],
    rgba32f: [gl.RGBA32F, gl.RGBA, gl.FLOAT], r8: [gl.R8, gl.RED, gl.UNSIGNED_BYTE],
    r16f: [gl.R16F, gl.RED, gl.HALF_FLOAT], r32f: [gl.R32F, gl.RED, gl.FLOAT],
  };
}

/** RGBA8 rows top-down as WebGL stores them, bottom row first (or back). */
export function bottomUp(rows, w, h) {
  const out = new Uint8Array(rows.length);
  for (let y = 0; y < h; y++) out.set(rows.subarray(y * w * 4, (y + 1) * w * 4), (h - 1 - y) * w * 4);
  return out;
}

/**
 * How the runner makes textures in `gl`: `makeTarget` and `makeCube` (each texture with its framebuffer),
 * `floatFormat(format)` for float formats, and `unsupported`, why a target the passes declare cannot be made here
 * (null when all can). `floatTargets`: EXT_color_buffer_float, without which float targets are RGBA8.
 */
export function glTextureMaker(gl, passes, width, height) {
  const floatTargets = !!gl.getExtension('EXT_color_buffer_float');
  // RGBA32F can be filtered only with OES_texture_float_linear; a float target read through a filtering Shadertoy
  // sampler is RGBA16F (filterable in WebGL2 itself) where that extension is missing.
  const floatLinear = !!gl.getExtension('OES_texture_float_linear');
  const FORMATS = formatTable(gl);
  const floatFormat = format => !!format && FORMATS[format]?.[2] !== gl.UNSIGNED_BYTE;
  let unsupported = null;
  for (const p of passes.flatMap(writes)) {
    if (p.format && !FORMATS[p.format]) unsupported = `UNSUPPORTED: texture '${p.output}' has format '${p.format}', which FrameScope's WebGL2 runtime does not know`;
    else if (floatFormat(p.format) && !floatTargets) unsupported = `UNSUPPORTED: texture '${p.output}' is ${p.format}, a float render target, and this WebGL2 context has no EXT_color_buffer_float`;
    if (unsupported) break;
  }
  // `float`: true (RGBA32F) or 'half' (RGBA16F); `srgb`: an image decoded from sRGB when sampled (Shadertoy's srgb);
  // `format`: a declared format from FORMATS, which wins over the others.
  const makeTarget = (pixels, [w, h] = [width, height], float = false, linear = false, { srgb = false, format = null } = {}) => {
    const tex = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, tex);
    if (format) gl.texImage2D(gl.TEXTURE_2D, 0, FORMATS[format][0], w, h, 0, FORMATS[format][1], FORMATS[format][2], null);
    else if (float === 'half' && floatTargets) gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA16F, w, h, 0, gl.RGBA, gl.HALF_FLOAT, null);
    else if (float && floatTargets) gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, w, h, 0, gl.RGBA, gl.FLOAT, null);
    else gl.texImage2D(gl.TEXTURE_2D, 0, srgb ? gl.SRGB8_ALPHA8 : gl.RGBA8, w, h, 0, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, linear ? gl.LINEAR : gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, linear ? gl.LINEAR : gl.NEAREST);
    // Clamp like WebGPU's default sampler, so both backends treat the edges alike.
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    const fbo = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, tex, 0);
    return { tex, fbo, size: [w, h] };
  };
  // A cubemap of side n: faces +X, -X, +Y, -Y, +Z, -Z from pixels(face) (RGBA8 rows, t = 0 first), or empty
  // RGBA16F faces to draw into (`float`) or RGBA8 ones.
  const makeCube = (n, float, pixels = null) => {
    const tex = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_CUBE_MAP, tex);
    const fbos = [];
    for (let face = 0; face < 6; face++) {
      const target = gl.TEXTURE_CUBE_MAP_POSITIVE_X + face;
      if (float) gl.texImage2D(target, 0, gl.RGBA16F, n, n, 0, gl.RGBA, gl.HALF_FLOAT, null);
      else gl.texImage2D(target, 0, gl.RGBA8, n, n, 0, gl.RGBA, gl.UNSIGNED_BYTE, pixels ? pixels(face) : null);
      const fbo = gl.createFramebuffer();
      gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, target, tex, 0);
      fbos.push(fbo);
    }
    for (const [k, v] of [[gl.TEXTURE_MIN_FILTER, gl.LINEAR], [gl.TEXTURE_MAG_FILTER, gl.LINEAR], [gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE], [gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE]]) gl.texParameteri(gl.TEXTURE_CUBE_MAP, k, v);
    return { tex, fbo: fbos[0], fbos, size: [n, n], cube: true };
  };
  return { floatTargets, floatLinear, floatFormat, unsupported, makeTarget, makeCube };
}

/**
 * The runner's textures, made with `maker` (glTextureMaker): `input` (the test card), `blank` (1×1 transparent
 * black), `imported` (the images by name), `testCards` (what the moving card replaces) and `targets` (each pass
 * output by name: {current, previous, persistent, format}). `plan` is pass-plan.js's plan of the passes.
 */
export function glTextures(maker, passes, { width, height, images }, { finalName, names, writer }) {
  const { floatTargets, floatLinear, makeTarget, makeCube } = maker;
  // ISF passes may draw into smaller, float or non-persistent targets; noisemaker passes into targets of their
  // declared size and `format`; native passes use the frame size, RGBA8, and keep their previous frame (persistent).
  const sizeOf = p => [p.width ?? width, p.height ?? height];
  const filtered = new Set(passes.flatMap(p => Object.entries(p.samplers ?? {})
    .filter(([, s]) => s.filter !== 'nearest').map(([channel]) => (p.inputs ?? {})[channel])));
  const input = makeTarget(bottomUp(testCardPixels(width, height), width, height));
  const blank = makeTarget(new Uint8Array(4), [1, 1]);
  // Images bound by name: decoded files ({width, height, rgba}) or a generated card at the frame's size ({card});
  // `linear` samples them as image hosts do (gl-transitions), else nearest; `vflip` false (Shadertoy) stores the
  // top row at v = 0, upside down; `srgb` (Shadertoy) decodes sRGB when sampled.
  const imported = new Map(Object.entries(images).map(([name, image]) => {
    if (image.cube) return [name, { ...makeCube(image.width, false, face => CUBE_FACES[image.card](image.width, face)), still: true }];
    const [w, h] = image.card ? [image.width ?? width, image.height ?? height] : [image.width, image.height];
    const rows = image.card ? CARDS[image.card](w, h) : Uint8Array.from(atob(image.rgba), c => c.charCodeAt(0));
    const target = makeTarget(image.vflip === false ? rows : bottomUp(rows, w, h), [w, h], false, !!image.linear, { srgb: !!image.srgb });
    return [name, { ...target, still: true }];
  }));
  // What the moving card replaces: the input, and an image bound to the test card at the frame's size (ISF's inputImage).
  const testCards = [input, ...Object.entries(images).filter(([, image]) => image.card === 'testcard' && !image.width)
    .map(([name]) => imported.get(name))];
  const targets = new Map(names.map(n => {
    const p = writer(n);
    const size = n === finalName ? [width, height] : sizeOf(p);
    const float = p.float && !floatLinear && filtered.has(n) ? 'half' : p.float;
    // Cube A (Shadertoy): a half-float cubemap (filterable and mipmappable), one framebuffer per face.
    const made = () => p.cube ? makeCube(size[0], floatTargets) : makeTarget(null, size, float, false, { format: p.format });
    const format = p.format ?? (float === 'half' && floatTargets ? 'rgba16f' : float && floatTargets ? 'rgba32f' : 'rgba8');
    return [n, { current: made(), previous: made(), persistent: p.persistent ?? true, format }];
  }));
  return { input, blank, imported, testCards, targets };
}
