// Multi-pass effects: passes render into named textures that later passes (or the next frame, for feedback)
// read. Every pass output is double-buffered: a pass reading a texture written earlier in the same frame gets this
// frame's copy; reading one written by itself or a later pass gets the previous frame's copy (feedback). The
// effect's result is the texture named "outputTex", else the last pass's output.
import { compileIsf, glslStages, webgl2Renderer } from './compile.js';
import { glDraws } from './gl-draws.js';
import { frameDraws, noisemakerDelta, plan, swapWrites, untrustedFrame, writes } from './pass-plan.js';
import { glTwins } from './gl-twins.js';
import { CARDS, CUBE_FACES, movingCardPixels, testCardPixels, toBase64 } from './testcard.js';
import { prepareWgslPasses } from './wgsl-passes.js';

export { prepareWgslPasses } from './wgsl-passes.js';

// `pingPong` (noisemaker): every pass reads the latest copy of what it reads and its target is swapped right after
// it draws, as noisemaker's surfaces are, so a pass repeated in a row reads the previous repeat's result.
// `movingCard`: the input is the moving card at each frame's index instead of the still test card.
export function prepareGlslPasses(passes, { width, height, uniforms, images = {}, pingPong = false, frameUniforms = null, frameResolution = false, movingCard = false }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const gl = canvas.getContext('webgl2');
  // An ISF pass carries a `fallback` (its GLSL ES 1.00 form), compiled when 3.00 fails; it then replaces the pass.
  const versions = [];
  passes = passes.map((p) => {
    const compiled = compileIsf(p, p.fallback, gl);
    versions.push({ version: compiled.version, fell_back: compiled.fell_back, compiled });
    return compiled.fell_back ? { ...p, ...p.fallback } : p;
  });
  for (const [i, { compiled }] of versions.entries()) {
    if (!compiled.ok) return { ok: false, diagnostics: compiled.diagnostics.map(d => ({ ...d, pass: i })), unavailable: compiled.unavailable };
  }
  const { finalName, fresh, names, writer } = plan(passes);
  // ISF passes may draw into smaller, float or non-persistent targets; noisemaker passes into targets of their
  // declared size and `format`; native passes use the frame size, RGBA8, and keep their previous frame (persistent).
  const sizeOf = p => [p.width ?? width, p.height ?? height];
  const floatTargets = !!gl.getExtension('EXT_color_buffer_float');
  // RGBA32F can be filtered only with OES_texture_float_linear; a float target read through a filtering Shadertoy
  // sampler is RGBA16F (filterable in WebGL2 itself) where that extension is missing.
  const floatLinear = !!gl.getExtension('OES_texture_float_linear');
  const filtered = new Set(passes.flatMap(p => Object.entries(p.samplers ?? {})
    .filter(([, s]) => s.filter !== 'nearest').map(([channel]) => (p.inputs ?? {})[channel])));
  // A target's declared `format` (noisemaker: its WebGL2 backend's names) as [internal format, format, type].
  const FORMATS = {
    rgba8: [gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE], rgba16f: [gl.RGBA16F, gl.RGBA, gl.HALF_FLOAT],
    rgba32f: [gl.RGBA32F, gl.RGBA, gl.FLOAT], r8: [gl.R8, gl.RED, gl.UNSIGNED_BYTE],
    r16f: [gl.R16F, gl.RED, gl.HALF_FLOAT], r32f: [gl.R32F, gl.RED, gl.FLOAT],
  };
  const floatFormat = format => !!format && FORMATS[format]?.[2] !== gl.UNSIGNED_BYTE;
  for (const p of passes.flatMap(writes)) {
    if (p.format && !FORMATS[p.format]) return { ok: false, unsupported: `UNSUPPORTED: texture '${p.output}' has format '${p.format}', which FrameScope's WebGL2 runtime does not know`, diagnostics: [] };
    if (floatFormat(p.format) && !floatTargets) return { ok: false, unsupported: `UNSUPPORTED: texture '${p.output}' is ${p.format}, a float render target, and this WebGL2 context has no EXT_color_buffer_float`, diagnostics: [] };
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
  const bottomUp = (rows, w, h) => {
    const out = new Uint8Array(rows.length);
    for (let y = 0; y < h; y++) out.set(rows.subarray(y * w * 4, (y + 1) * w * 4), (h - 1 - y) * w * 4);
    return out;
  };
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
  // The probe's float twins of 8-bit targets (gl-twins.js), made on the first probed frame.
  const twins = glTwins(gl, { makeTarget, floatFormat, targets, finalName });
  // Shadertoy's per-channel sampler settings as WebGL2 sampler objects (one per filter and wrap); `mipmap` filters
  // between mipmap levels, generated from the texture each time it is bound (once for an image).
  const samplerObjects = new Map();
  const samplerFor = ({ filter, wrap }) => {
    const key = `${filter}/${wrap}`;
    if (!samplerObjects.has(key)) {
      const sampler = gl.createSampler();
      gl.samplerParameteri(sampler, gl.TEXTURE_MIN_FILTER, filter === 'nearest' ? gl.NEAREST : filter === 'mipmap' ? gl.LINEAR_MIPMAP_LINEAR : gl.LINEAR);
      gl.samplerParameteri(sampler, gl.TEXTURE_MAG_FILTER, filter === 'nearest' ? gl.NEAREST : gl.LINEAR);
      for (const axis of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T]) gl.samplerParameteri(sampler, axis, wrap === 'repeat' ? gl.REPEAT : gl.CLAMP_TO_EDGE);
      samplerObjects.set(key, sampler);
    }
    return samplerObjects.get(key);
  };
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  // A pass with several render targets draws through one framebuffer of its own, its targets' current copies
  // attached (attachment i = output i) before each draw, since ping-pong swaps which copy is current.
  const mrtFbos = passes.map(p => (p.more ? gl.createFramebuffer() : null));
  const bindTargets = i => {
    const fbo = mrtFbos[i];
    gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
    const outs = writes(passes[i]);
    outs.forEach((w, k) => gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0 + k, gl.TEXTURE_2D, targets.get(w.output).current.tex, 0));
    gl.drawBuffers(outs.map((w, k) => gl.COLOR_ATTACHMENT0 + k));
    return fbo;
  };
  const draws = glDraws(gl, name => (imported.get(name) ?? targets.get(name)?.current ?? (name === 'inputTex' ? input : null))?.size, [width, height]);
  let drawNow = null;
  const programs = passes.map(p => {
    const program = gl.createProgram();
    const [vertexText, fragmentText] = glslStages(p.source, p.version, '', p.vertex ?? null);
    for (const [type, text] of [[gl.VERTEX_SHADER, vertexText], [gl.FRAGMENT_SHADER, fragmentText]]) {
      const shader = gl.createShader(type);
      gl.shaderSource(shader, text);
      gl.compileShader(shader);
      gl.attachShader(program, shader);
    }
    gl.linkProgram(program);
    return program;
  });
  const types = programs.map(program => {
    const byName = new Map();
    for (let i = 0; i < gl.getProgramParameter(program, gl.ACTIVE_UNIFORMS); i++) {
      const info = gl.getActiveUniform(program, i);
      byName.set(info.name, info.type);
    }
    return byName;
  });
  const set = (index, name, value) => {
    const program = programs[index];
    const location = gl.getUniformLocation(program, name);
    if (location === null) return;
    const v = (Array.isArray(value) ? value : [value]).map(x => typeof x === 'boolean' ? (x ? 1 : 0) : x);
    switch (types[index].get(name)) {
      case gl.INT: case gl.BOOL: gl.uniform1i(location, v[0]); break;
      case gl.INT_VEC2: case gl.BOOL_VEC2: gl.uniform2iv(location, v); break;
      case gl.INT_VEC3: case gl.BOOL_VEC3: gl.uniform3iv(location, v); break;
      case gl.INT_VEC4: case gl.BOOL_VEC4: gl.uniform4iv(location, v); break;
      case gl.FLOAT_VEC2: gl.uniform2fv(location, v); break;
      case gl.FLOAT_VEC3: gl.uniform3fv(location, v); break;
      case gl.FLOAT_VEC4: gl.uniform4fv(location, v); break;
      // column-major, as noisemaker's mat globals are given (renderCubemap3d's cubeBasis)
      case gl.FLOAT_MAT2: gl.uniformMatrix2fv(location, false, v.slice(0, 4)); break;
      case gl.FLOAT_MAT3: gl.uniformMatrix3fv(location, false, v.slice(0, 9)); break;
      case gl.FLOAT_MAT4: gl.uniformMatrix4fv(location, false, v.slice(0, 16)); break;
      default: gl.uniform1f(location, v[0]);
    }
  };
  let drawn = 0;
  let lastTime = 0;
  // The final pass's latest draw, counted by an occlusion query: SwiftShader can drop a draw whose pipeline it does
  // not build (seen with filter/octaveWarp) with no GL error and no lost context, and the frame would then read as
  // the target's untouched zeros.
  let finalDraw = null;
  return {
    ok: true,
    renderer: webgl2Renderer(gl),
    versions: versions.map(({ version, fell_back }) => ({ version, fell_back })),
    // `frame`: the frame's index (ISF's FRAMEINDEX, Shadertoy's iFrame through _frame; counted here unless given)
    // and seconds since the previous frame (TIMEDELTA, _timeDelta), set after the effect's uniforms.
    // `frame.only`: the indices of the passes to draw (historyPasses), else all.
    // `frame.probe` ({trace, pictures}): also probe every pass (probe.js) and return what each wrote; without
    // EXT_color_buffer_float nothing can be read as floats, said as {unsupported}.
    draw(time, frame = {}) {
      const probed = frame.probe ? [] : null;
      if (probed && !floatTargets) {
        return { unsupported: 'UNSUPPORTED: this WebGL2 context has no EXT_color_buffer_float, so no pass can be drawn into a float target and read as floats; NaN and Inf written to 8-bit targets are lost' };
      }
      const index = frame.index ?? drawn;
      drawn++;
      const delta = frame.delta ?? 1 / 60;
      const perFrame = { FRAMEINDEX: index, TIMEDELTA: delta, _frame: index, _timeDelta: delta };
      const loopDelta = frame.loopDelta ?? noisemakerDelta(time, lastTime);
      lastTime = time;
      if (frameUniforms) Object.assign(perFrame, { [frameUniforms.index]: index, [frameUniforms.delta]: loopDelta });
      if (movingCard) {
        const card = bottomUp(movingCardPixels(width, height, index), width, height);
        for (const target of testCards) {
          gl.bindTexture(gl.TEXTURE_2D, target.tex);
          gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, card);
        }
      }
      passes.forEach((p, i) => {
        const out = targets.get(p.output);
        if (frame.only && !frame.only.has(i)) {
          // Not drawn, as drawing would change nothing; a float target is probed as it stands (what later passes read).
          if (probed && !out.current.cube && floatFormat(out.format)) writes(p).forEach((wr, k) => probed.push(twins.probe(i, p, k, wr.output, null, frame.probe)));
          return;
        }
        const program = programs[i];
        gl.useProgram(program);
        draws.bindVertices(p, program);
        const [w, h] = out.current.size;
        // `ratio` is gl-transitions' name for the aspect; `frameResolution` (noisemaker): resolution is the frame's
        // size whatever the target's, as noisemaker's global uniforms give it.
        const [rw, rh] = frameResolution ? [width, height] : [w, h];
        // `passUniforms`: a pass's own values (noisemaker's pass `uniforms`, shader name -> a global's value)
        // `_resolution` and `_time`: the same under names no user global can take (Shadertoy's prelude uses them).
        for (const [name, value] of Object.entries({ resolution: [rw, rh], _resolution: [rw, rh], aspect: rw / rh, ratio: rw / rh, time, _time: time, ...uniforms, ...p.passUniforms, ...perFrame })) set(i, name, value);
        let unit = 0;
        for (const [sampler, textureName] of Object.entries(p.inputs ?? {})) {
          const target = targets.get(textureName);
          const source = imported.get(textureName)
            ?? (target ? (pingPong ? target.previous : fresh(textureName, i) ? target.current : target.persistent ? target.previous : blank) : input);
          const kind = source.cube ? gl.TEXTURE_CUBE_MAP : gl.TEXTURE_2D;
          gl.activeTexture(gl.TEXTURE0 + unit);
          gl.bindTexture(kind, source.tex);
          const settings = (p.samplers ?? {})[sampler];
          gl.bindSampler(unit, settings ? samplerFor(settings) : null);
          if (settings?.filter === 'mipmap' && !source.mipmapped) {
            gl.generateMipmap(kind);
            if (source.still) source.mipmapped = true;
          }
          const location = gl.getUniformLocation(program, sampler);
          if (location !== null) gl.uniform1i(location, unit);
          // Shadertoy's iChannelResolution[n]: the size of what iChannel<n> reads.
          const channel = /^iChannel([0-3])$/.exec(sampler);
          const size = channel && gl.getUniformLocation(program, `iChannelResolution[${channel[1]}]`);
          if (size) gl.uniform3f(size, source.size[0], source.size[1], 1);
          // ISF's GLSL ES 1.00 form reads IMG_SIZE from _<sampler>_imgSize (1.00 has no textureSize).
          const imgSize = gl.getUniformLocation(program, `_${sampler}_imgSize`);
          if (imgSize) gl.uniform2f(imgSize, source.size[0], source.size[1]);
          unit++;
        }
        gl.viewport(0, 0, w, h);
        drawNow = draws.prepare(p, [w, h]);
        const counted = p.output === finalName;
        if (counted) {
          if (finalDraw) gl.deleteQuery(finalDraw);
          finalDraw = gl.createQuery();
          gl.beginQuery(gl.ANY_SAMPLES_PASSED_CONSERVATIVE, finalDraw);
        }
        // A cube target is drawn once per face, the face in `_face`. On a probed frame a plain pass draws into its
        // float twin, copied into its target after (gl-twins.js).
        const intoTwin = probed && twins.drawsIntoTwin(p);
        for (const [face, fbo] of (p.more ? [bindTargets(i)] : out.current.fbos ?? [out.current.fbo]).entries()) {
          if (out.current.cube) set(i, '_face', face);
          gl.bindFramebuffer(gl.FRAMEBUFFER, intoTwin ? twins.twinFbo(i, p) : fbo);
          drawNow();
        }
        if (counted) gl.endQuery(gl.ANY_SAMPLES_PASSED_CONSERVATIVE);
        // A cube pass's six faces are not one picture: the probe sees its values where a later pass samples them.
        if (intoTwin) probed.push(twins.blitAndProbe(i, p, frame.probe));
        else if (probed && !out.current.cube) writes(p).forEach((wr, k) => probed.push(twins.probe(i, p, k, wr.output, drawNow, frame.probe)));
        if (pingPong) swapWrites(targets, p);
      });
      if (!pingPong) for (const t of targets.values()) [t.current, t.previous] = [t.previous, t.current];
      return probed ? { passes: probed } : null;
    },
    fence() {
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    },
    lost: () => gl.isContextLost(),
    // Whether the final pass's latest draw wrote no fragment; null when unknown. Waits for at least one task first:
    // WebGL gives a query's result, and tells of a lost context, only in a later task of the page.
    async wroteNothing() {
      await new Promise(resolve => setTimeout(resolve, 0));
      if (!finalDraw || gl.isContextLost()) return null;
      for (let i = 0; i < 40 && !gl.getQueryParameter(finalDraw, gl.QUERY_RESULT_AVAILABLE); i++) {
        await new Promise(resolve => setTimeout(resolve, i < 2 ? 0 : 5));
      }
      if (!gl.getQueryParameter(finalDraw, gl.QUERY_RESULT_AVAILABLE)) return null;
      return !gl.getQueryParameter(finalDraw, gl.QUERY_RESULT);
    },
    // RGBA8 rows top-down; a float final target is read as floats (an UNSIGNED_BYTE read of it fails and leaves
    // zeros), kept in `floats` and turned into bytes clamped to 0..1.
    read() {
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
    },
  };
}

/**
 * Renders a multi-pass effect: frames 0..frames-1, `step` apart (normalised time; 1/480 = 1/60 s of the 8 s loop),
 * the last at the given time and none before 0, then reads the result back. `history` false (no feedback: every
 * frame is the same) draws only the last; true draws every frame, each pass in the frames frameDraws says, and then
 * `pass_draws` says how often each pass was drawn. Each frame gets FRAMEINDEX (its number) and TIMEDELTA (seconds
 * since the previous frame, 0 on the first), as an ISF host gives them; a Shadertoy shader reads them as iFrame and
 * iTimeDelta.
 */
export async function renderPasses(language, passes, { width, height, time, uniforms, frames, step = 1 / 480, history = true, images, flipY, pingPong, frameUniforms, frameResolution, probe, movingCard }) {
  const effect = await preparePasses(language, passes, { width, height, uniforms, images, flipY, pingPong, frameUniforms, frameResolution, movingCard });
  if (!effect.ok) return effect;
  const at = i => Math.max(0, time - (frames - 1 - i) * step);
  let draws = 0;
  let probed = null;
  const lastIndex = frames - 1;
  const drawnAt = frameDraws(passes, frames, history);
  const passDraws = passes.map(() => 0);
  for (let i = history ? 0 : lastIndex; i < frames; i++, draws++) {
    // loopDelta: noisemaker's deltaTime, as if every frame of the schedule had been drawn; the last frame is probed
    const last = i === lastIndex;
    const drawing = drawnAt(i, last);
    passes.forEach((p, j) => { if (!drawing || drawing.has(j)) passDraws[j]++; });
    probed = await effect.draw(at(i), { index: i, delta: i === 0 ? 0 : step * 8, loopDelta: i === 0 ? 0 : noisemakerDelta(at(i), at(i - 1)), probe: last ? probeOptions(probe, width, height) : null, only: drawing });
  }
  const partial = passDraws.some(n => n < draws) ? { pass_draws: passes.map((p, j) => ({ name: p.name ?? p.output, draws: passDraws[j] })) } : {};
  const failed = await untrustedFrame(effect);
  if (failed) return failed;
  const rgba = await effect.read();
  const lost = await untrustedFrame(effect);
  if (lost) return lost;
  const floats = rgba.floats ? { rgba_float: toBase64(new Uint8Array(rgba.floats.buffer)) } : {};
  return { ok: true, width, height, rgba: toBase64(rgba), ...floats, renderer: effect.renderer, versions: effect.versions, draws, ...partial, probe: probed, diagnostics: [] };
}

/** What draw() probes: `trace` {x, y} in frame pixels (rows top-down) becomes the frame's size too. */
export function probeOptions(probe, width, height) {
  if (!probe) return null;
  return { trace: probe.trace ? { ...probe.trace, width, height } : null, pictures: !!probe.pictures };
}



/** Prepares a multi-pass effect on either backend: {ok, draw(time), fence(), read(), error?(), renderer}. */
export async function preparePasses(language, passes, options) {
  return language === 'glsl' ? prepareGlslPasses(passes, options) : prepareWgslPasses(passes, options);
}
