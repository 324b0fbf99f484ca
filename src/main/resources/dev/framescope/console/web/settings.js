// The planner that answers questions (chosen here, remembered by the browser, saved as the server's default) and
// the settings dialog with the API key, which the server keeps and never shows back.
import { $, el } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { showError } from './status.js';

const PLANNER_KEY = 'framescope.console.planner';

export async function loadModels() {
  let reply = null;
  try { reply = await api('GET', '/models'); } catch (error) { showError('Could not list the planners', error); }
  const models = ((reply && reply.models) || []).filter((model) => !model.role || model.role === 'planner');
  if (!models.some((model) => model.id === 'builtin')) {
    models.unshift({ id: 'builtin', label: 'builtin (no model, works offline)' });
  }
  state.models = models;
  const stored = localStorage.getItem(PLANNER_KEY);
  const chosen = [stored, reply && reply.defaultPlanner, 'builtin'].find((id) => models.some((m) => m.id === id));
  for (const select of [$('planner'), $('settings-planner')]) {
    select.replaceChildren(...models.map((model) => el('option', { value: model.id,
      text: `${model.label || model.id}${model.unavailableReason ? ' (unavailable)' : ''}` })));
    select.value = chosen;
  }
  choosePlanner(chosen, false);
}

export function choosePlanner(id, remember = true) {
  $('planner').value = id;
  $('settings-planner').value = id;
  if (remember) localStorage.setItem(PLANNER_KEY, id);
  const model = state.models.find((m) => m.id === id) || {};
  $('planner-badge').textContent = `planner: ${id}`;
  $('planner-badge').title = model.label || id;
  $('settings-planner-note').textContent = model.unavailableReason || (id === 'builtin'
    ? 'Answers from measured facts only, with no model and no network.' : '');
}

/** The settings' planner is the server's default too, so a question from another tab or client gets it. */
export async function saveDefaultPlanner(id) {
  choosePlanner(id);
  const model = state.models.find((m) => m.id === id) || {};
  const planner = model.planner || id;
  try {
    await api('PUT', '/settings', planner === 'openai-compatible' ? { defaultPlanner: planner, plannerModel: id }
      : { defaultPlanner: planner });
    $('settings-planner-note').textContent = `${$('settings-planner-note').textContent} Saved as the default.`.trim();
  } catch (error) {
    $('settings-planner-note').textContent = `Not saved as the default: ${error.message}`;
  }
}

export async function openSettings() {
  $('settings').showModal();
  try {
    const [settings, health] = await Promise.all([api('GET', '/settings'), api('GET', '/health')
      .catch(() => null)]);
    showKeyState(settings && settings.hasApiKey, settings && settings.apiKeySource);
    $('health').textContent = health ? `Connected to FrameScope ${health.version || ''}`.trim()
      : 'FrameScope did not answer the health check.';
  } catch (error) {
    $('key-state').textContent = `Could not read the settings: ${error.message}`;
  }
}

function showKeyState(hasApiKey, source) {
  $('key-state').textContent = hasApiKey ? `A key is set${source ? ` (from ${source})` : ''}; it is never shown.`
    : 'No key set.';
  $('key-state').dataset.hasKey = hasApiKey ? 'true' : 'false';
}

export async function saveKey() {
  const input = $('api-key');
  const apiKey = input.value.trim();
  if (!apiKey) { input.focus(); return; }
  try {
    const reply = await api('PUT', '/settings', { apiKey });
    input.value = '';
    showKeyState(reply && reply.hasApiKey, reply && reply.apiKeySource);
    await loadModels();
  } catch (error) {
    $('key-state').textContent = `The key was not stored: ${error.message}`;
  }
}
