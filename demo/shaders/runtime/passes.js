// Multi-pass effects: passes render into named textures that later passes (or the next frame, for feedback)
// read. Every pass output is double-buffered: a pass reading a texture written earlier in the same frame gets this
// frame's copy; reading one written by itself or a later pass gets the previous frame's copy (feedback). The
// effect's result is the texture named "outputTex", else the last pass's output.
import { compileGlsl, gpuDevice, webgl2Renderer } from './compile.js';
import { testCardPixels } from './render.js';

const VERTEX_GLSL = `#version 300 es
in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); }`;

function plan(passes) {
  const producer = new Map();
  passes.forEach((p, i) => { if (!producer.has(p.output)) producer.set(p.output, i); });
  const finalName = passes.some(p => p.output === 'outputTex') ? 'outputTex' : passes[passes.length - 1].output;
  return {
    finalName,
    // true: read the copy written this frame; false: the previous frame's copy
    fresh: (name, index) => producer.has(name) && producer.get(name) < index,
    names: [...new Set(passes.map(p => p.output))],
  };
}

export function prepareGlslPasses(passes, { width, height, uniforms }) {
  for (const [i, p] of passes.entries()) {
    const compiled = compileGlsl(p.source);
    if (!compiled.ok) return { ok: false, diagnostics: compiled.diagnostics.map(d => ({ ...d, pass: i })), unavailable: compiled.unavailable };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const gl = canvas.getContext('webgl2');
  const { finalName, fresh, names } = plan(passes);
  const makeTarget = pixels => {
    const tex = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, tex);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    const fbo = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, tex, 0);
    return { tex, fbo };
  };
  const card = testCardPixels(width, height);
  const cardBottomUp = new Uint8Array(card.length);
  for (let y = 0; y < height; y++) cardBottomUp.set(card.subarray(y * width * 4, (y + 1) * width * 4), (height - 1 - y) * width * 4);
  const input = makeTarget(cardBottomUp);
  const targets = new Map(names.map(n => [n, { current: makeTarget(null), previous: makeTarget(null) }]));
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  const programs = passes.map(p => {
    const program = gl.createProgram();
    for (const [type, text] of [[gl.VERTEX_SHADER, VERTEX_GLSL], [gl.FRAGMENT_SHADER, `#version 300 es\n#line 1\n${p.source}`]]) {
      const shader = gl.createShader(type);
      gl.shaderSource(shader, text);
      gl.compileShader(shader);
      gl.attachShader(program, shader);
    }
    gl.linkProgram(program);
    return program;
  });
  const set = (program, name, value) => {
    const location = gl.getUniformLocation(program, name);
    if (location === null) return;
    const v = Array.isArray(value) ? value : [typeof value === 'boolean' ? (value ? 1 : 0) : value];
    [null, gl.uniform1fv, gl.uniform2fv, gl.uniform3fv, gl.uniform4fv][v.length].call(gl, location, v);
  };
  return {
    ok: true,
    renderer: webgl2Renderer(),
    draw(time) {
      passes.forEach((p, i) => {
        const program = programs[i];
        gl.useProgram(program);
        const position = gl.getAttribLocation(program, 'position');
        gl.enableVertexAttribArray(position);
        gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
        for (const [name, value] of Object.entries({ resolution: [width, height], aspect: width / height, time, ...uniforms })) set(program, name, value);
        let unit = 0;
        for (const [sampler, textureName] of Object.entries(p.inputs ?? {})) {
          const source = textureName === 'inputTex' && !targets.has('inputTex') ? input
            : targets.has(textureName) ? targets.get(textureName)[fresh(textureName, i) ? 'current' : 'previous'] : input;
          gl.activeTexture(gl.TEXTURE0 + unit);
          gl.bindTexture(gl.TEXTURE_2D, source.tex);
          const location = gl.getUniformLocation(program, sampler);
          if (location !== null) gl.uniform1i(location, unit);
          unit++;
        }
        gl.bindFramebuffer(gl.FRAMEBUFFER, targets.get(p.output).current.fbo);
        gl.viewport(0, 0, width, height);
        gl.drawArrays(gl.TRIANGLES, 0, 3);
      });
      for (const t of targets.values()) [t.current, t.previous] = [t.previous, t.current];
    },
    fence() {
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    },
    read() {
      gl.bindFramebuffer(gl.FRAMEBUFFER, targets.get(finalName).previous.fbo); // swapped: previous = latest
      const bottomUp = new Uint8Array(width * height * 4);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, bottomUp);
      const rows = new Uint8Array(bottomUp.length);
      for (let y = 0; y < height; y++) rows.set(bottomUp.subarray(y * width * 4, (y + 1) * width * 4), (height - 1 - y) * width * 4);
      return rows;
    },
  };
}

/**
 * Renders a multi-pass effect: `frames` frames 1/60 s apart ending at the given time (feedback effects need that
 * history; the others are the same after one), then reads the result back. WGSL multi-pass is not implemented yet.
 */
export async function renderPasses(language, passes, { width, height, time, uniforms, frames }) {
  if (language !== 'glsl') return { ok: false, unavailable: 'multi-pass WGSL is not implemented yet', diagnostics: [] };
  const effect = prepareGlslPasses(passes, { width, height, uniforms });
  if (!effect.ok) return effect;
  for (let i = 0; i < frames; i++) effect.draw(time - (frames - 1 - i) / 480); // 480 frames per 8 s loop
  const rows = effect.read();
  let text = '';
  for (let i = 0; i < rows.length; i += 0x8000) text += String.fromCharCode(...rows.subarray(i, i + 0x8000));
  return { ok: true, width, height, rgba: btoa(text), renderer: effect.renderer, diagnostics: [] };
}
