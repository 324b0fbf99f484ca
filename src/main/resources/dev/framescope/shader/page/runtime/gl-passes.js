// The WebGL2 pass runner: passes.js's pass model on one WebGL2 context, put together from its pieces: the targets
// (gl-targets.js), the programs and their uniforms (gl-programs.js), what each pass reads (gl-inputs.js), how it
// draws (gl-draws.js), the probe's float twins (gl-twins.js) and the frame loop (gl-frames.js).
import { compileIsf, webgl2Renderer } from './compile.js';
import { glDraws } from './gl-draws.js';
import { glFrames } from './gl-frames.js';
import { glInputs } from './gl-inputs.js';
import { linkPrograms, uniformSetter } from './gl-programs.js';
import { glTextureMaker, glTextures } from './gl-targets.js';
import { glTwins } from './gl-twins.js';
import { pageHost } from './host.js';
import { plan, writes } from './pass-plan.js';

/**
 * Compiles every pass in `gl`: {passes, versions}, or {failure} with the first failing pass's diagnostics. An ISF pass
 * carries a `fallback` (its GLSL ES 1.00 form), compiled when 3.00 fails; it then replaces the pass.
 */
function compilePasses(gl, passes) {
  const versions = [];
  const compiledPasses = passes.map(p => {
    const compiled = compileIsf(p, p.fallback, gl);
    versions.push({ version: compiled.version, fell_back: compiled.fell_back, compiled });
    return compiled.fell_back ? { ...p, ...p.fallback } : p;
  });
  for (const [i, { compiled }] of versions.entries()) {
    if (!compiled.ok) return { failure: { ok: false, diagnostics: compiled.diagnostics.map(d => ({ ...d, pass: i })), unavailable: compiled.unavailable } };
  }
  return { passes: compiledPasses, versions: versions.map(({ version, fell_back }) => ({ version, fell_back })) };
}

/**
 * A pass with several render targets draws through one framebuffer of its own, its targets' current copies attached
 * (attachment i = output i) before each draw, since ping-pong swaps which copy is current. `bind(i)` attaches pass
 * i's and returns that framebuffer.
 */
function multipleTargets(gl, passes, targets) {
  const fbos = passes.map(p => (p.more ? gl.createFramebuffer() : null));
  return i => {
    const fbo = fbos[i];
    gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
    const outs = writes(passes[i]);
    outs.forEach((w, k) => gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0 + k, gl.TEXTURE_2D, targets.get(w.output).current.tex, 0));
    gl.drawBuffers(outs.map((w, k) => gl.COLOR_ATTACHMENT0 + k));
    return fbo;
  };
}

/**
 * The result as RGBA8 rows top-down; a float final target is read as floats (an UNSIGNED_BYTE read of it fails and
 * leaves zeros), kept in `floats` and turned into bytes clamped to 0..1.
 */
function readResult(gl, { targets, finalName, writer, floatTargets, floatFormat, width, height }) {
  gl.bindFramebuffer(gl.FRAMEBUFFER, targets.get(finalName).previous.fbo); // swapped: previous = latest
  const float = floatTargets && (!!writer(finalName).float || floatFormat(writer(finalName).format));
  const bottomUp = float ? new Float32Array(width * height * 4) : new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, float ? gl.FLOAT : gl.UNSIGNED_BYTE, bottomUp);
  const rows = float ? new Float32Array(bottomUp.length) : new Uint8Array(bottomUp.length);
  for (let y = 0; y < height; y++) rows.set(bottomUp.subarray(y * width * 4, (y + 1) * width * 4), (height - 1 - y) * width * 4);
  if (!float) return rows;
  const bytes = Uint8Array.from(rows, v => Math.round(255 * Math.min(1, Math.max(0, v))));
  bytes.floats = rows;
  return bytes;
}

/**
 * Prepares a multi-pass effect on WebGL2: {ok, renderer, versions, draw(time, frame), fence(), lost(), wroteNothing(),
 * read()} (gl-frames.js tells what draw takes), or {ok: false, ...} when a pass does not compile or a target cannot be
 * made. `images`: the textures bound by name (gl-targets.js); `host`: what the effect's format changes (host.js);
 * `movingCard`: the input is the moving card at each frame's index instead of the still test card.
 */
export function prepareGlslPasses(passes, { width, height, uniforms, images = {}, host = null, movingCard = false }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const gl = canvas.getContext('webgl2');
  const compiled = compilePasses(gl, passes);
  if (compiled.failure) return compiled.failure;
  passes = compiled.passes;
  const { finalName, fresh, names, writer } = plan(passes);
  const maker = glTextureMaker(gl, passes, width, height);
  if (maker.unsupported) return { ok: false, unsupported: maker.unsupported, diagnostics: [] };
  const textures = glTextures(maker, passes, { width, height, images }, { finalName, names, writer });
  const { floatTargets, floatFormat } = maker;
  const { targets, imported, input } = textures;
  // The probe's float twins of 8-bit targets (gl-twins.js), made on the first probed frame.
  const twins = glTwins(gl, { makeTarget: maker.makeTarget, floatFormat, targets, finalName });
  const effectHost = pageHost(host);
  const bindInputs = glInputs(gl, textures, fresh, effectHost.pingPong);
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  const bindTargets = multipleTargets(gl, passes, targets);
  const draws = glDraws(gl, name => (imported.get(name) ?? targets.get(name)?.current ?? (name === 'inputTex' ? input : null))?.size, [width, height]);
  const programs = linkPrograms(gl, passes);
  const set = uniformSetter(gl, programs);
  const frames = glFrames({ gl, passes, width, height, uniforms, host: effectHost, movingCard, textures, floatTargets, floatFormat, finalName, twins, programs, set, bindInputs, bindTargets, draws });
  return {
    ok: true,
    renderer: webgl2Renderer(gl),
    versions: compiled.versions,
    draw: frames.draw,
    fence() {
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    },
    lost: () => gl.isContextLost(),
    wroteNothing: frames.wroteNothing,
    read: () => readResult(gl, { targets, finalName, writer, floatTargets, floatFormat, width, height }),
  };
}
