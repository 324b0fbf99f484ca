// The shader page's entry (`framescope page`): pick an effect from the list (or open `?effect=ns/name`), watch it run
// on WebGL2 and WebGPU side by side, move its inputs and the clock; a backend whose program does not compile shows
// its errors, with file, line and source, over a cleared canvas. The runtime/ modules are the ones every shader tool
// call runs (joined into /harness.html by RuntimeBundle); this page only adds the person's controls around them. The
// page's CSP forbids inline script and style, so everything is built with dom.js and styled from page.css.
import * as compile from './runtime/compile.js';
import * as render from './runtime/render.js';
import * as passes from './runtime/passes.js';
import { $, el } from './dom.js';
import { BackendView } from './backend-view.js';
import { Clock, buildInputs } from './controls.js';
import { defaultEffect, effectInAddress, effectList, isBroken, kindOf, linkTo, loadEffects } from './effects.js';

// The same API tool calls use, for a person poking at it from the browser's console.
window.framescope = { ...compile, ...render, ...passes };

const views = [new BackendView('glsl'), new BackendView('wgsl')];
let effects = [];
let list = null;
let current = null;
let values = {};
let redraw = true; // a change the backends have not drawn yet (when paused)
const clock = new Clock({ onChange: () => { redraw = true; }, onRestart: () => current && load(current) });

async function start() {
  wireSearch();
  try {
    effects = await loadEffects();
  } catch (error) {
    showNotice(`Could not list the effects: ${error.message}`);
    return;
  }
  if (effects.length === 0) {
    $('effect-name').textContent = 'No effects';
    showNotice('The effects root holds no effect (a folder with a definition.json). Start the page with '
      + '--effects-root DIR or FRAMESCOPE_EFFECTS_ROOT.');
    return;
  }
  list = effectList(effects, effect => pick(effect, 'push'));
  const [webgl2, webgpu] = await Promise.all([probeWebgl2(), probeWebgpu()]);
  views[0].setBackend(webgl2);
  views[1].setBackend(webgpu);
  const wanted = effectInAddress();
  const linked = wanted && effects.find(e => e.id === wanted);
  const first = linked ?? defaultEffect(effects);
  if (wanted && !linked) showNotice(`No effect “${wanted}” under the effects root; showing ${first.id} instead.`);
  window.addEventListener('popstate', () => {
    const effect = effects.find(e => e.id === effectInAddress()) ?? defaultEffect(effects);
    pick(effect, 'none');
  });
  requestAnimationFrame(tick);
  await pick(first, 'replace');
}

// What each backend runs on, or why this browser has none: {renderer} or {unavailable}. Each is asked on its own and
// never throws, so a browser without WebGPU (headless Chromium without --enable-unsafe-webgpu) or one whose GPU
// process refuses a device still shows the effect on WebGL2 and says on the WebGPU side what is missing.
async function probeWebgl2() {
  try {
    const renderer = compile.webgl2Renderer();
    return renderer === null ? { unavailable: 'This browser gives the page no WebGL2 context.' } : { renderer };
  } catch (error) {
    return { unavailable: `Creating a WebGL2 context failed: ${error.message ?? error}` };
  }
}

async function probeWebgpu() {
  try {
    const gpu = await compile.gpuDevice();
    if (!gpu.unavailable) return { renderer: gpu.adapter || 'an unnamed adapter' };
    const hint = gpu.unavailable.includes('--enable-unsafe-webgpu') ? ''
      : ' Chromium on Linux offers WebGPU when started with --enable-unsafe-webgpu.';
    return { unavailable: `${gpu.unavailable}.${hint}` };
  } catch (error) {
    return { unavailable: `Asking for a WebGPU device failed: ${error.message ?? error}` };
  }
}

function wireSearch() {
  const search = $('search');
  search.addEventListener('input', () => list?.filter(search.value));
  search.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !list) return;
    const [firstShown] = list.filter(search.value);
    if (firstShown) pick(firstShown, 'push');
  });
}

/** Shows `effect`; `history` is how the address follows: 'push' (a pick), 'replace' (on opening) or 'none' (back). */
async function pick(effect, history) {
  if (history === 'push' && effect.id !== current?.id) window.history.pushState(null, '', linkTo(effect.id));
  if (history === 'replace') window.history.replaceState(null, '', linkTo(effect.id));
  if (history === 'push') $('notice').hidden = true;
  current = effect;
  list.markCurrent(effect.id);
  const d = effect.definition;
  document.title = `${effect.id} — FrameScope shaders`;
  $('effect-name').textContent = d.name ?? effect.id;
  $('effect-id').textContent = effect.id;
  const tags = [kindOf(effect), ...(d.tags ?? []).filter(t => t !== kindOf(effect) && t !== 'broken')];
  $('effect-tags').replaceChildren(...tags.map(t => el('span', { class: 'tag', text: t })),
    ...(isBroken(effect) ? [el('span', { class: 'tag broken', text: 'broken', title: 'A known defect' })] : []));
  $('permalink').href = linkTo(effect.id);
  $('description').textContent = [d.description, kindOf(effect) === 'filter' ? 'Drawn over FrameScope\'s test card.' : '']
    .filter(Boolean).join(' ');
  values = buildInputs(d, () => { redraw = true; });
  await load(effect);
}

async function load(effect) {
  redraw = true;
  await Promise.all(views.map(view => view.load(effect, values)));
}

function showNotice(text) {
  $('notice').textContent = text;
  $('notice').hidden = false;
}

async function tick(now) {
  try {
    await drawBoth(clock.tick(now));
  } finally {
    requestAnimationFrame(tick);
  }
}

async function drawBoth(time) {
  // Both backends start drawing together once both have compiled (or failed), so a feedback effect has drawn as
  // many frames on each and the two canvases can be compared.
  const due = views.some(view => view.loading) ? []
    : views.filter(view => view.ready && (clock.playing || redraw || view.pending));
  if (due.length === 0) return;
  redraw = false;
  const paints = await Promise.all(due.map(view => view.render(time)));
  const shown = paints.filter(Boolean).map(paint => paint());
  if (shown.some(Boolean)) document.body.dataset.frames = String(Number(document.body.dataset.frames ?? 0) + 1);
}

start();
