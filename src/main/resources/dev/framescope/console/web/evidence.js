// The pictures an answer points at (colour and depth around the culprit pixels), loaded from the project.
import { el } from './dom.js';
import { withToken, projectPath } from './api.js';
import { state } from './state.js';

export function evidenceFigure(evidence) {
  if (!evidence || !state.project) return null;
  const pictures = [['colorBuffer', 'Colour target around the culprit pixels'], ['depthBuffer', 'Depth target']]
    .filter(([key]) => typeof evidence[key] === 'string' && evidence[key]);
  if (!pictures.length) return null;
  return el('div', { class: 'evidence' }, pictures.map(([key, caption]) => {
    const image = el('img', { src: withToken(projectPath(state.project.id, '/resource'), { path: evidence[key] }),
      alt: `${caption} (${evidence[key]})`, class: 'evidence-image', 'data-kind': key, loading: 'lazy' });
    image.addEventListener('error', () => image.replaceWith(el('p', { class: 'muted small',
      text: `The picture ${evidence[key]} could not be loaded.` })));
    return el('figure', {}, image, el('figcaption', { class: 'small muted', text: caption }));
  }));
}
