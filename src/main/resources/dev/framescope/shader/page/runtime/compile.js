// Compiles effect programs on the real WebGL2 and WebGPU implementations of this browser and reports
// diagnostics with line numbers in the user's file. Called by FrameScope's harness through page.evaluate.

const GLSL_PRELUDE_LINES = 2; // "#version 300 es" and "#line 1" are prepended; #line keeps user line numbers

// GLSL ES 3.00 is the default; '100' (GLSL ES 1.00, for formats written for WebGL 1 such as gl-transitions) gets a
// 1.00 vertex shader, since WebGL2 links only stages of the same version.
const FULLSCREEN_VERTEX = {
  '300 es': `#version 300 es
in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); }`,
  '100': `#version 100
attribute vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); }`,
};

/** The vertex and fragment texts WebGL2 gets for a fragment program body of the given GLSL ES version. */
export function glslStages(source, version = '300 es', defineLines = '', vertex = null) {
  const v = version === '100' ? '100' : '300 es';
  return [vertex ?? FULLSCREEN_VERTEX[v], `#version ${v}\n${defineLines}${defineLines ? '\n' : ''}#line 1\n${source}`];
}

/**
 * The WebGL2 renderer string (UNMASKED_RENDERER_WEBGL when exposed), or null without WebGL2. Pass the context the
 * caller already has: a new one costs a context creation in the GPU process on every tool call.
 */
export function webgl2Renderer(existing = null) {
  const gl = existing ?? document.createElement('canvas').getContext('webgl2');
  if (!gl) return null;
  const ext = gl.getExtension('WEBGL_debug_renderer_info');
  return ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
}

/**
 * Compiles a fragment program (a GLSL ES 3.00 body without #version, or 1.00 with version '100') and links it with a
 * full-screen vertex shader of the same version. Returns {ok, diagnostics: [{stage, line, column, message}], renderer}.
 * `context`: a WebGL2 context to compile in (the pass runner's own: a new one costs its creation in the GPU process).
 */
export function compileGlsl(source, defines = {}, version = '300 es', vertex = null, context = null) {
  const gl = context ?? document.createElement('canvas').getContext('webgl2');
  if (!gl) return { ok: false, unavailable: 'WebGL2 context could not be created', diagnostics: [] };
  const defineLines = Object.entries(defines).map(([k, v]) => `#define ${k} ${v}`).join('\n');
  const [vertexText, text] = glslStages(source, version, defineLines, vertex);
  const diagnostics = [];
  const shader = gl.createShader(gl.FRAGMENT_SHADER);
  gl.shaderSource(shader, text);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    diagnostics.push(...parseGlslLog(gl.getShaderInfoLog(shader) || '', 'fragment'));
  } else {
    const vertexShader = gl.createShader(gl.VERTEX_SHADER);
    gl.shaderSource(vertexShader, vertexText);
    gl.compileShader(vertexShader);
    if (!gl.getShaderParameter(vertexShader, gl.COMPILE_STATUS)) {
      // Only a companion vertex shader (an ISF .vs) can fail; its lines count from its own #line 1.
      diagnostics.push(...parseGlslLog(gl.getShaderInfoLog(vertexShader) || '', 'vertex'));
    } else {
      const program = gl.createProgram();
      gl.attachShader(program, vertexShader);
      gl.attachShader(program, shader);
      gl.linkProgram(program);
      if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
        diagnostics.push(linkDiagnostic((gl.getProgramInfoLog(program) || '').trim(), text, vertex ? vertexText : null));
      }
    }
  }
  return { ok: diagnostics.length === 0, diagnostics, renderer: webgl2Renderer(gl), prelude_lines: GLSL_PRELUDE_LINES };
}

/**
 * A link error with both stages named: the fragment line (in the user's file, counted from its `#line`) that
 * declares a name the log mentions, and the vertex stage, which is FrameScope's built-in full-screen shader.
 */
export function linkDiagnostic(log, fragmentText, vertexText = null) {
  const names = [...new Set(log.match(/[A-Za-z_]\w*/g) ?? [])];
  let line = null;
  let name = null;
  let counter = 0;
  for (const text of fragmentText.split('\n')) {
    const directive = /^\s*#line\s+(\d+)/.exec(text);
    // Only the user's file counts: the last #line starts it, and preludes declare nothing of the user's.
    if (directive) { counter = Number(directive[1]); line = null; name = null; continue; }
    // A declaration of a name the log mentions: `in vec2 uv;`, `varying highp vec2 uv[2];`
    const found = line === null && names.find(n => new RegExp(`\\b(in|varying|uniform|out)\\b[^;]*\\b${n}\\s*(\\[[^\\]]*\\])?\\s*;`).test(text));
    if (found) { line = counter; name = found; }
    counter++;
  }
  const where = line === null ? 'fragment: no line of the file declares the names in the log'
    : `fragment: line ${line} declares '${name}'`;
  let vertexWhere = "vertex: FrameScope's built-in full-screen vertex shader, which declares only 'position' and writes no varyings";
  if (vertexText) {
    const v = declaringLine(vertexText, names);
    vertexWhere = v.line === null ? 'vertex (.vs): no line of the .vs declares the names in the log'
      : `vertex (.vs): line ${v.line} declares '${v.name}'`;
  }
  return { stage: 'link', severity: 'error', line, column: null, message: `${log} (${where}; ${vertexWhere})` };
}

function declaringLine(text, names) {
  let counter = 0;
  let found = { line: null, name: null };
  for (const row of text.split('\n')) {
    const directive = /^\s*#line\s+(\d+)/.exec(row);
    if (directive) { counter = Number(directive[1]); found = { line: null, name: null }; continue; }
    const name = found.line === null && names.find(n => new RegExp(`\\b(in|out|varying|uniform|attribute)\\b[^;]*\\b${n}\\s*(\\[[^\\]]*\\])?\\s*;`).test(row));
    if (name) found = { line: counter, name };
    counter++;
  }
  return found;
}

/**
 * Compiles an ISF pass ({source, version, vertex}) and, when GLSL ES 3.00 fails, its 1.00 form (`fallback`): files
 * written for WebGL 1 may redefine built-ins such as sign or round, or initialise globals from uniforms. The result
 * says which version compiled (`version`); when neither does, the 3.00 diagnostics are kept and the 1.00 form's come
 * along as `fallback_diagnostics`, so the error that stops the 1.00 form is not hidden.
 */
export function compileIsf(primary, fallback, context = null) {
  const first = compileGlsl(primary.source, {}, primary.version ?? '300 es', primary.vertex ?? null, context);
  if (first.ok || !fallback || first.unavailable) return { ...first, version: primary.version ?? '300 es' };
  const second = compileGlsl(fallback.source, {}, fallback.version, fallback.vertex ?? null, context);
  if (!second.ok) {
    return { ...first, version: primary.version ?? '300 es', fallback_diagnostics: second.diagnostics ?? [] };
  }
  return { ...second, version: fallback.version, fell_back: first.diagnostics.map(d => d.message).join('; ') };
}

/** "ERROR: <source>:<line>: '<token>' : <message>" lines, as ANGLE and glslang write them. */
export function parseGlslLog(log, stage) {
  const out = [];
  for (const raw of log.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    // <source> is the source-string number a `#line <line> <source>` set (Shadertoy's Common tab is 1).
    const m = /^(ERROR|WARNING):\s*(\d+):(\d+):\s*(.*)$/.exec(line);
    if (m) out.push({ stage, severity: m[1].toLowerCase(), source: Number(m[2]), line: Number(m[3]), column: null, message: m[4].trim() });
    else if (!/compilation terminated/.test(line)) out.push({ stage, severity: 'error', line: null, column: null, message: line });
  }
  return out;
}

// One device per page: an adapter can create a device only once.
let gpuPromise;
export function gpuDevice() {
  return device();
}

function device() {
  gpuPromise ??= openDevice();
  return gpuPromise;
}

async function openDevice() {
  if (!navigator.gpu) return { unavailable: 'navigator.gpu is missing (needs a secure context and --enable-unsafe-webgpu)' };
  const adapter = await navigator.gpu.requestAdapter();
  if (!adapter) return { unavailable: 'requestAdapter() returned null (WebGPU disabled in this browser)' };
  const info = adapter.info || {};
  // Several float render targets of one draw (noisemaker's agent state: 2 × rgba32float + rgba8unorm = 40 bytes) pass
  // the default 32 bytes per sample: ask for what the adapter offers, up to 128, as noisemaker's runtime does.
  const bytesPerSample = Math.min(adapter.limits.maxColorAttachmentBytesPerSample ?? 32, 128);
  // Blending into rgba32float (noisemaker's point deposits onto float state) needs 'float32-blendable'.
  const requiredFeatures = ['float32-blendable'].filter(f => adapter.features.has(f));
  const device = await adapter.requestDevice({ requiredFeatures, requiredLimits: { maxColorAttachmentBytesPerSample: bytesPerSample } });
  return { device, adapter: [info.vendor, info.architecture, info.description].filter(Boolean).join(' / ') };
}

/** Compiles a WGSL module. Returns {ok, diagnostics: [{stage, severity, line, column, message}], adapter}. */
export async function compileWgsl(source) {
  const gpu = await device();
  if (gpu.unavailable) return { ok: false, unavailable: gpu.unavailable, diagnostics: [] };
  const module = gpu.device.createShaderModule({ code: source });
  const info = await module.getCompilationInfo();
  const diagnostics = info.messages.map(m => ({
    stage: 'module', severity: m.type, line: m.lineNum || null, column: m.linePos || null, message: m.message,
  }));
  return { ok: !diagnostics.some(d => d.severity === 'error'), diagnostics, adapter: gpu.adapter };
}

/** What this browser offers: WebGL2 renderer and WebGPU adapter strings, or why not. */
export async function describeBackends() {
  const gpu = await device();
  return { webgl2: webgl2Renderer() ?? 'unavailable', webgpu: gpu.unavailable ?? gpu.adapter, secure_context: window.isSecureContext };
}
