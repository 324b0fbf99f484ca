// The project list on the left and the open project: its name, dates and captures, and the Ask button that
// needs one of them chosen.
import { $, el } from './dom.js';
import { api, projectPath } from './api.js';
import { state } from './state.js';
import { showStatus, showError, formatTime } from './status.js';
import { renderHistory } from './history.js';

export async function loadProjects() {
  const reply = await api('GET', '/projects');
  state.projects = (reply && reply.projects) || [];
  state.projects.sort((a, b) => String(b.updatedAt || '').localeCompare(String(a.updatedAt || '')));
  renderProjects();
}

function renderProjects() {
  const list = $('projects');
  list.replaceChildren(...state.projects.map((project) => {
    const current = state.project && state.project.id === project.id;
    const button = el('button', { type: 'button', class: 'project', 'data-id': project.id,
      'aria-current': current ? 'true' : null },
      el('span', { class: 'name', text: project.name || project.id }),
      el('span', { class: 'meta' },
        el('span', { text: `updated ${formatTime(project.updatedAt)}` }),
        project.hasCapture ? el('span', { class: 'tag capture', text: 'capture' })
          : el('span', { class: 'tag none', text: 'no capture' })));
    button.addEventListener('click', () => selectProject(project.id));
    return el('li', {}, button);
  }));
  $('projects-empty').hidden = state.projects.length > 0;
}

export async function createProject(event) {
  event.preventDefault();
  const input = $('new-project-name');
  const name = input.value.trim();
  try {
    const reply = await api('POST', '/projects', name ? { name } : {});
    input.value = '';
    await loadProjects();
    await selectProject(reply.projectId);
    showStatus(`Project “${name || reply.projectId}” created. Now add a capture.`);
    $('capture-file').focus();
  } catch (error) {
    showError('Could not create the project', error);
  }
}

export async function selectProject(id) {
  try {
    const [project, kept] = await Promise.all([
      api('GET', projectPath(id)), api('GET', projectPath(id, '/history'))]);
    state.project = project.project;
    state.history = kept;
    if (location.hash !== `#project=${encodeURIComponent(id)}`) {
      window.history.replaceState(null, '', `${location.pathname}${location.search}#project=${encodeURIComponent(id)}`);
    }
    renderProject();
    renderProjects();
  } catch (error) {
    showError('Could not open the project', error);
  }
}

function renderProject() {
  const project = state.project;
  $('no-project').hidden = !!project;
  $('project').hidden = !project;
  if (!project) return;
  $('project').dataset.id = project.id;
  $('project-name').textContent = project.name || project.id;
  $('project-updated').textContent = `created ${formatTime(project.createdAt)} · updated ${formatTime(project.updatedAt)}`;
  renderCaptures();
  renderHistory();
}

/** The project API lists captures as paths, or as objects naming their path. */
function capturePathOf(capture) {
  if (typeof capture === 'string') return capture;
  return capture && (capture.path || capture.capturePath || capture.name);
}

function renderCaptures(preferred) {
  const select = $('capture-select');
  const previous = preferred || select.value;
  const paths = (state.project.captures || []).map(capturePathOf).filter(Boolean);
  select.replaceChildren(...paths.map((path) => el('option', { value: path, text: path })));
  if (paths.length === 0) select.append(el('option', { value: '', text: 'no capture yet: add one above' }));
  if (paths.includes(previous)) select.value = previous;
  else if (paths.length) select.value = paths[paths.length - 1];
  select.disabled = paths.length === 0;
  updateAskButton();
}

export async function refreshProject(preferredCapture) {
  const reply = await api('GET', projectPath(state.project.id));
  state.project = reply.project;
  renderCaptures(preferredCapture);
  await loadProjects();
}

export function updateAskButton() {
  $('ask').disabled = state.asking || !$('capture-select').value;
}
