// Asking a question: the run posted to the server, its steps streamed in while it works, then the answer read
// back from the project's history.
import { $, el } from './dom.js';
import { api, withToken, projectPath } from './api.js';
import { state } from './state.js';
import { showStatus, showError } from './status.js';
import { loadProjects, updateAskButton } from './projects.js';
import { renderHistory } from './history.js';

function newRunId() {
  if (crypto.randomUUID) return `run-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `run-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Shows a run's steps as the server reports them: {type: "step", step} per call, then {type: "done" | "error"}.
 * The server keeps a run's events by its id, so subscribing while the question is being posted loses none.
 */
function listenToRun(runId) {
  const list = $('live-steps');
  list.replaceChildren();
  list.hidden = false;
  const source = new EventSource(withToken('/nl-debug/events', { runId }));
  const onEvent = (event) => {
    let data;
    try { data = JSON.parse(event.data); } catch (notJson) { return; }
    const step = data.step || data;
    if (data.type === 'done' || data.type === 'error') {
      source.close();
      return;
    }
    if (!step || (!step.title && !step.tool)) return;
    document.body.dataset.liveSteps = String(Number(document.body.dataset.liveSteps || 0) + 1);
    const id = step.id || `${list.children.length}`;
    const existing = Array.from(list.children).find((item) => item.dataset.stepId === id);
    const item = el('li', { class: 'live-step', 'data-step-id': id, 'data-status': step.status || 'running' },
      el('span', { class: `dot ${step.status || 'running'}`, 'aria-hidden': 'true' }),
      el('span', { text: step.title || step.tool }),
      step.status ? el('span', { class: 'muted small', text: ` ${step.status}` }) : null);
    if (existing) existing.replaceWith(item); else list.append(item);
  };
  source.onmessage = onEvent;
  return source;
}

export async function ask(event) {
  if (event) event.preventDefault();
  const question = $('question').value.trim();
  const capturePath = $('capture-select').value;
  if (!question || !capturePath || state.asking || !state.project) {
    if (!question) $('question').focus();
    return;
  }
  const projectId = state.project.id;
  const runId = newRunId();
  state.asking = true;
  updateAskButton();
  document.body.dataset.asking = 'true';
  $('ask').textContent = 'Working…';
  const live = listenToRun(runId);
  try {
    const body = { question, capturePath, projectId, plannerModel: $('planner').value || 'builtin', runId };
    const answer = await api('POST', '/nl-debug', body);
    $('question').value = '';
    showStatus('');
    delete document.body.dataset.asking; // answered: the page no longer waits, before the answer is drawn
    await showAnswer(projectId, answer);
    $('live-steps').hidden = true;
  } catch (error) {
    showError('The question could not be answered', error);
  } finally {
    // The stream ends itself with the run's "done" event; a server that never sends one is not listened to forever.
    setTimeout(() => live.close(), 5000);
    state.asking = false;
    delete document.body.dataset.asking;
    $('ask').textContent = 'Ask';
    updateAskButton();
  }
}

/** The server stores each answer in the project's history; read it back so what is shown is what was kept. */
async function showAnswer(projectId, answer) {
  if (!state.project || state.project.id !== projectId) return;
  try {
    state.history = await api('GET', projectPath(projectId, '/history'));
  } catch (error) {
    showError('The answer came but the history could not be read', error);
  }
  const history = state.history || { submissions: [], messages: [] };
  if (answer && answer.submission && !(history.submissions || []).some((s) => s.id === answer.submission.id)) {
    history.submissions = [...(history.submissions || []), answer.submission];
    history.messages = [...(history.messages || []), answer.message].filter(Boolean);
  }
  state.history = history;
  renderHistory();
  const first = $('answers').firstElementChild;
  if (first) first.querySelector('h4').focus();
  await loadProjects();
}
