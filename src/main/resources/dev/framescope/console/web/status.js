// The status line at the bottom of the page, how errors read in it, and how times read everywhere.
import { $ } from './dom.js';

let hideTimer = null;

export function showStatus(text, kind = 'info') {
  const box = $('status');
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = !text;
  clearTimeout(hideTimer);
  if (text && kind !== 'error') hideTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

export function showError(what, error) {
  showStatus(`${what}: ${error.message}${error.code ? ` (${error.code})` : ''}`, 'error');
}

export const formatTime = (iso) => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : date.toLocaleString();
};
