// The controls over what both backends draw: the effect's inputs (a slider for each float or int global with a
// range, a check box for each boolean) and the clock (play and pause, restart, a scrubber over the loop). The
// runtime's time is normalised: 0..1 over an 8 s loop, as every tool call gives it.
import { $, el } from './dom.js';

export const LOOP_SECONDS = 8;

/**
 * Builds the input controls for a definition's globals into #uniforms and returns the values object the backends
 * read at every draw (uniform name → value), filled with the defaults. `onChange` runs after each change.
 */
export function buildInputs(definition, onChange) {
  const values = {};
  const controls = [];
  const rows = [];
  for (const [name, g] of Object.entries(definition.globals ?? {})) {
    const uniform = g.uniform ?? name;
    const id = `u-${name}`;
    if (['float', 'int'].includes(g.type) && typeof g.min === 'number' && typeof g.max === 'number') {
      values[uniform] = g.default ?? g.min;
      const output = el('output', { for: id, text: format(values[uniform], g.type) });
      // step before value: a range input snaps its value to the step it has when the value is set
      const slider = el('input', { type: 'range', id, min: g.min, max: g.max,
        step: g.step ?? (g.type === 'int' ? 1 : 'any'), value: values[uniform] });
      slider.addEventListener('input', () => {
        values[uniform] = Number(slider.value);
        output.textContent = format(values[uniform], g.type);
        onChange();
      });
      controls.push(() => { slider.value = String(g.default ?? g.min); slider.dispatchEvent(new Event('input')); });
      rows.push(el('label', { for: id, class: 'field-label', text: name }), slider, output);
    } else if (g.type === 'boolean') {
      values[uniform] = !!g.default;
      const box = el('input', { type: 'checkbox', id, checked: values[uniform] });
      box.addEventListener('change', () => { values[uniform] = box.checked; onChange(); });
      controls.push(() => { box.checked = !!g.default; box.dispatchEvent(new Event('change')); });
      rows.push(el('label', { for: id, class: 'field-label', text: name }), box, el('output', { for: id }));
    } else if (g.default !== undefined) {
      values[uniform] = g.default;
      rows.push(el('span', { class: 'field-label', text: name }),
        el('span', { class: 'muted fixed', text: `${g.type} ${JSON.stringify(g.default)}: set in definition.json` }));
    }
  }
  const box = $('uniforms');
  box.replaceChildren(...(rows.length ? rows : [el('p', { class: 'muted none', text: 'This effect has no inputs.' })]));
  $('reset-inputs').disabled = controls.length === 0;
  $('reset-inputs').onclick = () => controls.forEach(reset => reset());
  return values;
}

function format(value, type) {
  return type === 'int' ? String(Math.round(value)) : Number(value).toFixed(2);
}

/**
 * The page's clock. `time` is the loop position (0..1) both backends draw; while playing it follows the wall
 * clock, and the scrubber moves it. `onChange` runs when the person moves the time, `onRestart` on Restart (which also
 * puts the time back to 0).
 */
export class Clock {
  constructor({ onChange, onRestart }) {
    this.playing = true;
    this.time = 0;
    this.origin = performance.now();
    const play = $('play');
    const scrubber = $('time');
    play.addEventListener('click', () => this.setPlaying(!this.playing));
    scrubber.addEventListener('input', () => {
      this.seek(Number(scrubber.value));
      onChange();
    });
    $('restart').addEventListener('click', () => {
      this.seek(0);
      onRestart();
    });
  }

  setPlaying(playing) {
    this.playing = playing;
    this.origin = performance.now() - this.time * LOOP_SECONDS * 1000;
    const play = $('play');
    play.textContent = playing ? 'Pause' : 'Play';
    play.setAttribute('aria-pressed', String(playing));
  }

  seek(time) {
    this.time = time;
    this.origin = performance.now() - time * LOOP_SECONDS * 1000;
    this.show();
  }

  /** Advances with the wall clock while playing; returns the time to draw. */
  tick(now) {
    if (this.playing) this.time = ((now - this.origin) / (LOOP_SECONDS * 1000)) % 1;
    this.show();
    return this.time;
  }

  show() {
    $('time').value = String(this.time);
    $('time-value').textContent = `${(this.time * LOOP_SECONDS).toFixed(2)} s of ${LOOP_SECONDS} s`;
  }
}
