// What debug_effect needs to draw one pass again outside the browser (issue 35): the pass's program texts as WebGL2
// compiled them, every active uniform's value as the program holds it at its draw, each sampler's texture read back
// as floats with its filter and wrap, and what the pass wrote, as floats. Taken on the frame that is read back, right
// after the pass drew and was probed, so the values are the ones that made the probed pixels.
import { glslStages } from './compile.js';
import { toBase64 } from './testcard.js';

/** Most bytes of float pixels one snapshot carries (inputs and output): a bigger one asks for a smaller frame. */
const MOST_BYTES = 96 << 20;

/** A plain array of a uniform's value (number, boolean or typed array) as numbers. */
function numbers(value) {
  if (value === null || value === undefined) return [];
  if (typeof value === 'boolean') return [value ? 1 : 0];
  if (typeof value === 'number') return [value];
  return Array.from(value, v => (typeof v === 'boolean' ? (v ? 1 : 0) : v));
}

/** Every active uniform but the samplers' units: {name, type (GL enum), values: per element, its components}. */
function uniformValues(gl, program) {
  const out = [];
  for (let i = 0; i < gl.getProgramParameter(program, gl.ACTIVE_UNIFORMS); i++) {
    const info = gl.getActiveUniform(program, i);
    if (info.name.startsWith('gl_')) continue;
    const base = info.name.replace(/\[0\]$/, '');
    const values = [];
    for (let k = 0; k < info.size; k++) {
      const location = gl.getUniformLocation(program, info.size > 1 || info.name.endsWith('[0]') ? `${base}[${k}]` : base);
      values.push(location === null ? [] : numbers(gl.getUniform(program, location)));
    }
    out.push({ name: base, type: info.type, array: info.name.endsWith('[0]'), values });
  }
  return out;
}

const WRAPS = { 10497: 'repeat', 33071: 'clamp', 33648: 'mirror' }; // REPEAT, CLAMP_TO_EDGE, MIRRORED_REPEAT

/** One 2D image (`target`: TEXTURE_2D or a cube face) of `tex` at level 0 into `floats` from `offset`; false if unreadable. */
function readImage(gl, target, tex, width, height, floats, offset) {
  const fbo = gl.createFramebuffer();
  gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, target, tex, 0);
  const complete = gl.checkFramebufferStatus(gl.FRAMEBUFFER) === gl.FRAMEBUFFER_COMPLETE;
  if (complete) {
    const type = gl.getParameter(gl.IMPLEMENTATION_COLOR_READ_TYPE);
    const into = floats.subarray(offset, offset + width * height * 4);
    if (type === gl.FLOAT || type === gl.HALF_FLOAT) {
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.FLOAT, into);
    } else {
      const bytes = new Uint8Array(width * height * 4);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, bytes);
      for (let n = 0; n < bytes.length; n++) into[n] = bytes[n] / 255;
    }
  }
  gl.deleteFramebuffer(fbo);
  return complete;
}

/**
 * A bound texture's level 0 as RGBA floats, rows from t = 0, and how it is sampled; or {unsupported}. A cube map's
 * six faces follow one another in GL's order (+X, -X, +Y, -Y, +Z, -Z), with `cube: true`.
 */
function readInput(gl, { sampler, unit, source, settings }) {
  const [width, height] = source.size;
  const faces = source.cube ? 6 : 1;
  let floats = new Float32Array(faces * width * height * 4);
  for (let f = 0; f < faces && floats; f++) {
    const target = source.cube ? gl.TEXTURE_CUBE_MAP_POSITIVE_X + f : gl.TEXTURE_2D;
    if (!readImage(gl, target, source.tex, width, height, floats, f * width * height * 4)) floats = null;
  }
  if (!floats) return { sampler, unit, unsupported: `sampler '${sampler}' reads a texture WebGL2 cannot read back` };
  if (source.cube) {
    gl.activeTexture(gl.TEXTURE0 + unit);
    const held = gl.getParameter(gl.TEXTURE_BINDING_CUBE_MAP);
    gl.bindTexture(gl.TEXTURE_CUBE_MAP, source.tex);
    const filter = settings?.filter ?? (gl.getTexParameter(gl.TEXTURE_CUBE_MAP, gl.TEXTURE_MAG_FILTER) === gl.NEAREST ? 'nearest' : 'linear');
    gl.bindTexture(gl.TEXTURE_CUBE_MAP, held);
    return { sampler, unit, width, height, cube: true, filter, wrap_s: 'clamp', wrap_t: 'clamp', floats };
  }
  let filter = settings?.filter;
  let wrapS = settings?.wrap;
  let wrapT = settings?.wrap;
  if (!settings) {
    // The texture's own parameters, read from the texture itself: by now the non-finite probe has bound its own
    // (nearest-filtered) textures to the pass's units, so what a unit holds is not what the pass sampled.
    gl.activeTexture(gl.TEXTURE0 + unit);
    const held = gl.getParameter(gl.TEXTURE_BINDING_2D);
    gl.bindTexture(gl.TEXTURE_2D, source.tex);
    filter = gl.getTexParameter(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER) === gl.NEAREST ? 'nearest' : 'linear';
    wrapS = WRAPS[gl.getTexParameter(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S)] ?? 'clamp';
    wrapT = WRAPS[gl.getTexParameter(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T)] ?? 'clamp';
    gl.bindTexture(gl.TEXTURE_2D, held);
  }
  return { sampler, unit, width, height, filter, wrap_s: wrapS === 'repeat' ? 'repeat' : wrapS === 'mirror' ? 'mirror' : 'clamp', wrap_t: wrapT === 'repeat' ? 'repeat' : wrapT === 'mirror' ? 'mirror' : 'clamp', floats };
}

/**
 * Pass `index` (`p`, linked as `program`) as it was just drawn: `bound` are its inputs as gl-inputs.js bound them,
 * `written` the framebuffer holding what it wrote as floats (its float target or its probe twin), `size` [w, h].
 * Pixel data comes back base64 (little-endian float32, rows from the bottom, as WebGL reads them).
 */
export function snapshotPass(gl, { index, p, program, bound, written, size, why }) {
  const [vertex, fragment] = glslStages(p.source, p.version, '', p.vertex ?? null);
  const base = { index, name: p.name ?? p.output, version: p.version ?? '300 es', vertex_text: vertex, fragment_text: fragment, custom_vertex: !!p.vertex, width: size[0], height: size[1] };
  if (why) return { ...base, unsupported: why };
  const inputs = bound.map(b => readInput(gl, b));
  const bytes = inputs.reduce((n, input) => n + (input.floats?.byteLength ?? 0), 16 * size[0] * size[1]);
  if (bytes > MOST_BYTES) return { ...base, unsupported: `the pass's inputs and output are ${Math.round(bytes / 1048576)} MiB of floats, over ${MOST_BYTES >> 20} MiB: ask for a smaller width and height` };
  const output = new Float32Array(size[0] * size[1] * 4);
  gl.bindFramebuffer(gl.FRAMEBUFFER, written);
  gl.readPixels(0, 0, size[0], size[1], gl.RGBA, gl.FLOAT, output);
  return {
    ...base,
    uniforms: uniformValues(gl, program),
    inputs: inputs.map(({ floats, ...rest }) => (floats ? { ...rest, data: toBase64(new Uint8Array(floats.buffer)) } : rest)),
    output: toBase64(new Uint8Array(output.buffer)),
  };
}
