// One backend's half of the page: its canvas, status, timing and errors. The effect is prepared and drawn offscreen
// by the same runtime every shader tool call runs (runtime/passes.js), and each read-back frame is put into a 2D
// canvas: a WebGPU canvas comes out blank in headless screenshots, and this way both halves show exactly the pixels
// the tools measure. The canvas never holds a frame of another effect than the one shown: it is cleared when an
// effect starts loading and when one fails, and a frame read back after another effect was picked is dropped.
import { el } from './dom.js';
import { describeDiagnostic, failureTitle } from './diagnostics.js';
import { prepare } from './runtime/render.js';
import { preparePasses } from './runtime/passes.js';
import { untrustedFrame } from './runtime/pass-plan.js';

const BACKEND = { glsl: 'WebGL2', wgsl: 'WebGPU' };

/** An exception from the runtime or the browser, as the one diagnostic to show. */
function thrown(error) {
  const message = String(error?.message ?? error);
  return { diagnostics: [{ stage: 'pipeline', severity: 'error', line: null, column: null, message }] };
}

export class BackendView {
  constructor(language) {
    this.language = language;
    const $ = (part) => document.getElementById(`${part}-${language}`);
    this.panel = $('panel');
    this.canvas = $('view');
    this.status = $('status');
    this.timing = $('timing');
    this.overlay = $('errors');
    this.renderer = $('renderer');
    this.frame = null; // the prepared effect on show, or null
    this.files = [];
    this.loads = 0;
    this.pending = false; // prepared, no frame drawn yet
    this.loading = false; // between a pick and its compile's answer
    this.frames = 0;
    this.spentMs = 0;
    this.unavailable = null; // why this browser has no such backend, once setBackend() has said
  }

  /** Compiles `effect` for this backend; `uniforms` is the object the controls change (read at every draw). */
  async load(effect, uniforms) {
    const load = ++this.loads;
    this.frame = null;
    this.pending = false;
    this.loading = true;
    this.clear();
    if (this.unavailable) {
      this.loading = false;
      this.showNote(`${BACKEND[this.language]} is not available`, this.unavailable);
      return;
    }
    this.setState('loading', 'compiling…');
    try {
      await this.compile(effect, uniforms, load);
    } catch (error) {
      if (load === this.loads) this.fail(thrown(error), []);
    } finally {
      if (load === this.loads) this.loading = false;
    }
  }

  async compile(effect, uniforms, load) {
    const passes = effect.definition.passes ?? [];
    if (passes.length === 0) {
      this.showNote('Nothing to draw', 'The effect\'s definition.json lists no passes.');
      return;
    }
    const files = [];
    for (const pass of passes) {
      const path = `${effect.id}/${this.language}/${pass.program}.${this.language}`;
      const response = await fetch(`effects/${path}`);
      if (load !== this.loads) return; // another effect was picked meanwhile
      if (!response.ok) {
        this.showNote(`No ${this.language.toUpperCase()} program`, response.status === 404
          ? `${BACKEND[this.language]} has nothing to draw: ${path} is missing.`
          : `${path} could not be read (HTTP ${response.status}).`);
        return;
      }
      files.push({ path, source: await response.text() });
      if (load !== this.loads) return;
    }
    const options = { width: this.canvas.width, height: this.canvas.height, uniforms };
    // A single program is prepared as the tools prepare one (reading the test card as inputTex); several as passes.
    const prepared = files.length === 1 ? await prepare(this.language, files[0].source, options)
      : await preparePasses(this.language, passes.map((pass, i) => ({ source: files[i].source,
        inputs: pass.inputs ?? {}, output: pass.outputs?.fragColor ?? `pass${i}` })), options);
    if (load !== this.loads) return;
    if (!prepared.ok) {
      this.fail(prepared, files);
      return;
    }
    this.files = files;
    this.frame = prepared;
    this.pending = true;
    this.frames = 0;
    this.spentMs = 0;
  }

  /**
   * What this backend runs on, {renderer}, or why this browser has none, {unavailable}: then every effect shows that
   * over this canvas instead of compiling, and the other backend carries on.
   */
  setBackend({ renderer, unavailable }) {
    this.unavailable = unavailable ?? null;
    this.renderer.textContent = unavailable ? `No ${BACKEND[this.language]} in this browser`
      : `${BACKEND[this.language]} on ${renderer}`;
  }

  get ready() {
    return this.frame !== null;
  }

  /**
   * Draws the frame at `time` (0..1 over the 8 s loop) and reads it back. Returns the function that shows it, or null
   * when there is nothing to show: the caller shows both backends' frames together, so the two canvases always hold
   * the same moment.
   */
  async render(time) {
    const frame = this.frame;
    if (!frame) return null;
    try {
      return await this.renderFrame(frame, time);
    } catch (error) {
      if (this.frame !== frame) return null;
      this.frame = null;
      this.fail(thrown(error), []);
      return null;
    }
  }

  async renderFrame(frame, time) {
    const started = performance.now();
    await frame.draw(time);
    if (this.pending || frame.lost?.()) {
      // The first frame is checked as the tools check theirs: a GPU error, a lost context or a draw that wrote
      // nothing is an error to show, not a black picture. Later frames only for a lost WebGL2 context (Chromium
      // drops the oldest of too many, and every load makes new ones), whose reads would be zeros.
      const failed = await untrustedFrame(frame);
      if (this.frame !== frame) return null;
      if (failed) {
        this.frame = null;
        this.fail(failed, this.files);
        return null;
      }
    }
    const rgba = await frame.read();
    const spentMs = performance.now() - started;
    return () => {
      if (this.frame !== frame) return false; // another effect was picked meanwhile
      const pixels = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, this.canvas.width * this.canvas.height * 4);
      this.canvas.getContext('2d').putImageData(new ImageData(pixels, this.canvas.width, this.canvas.height), 0, 0);
      if (this.pending) {
        this.pending = false;
        this.setState('ok', 'running');
      }
      this.frames++;
      this.spentMs += spentMs;
      if (this.frames % 30 === 1) this.timing.textContent = `${(this.spentMs / this.frames).toFixed(1)} ms per frame`;
      this.panel.dataset.frames = String(this.frames);
      return true;
    };
  }

  clear() {
    this.canvas.getContext('2d').clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.overlay.hidden = true;
    this.overlay.replaceChildren();
    this.timing.textContent = '';
  }

  setState(state, text) {
    this.panel.dataset.state = state;
    this.status.dataset.state = state;
    this.status.textContent = text;
  }

  /** A failed preparation or first frame: the runtime's diagnostics, or why the backend is missing. */
  fail(result, files) {
    this.clear();
    if (result.unavailable && !(result.diagnostics ?? []).length) {
      this.showNote(`${BACKEND[this.language]} is not available`, result.unavailable);
      return;
    }
    const diagnostics = result.diagnostics?.length ? result.diagnostics
      : [{ stage: 'pipeline', severity: 'error', line: null, column: null, message: result.unsupported ?? 'failed' }];
    this.setState('error', diagnostics.every(d => d.stage === 'pipeline') ? 'pipeline error' : 'compile error');
    this.overlay.dataset.kind = 'error';
    this.overlay.append(el('p', { class: 'overlay-title', text: failureTitle(diagnostics, this.language) }),
      el('ol', { class: 'diagnostics' }, diagnostics.map(d => this.diagnosticItem(describeDiagnostic(d, files)))));
    this.overlay.hidden = false;
  }

  diagnosticItem(d) {
    const where = d.path
      ? el('a', { class: 'where', href: `effects/${d.path}`, target: '_blank', rel: 'noopener', text: d.where })
      : el('span', { class: 'where', text: d.where });
    const excerpt = d.excerpt && el('pre', { class: 'excerpt' },
      el('span', { class: 'line-number', text: `${d.excerpt.number} │ ` }), d.excerpt.text,
      d.excerpt.column ? `\n${' '.repeat(String(d.excerpt.number).length + 3 + d.excerpt.column - 1)}^` : null);
    return el('li', { class: 'diagnostic', 'data-severity': d.severity }, where,
      el('span', { class: 'severity', text: d.severity }), el('span', { class: 'message', text: d.message }), excerpt);
  }

  showNote(title, text) {
    this.clear();
    this.setState('unavailable', 'not available');
    this.overlay.dataset.kind = 'note';
    this.overlay.append(el('p', { class: 'overlay-title', text: title }), el('p', { text }));
    this.overlay.hidden = false;
  }
}
