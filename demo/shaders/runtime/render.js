// Renders one frame of an effect program into an offscreen target and reads the pixels back from the GPU
// (never a screenshot: WebGPU canvases come out blank in headless screenshots). Returns RGBA8 rows top-down,
// base64-encoded, plus the renderer string. Called by FrameScope's harness through page.evaluate.
import { compileGlsl, gpuDevice, webgl2Renderer } from './compile.js';

const FULLSCREEN_VERTEX_GLSL = `#version 300 es
in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); }`;

/**
 * The deterministic test card filters read as `inputTex`: four coloured quadrants, a diagonal luminance ramp and
 * an 8-pixel checker, so that shifts, flips, colour swaps and blurs all change it. RGBA rows top-down.
 */
export function testCardPixels(width, height) {
  const px = new Uint8Array(width * height * 4);
  const quadrant = [[220, 60, 50], [60, 180, 75], [50, 90, 210], [235, 200, 40]];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const q = quadrant[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)];
      const ramp = (x + y) / (width + height - 2);
      const checker = ((x >> 3) + (y >> 3)) % 2 === 0 ? 1 : 0.8;
      const i = 4 * (y * width + x);
      for (let c = 0; c < 3; c++) px[i + c] = Math.round(q[c] * checker * (0.4 + 0.6 * ramp));
      px[i + 3] = 255;
    }
  }
  return px;
}

export function testCard(width, height) {
  return toBase64(testCardPixels(width, height));
}

function toBase64(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * GLSL (WebGL2): uniforms `resolution` (vec2, pixels), `time` (0..1 over the effect's loop), `aspect`, and the
 * effect's own uniforms by name (numbers, booleans or arrays of 2–4 numbers).
 */
export function renderGlsl(source, options) {
  const frame = prepareGlsl(source, options);
  if (!frame.ok) return frame;
  frame.draw(options.time);
  return { ok: true, width: options.width, height: options.height, rgba: toBase64(frame.read()), renderer: frame.renderer, diagnostics: [] };
}

/** Compiles once and returns draw(time) and read() (RGBA rows top-down) over an offscreen RGBA8 target. */
function prepareGlsl(source, { width, height, uniforms }) {
  const compiled = compileGlsl(source);
  if (!compiled.ok) return { ok: false, diagnostics: compiled.diagnostics, unavailable: compiled.unavailable };
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const gl = canvas.getContext('webgl2', { preserveDrawingBuffer: true });
  const program = link(gl, source);
  gl.useProgram(program);
  const target = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, target);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
  gl.bindFramebuffer(gl.FRAMEBUFFER, gl.createFramebuffer());
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, target, 0);
  gl.viewport(0, 0, width, height);
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  const position = gl.getAttribLocation(program, 'position');
  gl.enableVertexAttribArray(position);
  gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
  const fixed = { resolution: [width, height], aspect: width / height, ...uniforms };
  for (const [name, value] of Object.entries(fixed)) setUniform(gl, program, name, value);
  if (gl.getUniformLocation(program, 'inputTex') !== null) {
    // Filters read the test card; rows go in bottom-up so that texture(inputTex, uv) with uv from gl_FragCoord
    // shows it upright, as the output is read back.
    const card = testCardPixels(width, height);
    const bottomUp = new Uint8Array(card.length);
    for (let y = 0; y < height; y++) bottomUp.set(card.subarray(y * width * 4, (y + 1) * width * 4), (height - 1 - y) * width * 4);
    const input = gl.createTexture();
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, input);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, bottomUp);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    // Clamp like WebGPU's default sampler, so both backends treat the edges alike.
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.uniform1i(gl.getUniformLocation(program, 'inputTex'), 1);
    gl.activeTexture(gl.TEXTURE0);
  }
  return {
    ok: true,
    renderer: webgl2Renderer(),
    draw(time) {
      setUniform(gl, program, 'time', time);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
    },
    /** Waits for the GPU: a one-pixel readPixels cannot return before the frame is done. */
    fence() {
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    },
    read() {
      const bottomUp = new Uint8Array(width * height * 4);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, bottomUp);
      const rows = new Uint8Array(bottomUp.length);
      for (let y = 0; y < height; y++) rows.set(bottomUp.subarray(y * width * 4, (y + 1) * width * 4), (height - 1 - y) * width * 4);
      return rows;
    },
  };
}

function link(gl, source) {
  const compile = (type, text) => {
    const shader = gl.createShader(type);
    gl.shaderSource(shader, text);
    gl.compileShader(shader);
    return shader;
  };
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl.VERTEX_SHADER, FULLSCREEN_VERTEX_GLSL));
  gl.attachShader(program, compile(gl.FRAGMENT_SHADER, `#version 300 es\n#line 1\n${source}`));
  gl.linkProgram(program);
  return program;
}

function setUniform(gl, program, name, value) {
  const location = gl.getUniformLocation(program, name);
  if (location === null) return;
  const info = activeUniform(gl, program, name);
  const v = Array.isArray(value) ? value : [typeof value === 'boolean' ? (value ? 1 : 0) : value];
  switch (info?.type) {
    case gl.INT: case gl.BOOL: gl.uniform1i(location, v[0]); break;
    case gl.FLOAT_VEC2: gl.uniform2fv(location, v); break;
    case gl.FLOAT_VEC3: gl.uniform3fv(location, v); break;
    case gl.FLOAT_VEC4: gl.uniform4fv(location, v); break;
    default: gl.uniform1f(location, v[0]);
  }
}

function activeUniform(gl, program, name) {
  const count = gl.getProgramParameter(program, gl.ACTIVE_UNIFORMS);
  for (let i = 0; i < count; i++) {
    const info = gl.getActiveUniform(program, i);
    if (info.name === name) return info;
  }
  return null;
}

const FULLSCREEN_VERTEX_WGSL = `@vertex fn fullscreen(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
  let p = array<vec2<f32>, 3>(vec2<f32>(-1.0, -1.0), vec2<f32>(3.0, -1.0), vec2<f32>(-1.0, 3.0));
  return vec4<f32>(p[i], 0.0, 1.0);
}`;

/**
 * WGSL (WebGPU): each `@group(0) @binding(N) var<uniform> name: type` is filled by name from `resolution`,
 * `aspect`, `time` and the effect's uniforms; the `@fragment` function is the entry point.
 */
export async function renderWgsl(source, options) {
  const frame = await prepareWgsl(source, options);
  if (!frame.ok) return frame;
  await frame.draw(options.time);
  const error = await frame.error();
  if (error) return { ok: false, diagnostics: [{ stage: 'pipeline', severity: 'error', line: null, column: null, message: error.message }] };
  const rows = await frame.read();
  return { ok: true, width: options.width, height: options.height, rgba: toBase64(rows), renderer: frame.renderer, diagnostics: frame.diagnostics };
}

/**
 * Compiles once and returns draw(time) (submits one frame), fence() (waits for the queue), read() (RGBA rows
 * top-down) and error() (the first validation error, or null).
 */
async function prepareWgsl(source, { width, height, uniforms }) {
  const g = await gpuDevice();
  if (g.unavailable) return { ok: false, unavailable: g.unavailable, diagnostics: [] };
  const device = g.device;
  const module = device.createShaderModule({ code: source });
  const info = await module.getCompilationInfo();
  const diagnostics = info.messages.map(m => ({ stage: 'module', severity: m.type, line: m.lineNum || null, column: m.linePos || null, message: m.message }));
  if (diagnostics.some(d => d.severity === 'error')) return { ok: false, diagnostics };
  const entry = /@fragment\s+fn\s+(\w+)/.exec(source)?.[1] ?? 'main';
  const values = { resolution: [width, height], time: 0, aspect: width / height, ...uniforms };
  const layoutEntries = [];
  const entries = [];
  let timeBuffer = null;
  for (const m of source.matchAll(/@group\(0\)\s*@binding\((\d+)\)\s*var<uniform>\s*(\w+)\s*:\s*([\w<>]+)/g)) {
    const [, binding, name, type] = m;
    const raw = values[name] ?? 0;
    const numbers = Array.isArray(raw) ? raw : [typeof raw === 'boolean' ? (raw ? 1 : 0) : raw];
    const data = /^(i32|u32)$/.test(type) ? new Int32Array(4) : new Float32Array(4);
    data.set(numbers.slice(0, 4));
    const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(buffer, 0, data);
    if (name === 'time') timeBuffer = buffer;
    // An explicit layout keeps declared-but-unused uniforms bindable ('auto' would drop them).
    layoutEntries.push({ binding: Number(binding), visibility: GPUShaderStage.FRAGMENT, buffer: { type: 'uniform' } });
    entries.push({ binding: Number(binding), resource: { buffer } });
  }
  const textureBinding = /@group\(0\)\s*@binding\((\d+)\)\s*var\s+inputTex\s*:\s*texture_2d<f32>/.exec(source);
  const samplerBinding = /@group\(0\)\s*@binding\((\d+)\)\s*var\s+inputSampler\s*:\s*sampler/.exec(source);
  if (textureBinding) {
    // Filters read the test card, rows top-down as WebGPU textures are.
    const input = device.createTexture({ size: [width, height], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST });
    device.queue.writeTexture({ texture: input }, testCardPixels(width, height), { bytesPerRow: width * 4 }, [width, height]);
    layoutEntries.push({ binding: Number(textureBinding[1]), visibility: GPUShaderStage.FRAGMENT, texture: { sampleType: 'float' } });
    entries.push({ binding: Number(textureBinding[1]), resource: input.createView() });
  }
  if (samplerBinding) {
    layoutEntries.push({ binding: Number(samplerBinding[1]), visibility: GPUShaderStage.FRAGMENT, sampler: {} });
    entries.push({ binding: Number(samplerBinding[1]), resource: device.createSampler({ magFilter: 'nearest', minFilter: 'nearest' }) });
  }
  device.pushErrorScope('validation');
  const bindGroupLayout = device.createBindGroupLayout({ entries: layoutEntries });
  const pipeline = device.createRenderPipeline({
    layout: device.createPipelineLayout({ bindGroupLayouts: [bindGroupLayout] }),
    vertex: { module: device.createShaderModule({ code: FULLSCREEN_VERTEX_WGSL }), entryPoint: 'fullscreen' },
    fragment: { module, entryPoint: entry, targets: [{ format: 'rgba8unorm' }] },
    primitive: { topology: 'triangle-list' },
  });
  const bindGroup = device.createBindGroup({ layout: bindGroupLayout, entries });
  const target = device.createTexture({ size: [width, height], format: 'rgba8unorm', usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC });
  const bytesPerRow = Math.ceil(width * 4 / 256) * 256;
  let scopeOpen = true;
  return {
    ok: true,
    renderer: g.adapter,
    diagnostics,
    async draw(time) {
      if (timeBuffer) device.queue.writeBuffer(timeBuffer, 0, new Float32Array([time, 0, 0, 0]));
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginRenderPass({ colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store', clearValue: [0, 0, 0, 0] }] });
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.draw(3);
      pass.end();
      device.queue.submit([encoder.finish()]);
    },
    fence() {
      return device.queue.onSubmittedWorkDone();
    },
    async error() {
      if (!scopeOpen) return null;
      scopeOpen = false;
      return device.popErrorScope();
    },
    async read() {
      const readback = device.createBuffer({ size: bytesPerRow * height, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
      const encoder = device.createCommandEncoder();
      encoder.copyTextureToBuffer({ texture: target }, { buffer: readback, bytesPerRow }, [width, height]);
      device.queue.submit([encoder.finish()]);
      await readback.mapAsync(GPUMapMode.READ);
      const padded = new Uint8Array(readback.getMappedRange());
      const rows = new Uint8Array(width * height * 4);
      for (let y = 0; y < height; y++) rows.set(padded.subarray(y * bytesPerRow, y * bytesPerRow + width * 4), y * width * 4);
      readback.unmap();
      return rows;
    },
  };
}

/** A prepared program of either language: {ok, draw(time), fence(), read(), renderer} or {ok: false, …}. */
export async function prepare(language, source, options) {
  return language === 'glsl' ? prepareGlsl(source, options) : prepareWgsl(source, options);
}

/**
 * Renders `frames` frames back to back (time advancing over one loop), each followed by a fence, and returns the
 * per-frame wall times in ms. Not bounded by requestAnimationFrame (capped near 60/s in headless Chromium).
 */
export async function benchmark(language, source, { width, height, frames, uniforms, passes }) {
  // `passes` (multi-pass effects) replaces `source`; see passes.js.
  const frame = passes ? await (await import('./passes.js')).preparePasses(language, passes, { width, height, uniforms })
    : await prepare(language, source, { width, height, uniforms });
  if (!frame.ok) return frame;
  const frameMs = [];
  const start = performance.now();
  for (let i = 0; i < frames; i++) {
    const t0 = performance.now();
    await frame.draw(i / frames);
    await frame.fence();
    frameMs.push(performance.now() - t0);
  }
  const elapsed = performance.now() - start;
  const error = frame.error ? await frame.error() : null;
  if (error) return { ok: false, diagnostics: [{ stage: 'pipeline', severity: 'error', line: null, column: null, message: error.message }] };
  return { ok: true, frames, elapsed_ms: elapsed, frame_ms: frameMs, renderer: frame.renderer };
}
