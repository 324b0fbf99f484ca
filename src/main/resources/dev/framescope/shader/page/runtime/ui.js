// The page a person uses: pick an effect and a backend, move the uniform sliders, watch the effect run.
// Frames are rendered offscreen exactly as the tools render them and copied into the visible canvas.
import { describeBackends } from './compile.js';
import { prepare } from './render.js';
import { preparePasses } from './passes.js';

const $ = id => document.getElementById(id);
let effects = [];
let current = null; // { frame, started }
let values = {};

export async function start() {
  $('status').textContent = JSON.stringify(await describeBackends(), null, 1);
  effects = await (await fetch('effects/index.json')).json();
  for (const e of effects) $('effect').add(new Option(e.id, e.id));
  $('effect').onchange = () => select();
  $('backend').onchange = () => rebuild();
  await select();
  requestAnimationFrame(loop);
}

function effect() {
  return effects.find(e => e.id === $('effect').value);
}

async function select() {
  const def = effect().definition;
  $('description').textContent = def.description ?? '';
  values = {};
  const box = $('uniforms');
  box.replaceChildren();
  for (const [name, g] of Object.entries(def.globals ?? {})) {
    if (!['float', 'int'].includes(g.type) || g.min === undefined || g.max === undefined) continue;
    const uniform = g.uniform ?? name;
    values[uniform] = g.default;
    const label = document.createElement('label');
    label.textContent = `${name}: ${g.default}`;
    const slider = Object.assign(document.createElement('input'), { type: 'range', min: g.min, max: g.max,
      step: g.step ?? (g.type === 'int' ? 1 : (g.max - g.min) / 100), value: g.default, id: `u-${name}` });
    slider.oninput = () => { values[uniform] = Number(slider.value); label.textContent = `${name}: ${slider.value}`; rebuild(); };
    box.append(label, slider);
  }
  await rebuild();
}

async function rebuild() {
  const e = effect();
  const language = $('backend').value;
  const canvas = $('view');
  const options = { width: canvas.width, height: canvas.height, uniforms: values };
  const passes = [];
  for (const [i, pass] of e.definition.passes.entries()) {
    const response = await fetch(`effects/${e.id}/${language}/${pass.program}.${language}`);
    if (!response.ok) { passes.length = 0; break; }
    passes.push({ source: await response.text(), inputs: pass.inputs ?? {}, output: pass.outputs?.fragColor ?? `pass${i}` });
  }
  const frame = passes.length === 0 ? { ok: false, unavailable: `no ${language} program for every pass` }
    : passes.length === 1 ? await prepare(language, passes[0].source, options)
    : await preparePasses(language, passes, options);
  if (!frame.ok) {
    $('status').textContent = JSON.stringify(frame.diagnostics ?? frame.unavailable, null, 1);
    current = null;
    return;
  }
  current = { frame, started: current?.started ?? performance.now() };
}

async function loop(now) {
  if (current) {
    const { frame, started } = current;
    const canvas = $('view');
    await frame.draw(((now - started) / 8000) % 1); // time is normalised over an 8 s loop
    const rows = await frame.read();
    canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(rows.buffer), canvas.width, canvas.height), 0, 0);
    document.body.dataset.frames = String(Number(document.body.dataset.frames ?? 0) + 1);
  }
  requestAnimationFrame(loop);
}
