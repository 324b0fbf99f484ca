// The effects the page offers: the index the page server builds from the effects root ({id, definition, languages}),
// the search over it, the effect the page opens on, and the `?effect=ns/name` links. The list on the left is drawn
// here; what picking one does is the caller's.
import { $, el } from './dom.js';

export async function loadEffects() {
  const response = await fetch('effects/index.json');
  if (!response.ok) throw new Error(`the effects index answered HTTP ${response.status}`);
  return response.json();
}

/** Known defects kept for the tools' tests (the demo's broken/*) are not where a person should land. */
export function isBroken(effect) {
  return effect.id.startsWith('broken/') || (effect.definition.tags ?? []).includes('broken');
}

/** A filter reads the test card (a pass input named inputTex); anything else generates its picture. */
export function kindOf(effect) {
  const reads = (effect.definition.passes ?? []).flatMap(p => Object.values(p.inputs ?? {}));
  return reads.includes('inputTex') ? 'filter' : 'generator';
}

/**
 * The effect to open on without a link: one marked `starter`, else the first generator both backends can draw that
 * is no known defect, else the first that is no known defect, else the first.
 */
export function defaultEffect(effects) {
  const working = effects.filter(e => !isBroken(e));
  return working.find(e => e.definition.starter === true)
    ?? working.find(e => kindOf(e) === 'generator' && ['glsl', 'wgsl'].every(l => (e.languages ?? []).includes(l)))
    ?? working[0] ?? effects[0] ?? null;
}

/** Case-insensitive substring over id, name, description and tags; every word of the query must match. */
export function matches(effect, query) {
  const d = effect.definition;
  const text = [effect.id, d.name, d.description, ...(d.tags ?? [])].filter(Boolean).join(' ').toLowerCase();
  return query.toLowerCase().split(/\s+/).filter(Boolean).every(word => text.includes(word));
}

/** `?effect=ns/name`, with the slash left readable. */
export function linkTo(id) {
  return `?effect=${encodeURIComponent(id).replaceAll('%2F', '/')}`;
}

export function effectInAddress() {
  return new URLSearchParams(location.search).get('effect');
}

/** Fills the list (known defects last); `onPick(effect)` runs when one is chosen. Returns the list's operations. */
export function effectList(effects, onPick) {
  const list = $('effects');
  // Known defects (the tools' test fixtures) go last, so the list opens on effects that work; otherwise index order.
  const ordered = [...effects.filter(e => !isBroken(e)), ...effects.filter(isBroken)];
  const items = ordered.map(effect => {
    const d = effect.definition;
    // Both languages is the usual case; say so only when one is missing.
    const languages = effect.languages ?? [];
    const only = languages.length === 2 ? null
      : languages.length === 1 ? `${languages[0].toUpperCase()} only` : 'no programs';
    const button = el('button', { type: 'button', class: 'effect', 'data-effect': effect.id, title: d.description },
      el('span', { class: 'name', text: effect.id }),
      d.description && el('span', { class: 'description', text: d.description }),
      el('span', { class: 'meta' }, el('span', { class: 'kind', text: kindOf(effect) }),
        only && el('span', { class: 'tag', text: only }),
        isBroken(effect) && el('span', { class: 'tag broken', text: 'broken' })));
    button.addEventListener('click', () => onPick(effect));
    const item = el('li', {}, button);
    return { effect, item, button };
  });
  list.replaceChildren(...items.map(i => i.item));
  $('effect-count').textContent = String(effects.length);

  const filter = (query) => {
    let shown = 0;
    for (const { effect, item } of items) {
      item.hidden = !matches(effect, query);
      if (!item.hidden) shown++;
    }
    $('no-match').hidden = shown > 0;
    $('effect-count').textContent = shown === effects.length ? String(effects.length) : `${shown} of ${effects.length}`;
    return items.filter(i => !i.item.hidden).map(i => i.effect);
  };
  const markCurrent = (id) => {
    for (const { effect, button } of items) {
      if (effect.id !== id) {
        button.removeAttribute('aria-current');
        continue;
      }
      button.setAttribute('aria-current', 'true');
      button.scrollIntoView({ block: 'nearest' }); // an effect opened by a link may be far down the list
    }
  };
  return { filter, markCurrent };
}
