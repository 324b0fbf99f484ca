'use strict';
// The FrameScope capture console. Every text the server sends (answers quote shader source and the person's own
// questions) is inserted with textContent, never as HTML; the Content-Security-Policy forbids inline script and style.
// API calls carry the per-launch token from the page's own URL in a header; images and the step stream cannot send
// headers, so those two GETs carry it as a query parameter.
(() => {
  const token = new URLSearchParams(location.search).get('token') || '';
  const TOKEN_HEADER = 'X-FrameScope-Token';
  const STAGES = ['IA', 'VS', 'RS', 'PS', 'OM'];
  const state = { projects: [], project: null, history: null, models: [], asking: false };

  const $ = (id) => document.getElementById(id);

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'text') node.textContent = value;
      else if (key === 'class') node.className = value;
      else node.setAttribute(key, value === true ? '' : value);
    }
    children.flat(Infinity).forEach((child) => child !== null && child !== undefined && child !== false
      && node.append(child));
    return node;
  }

  // ---- talking to the server ----------------------------------------------------------------------------------

  class ApiError extends Error {
    constructor(status, body) {
      super((body && body.message) || `HTTP ${status}`);
      this.status = status;
      this.code = body && body.code;
    }
  }

  async function api(method, path, body, contentType) {
    const headers = { [TOKEN_HEADER]: token };
    let payload = body;
    if (body !== undefined && !(body instanceof Blob)) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    } else if (body instanceof Blob) {
      headers['Content-Type'] = contentType || 'application/octet-stream';
    }
    const response = await fetch(path, { method, headers, body: payload, cache: 'no-store' });
    const text = await response.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch (notJson) { json = { message: text.slice(0, 300) }; }
    if (!response.ok) throw new ApiError(response.status, json);
    return json;
  }

  /** A URL with the token in the query, for what cannot send headers (an <img>, an EventSource). */
  function withToken(path, params) {
    const query = new URLSearchParams(params);
    query.set('token', token);
    return `${path}?${query}`;
  }

  const projectPath = (id, rest = '') => `/projects/${encodeURIComponent(id)}${rest}`;

  function showStatus(text, kind = 'info') {
    const box = $('status');
    box.textContent = text;
    box.dataset.kind = kind;
    box.hidden = !text;
    clearTimeout(showStatus.timer);
    if (text && kind !== 'error') showStatus.timer = setTimeout(() => { box.hidden = true; }, 6000);
  }

  function showError(what, error) {
    showStatus(`${what}: ${error.message}${error.code ? ` (${error.code})` : ''}`, 'error');
  }

  const formatTime = (iso) => {
    if (!iso) return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? String(iso) : date.toLocaleString();
  };

  // ---- projects -----------------------------------------------------------------------------------------------

  async function loadProjects() {
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

  async function createProject(event) {
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

  async function selectProject(id) {
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

  async function refreshProject(preferredCapture) {
    const reply = await api('GET', projectPath(state.project.id));
    state.project = reply.project;
    renderCaptures(preferredCapture);
    await loadProjects();
  }

  // ---- captures -----------------------------------------------------------------------------------------------

  function uploadCapture(file) {
    if (!state.project) return;
    if (!/\.rdc$/i.test(file.name)) {
      showStatus(`${file.name} is not a RenderDoc capture (.rdc).`, 'error');
      return;
    }
    const projectId = state.project.id;
    const progress = $('upload-progress');
    const label = $('upload-status');
    const request = new XMLHttpRequest();
    request.open('POST', `${projectPath(projectId, '/upload-capture')}?name=${encodeURIComponent(file.name)}`);
    request.setRequestHeader(TOKEN_HEADER, token);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    progress.hidden = false;
    progress.value = 0;
    progress.removeAttribute('data-done');
    label.textContent = `Uploading ${file.name}…`;
    request.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable) return;
      progress.value = Math.round((event.loaded / event.total) * 100);
      label.textContent = `Uploading ${file.name}: ${(event.loaded / 1048576).toFixed(1)} of `
        + `${(event.total / 1048576).toFixed(1)} MB`;
    });
    request.addEventListener('load', async () => {
      let body = null;
      try { body = JSON.parse(request.responseText); } catch (notJson) { body = null; }
      if (request.status >= 200 && request.status < 300 && body) {
        progress.value = 100;
        label.textContent = `Stored ${body.capturePath}`;
        if (state.project && state.project.id === projectId) await refreshProject(body.capturePath);
        progress.dataset.done = 'true'; // only once the capture is offered in the question box
        $('question').focus();
      } else {
        label.textContent = '';
        progress.hidden = true;
        showError(`Upload of ${file.name} refused`, new ApiError(request.status, body));
      }
    });
    request.addEventListener('error', () => {
      label.textContent = '';
      progress.hidden = true;
      showStatus(`Upload of ${file.name} failed: the connection to FrameScope broke.`, 'error');
    });
    request.send(file);
  }

  async function copyFromPath(event) {
    event.preventDefault();
    const input = $('source-path');
    const sourcePath = input.value.trim();
    if (!sourcePath || !state.project) return;
    const name = sourcePath.split(/[\\/]/).pop();
    try {
      const reply = await api('POST', `${projectPath(state.project.id, '/upload-capture')}?name=${
        encodeURIComponent(name)}`, { sourcePath });
      input.value = '';
      $('upload-status').textContent = `Copied into ${reply.capturePath}`;
      await refreshProject(reply.capturePath);
    } catch (error) {
      showError(`Could not copy ${sourcePath}`, error);
    }
  }

  function wireDropZone() {
    const drop = $('drop');
    const over = (event) => { event.preventDefault(); drop.classList.add('over'); };
    drop.addEventListener('dragenter', over);
    drop.addEventListener('dragover', over);
    drop.addEventListener('dragleave', () => drop.classList.remove('over'));
    drop.addEventListener('drop', (event) => {
      event.preventDefault();
      drop.classList.remove('over');
      const file = event.dataTransfer && event.dataTransfer.files[0];
      if (file) uploadCapture(file);
    });
    // A capture dropped beside the zone must not make the browser navigate away to the file.
    window.addEventListener('dragover', (event) => event.preventDefault());
    window.addEventListener('drop', (event) => event.preventDefault());
    $('capture-file').addEventListener('change', (event) => {
      const file = event.target.files[0];
      if (file) uploadCapture(file);
      event.target.value = '';
    });
  }

  // ---- asking -------------------------------------------------------------------------------------------------

  function newRunId() {
    if (crypto.randomUUID) return `run-${crypto.randomUUID()}`;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return `run-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  }

  function updateAskButton() {
    $('ask').disabled = state.asking || !$('capture-select').value;
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

  async function ask(event) {
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

  // ---- answers and history ------------------------------------------------------------------------------------

  function renderHistory() {
    const history = state.history || {};
    const submissions = history.submissions || [];
    const messages = history.messages || [];
    const bySubmission = new Map();
    messages.forEach((message) => {
      if (message && message.role !== 'user' && message.submissionId) bySubmission.set(message.submissionId, message);
    });
    const cards = submissions.slice().reverse().map((submission) => answerCard(submission,
      bySubmission.get(submission.id)));
    $('answers').replaceChildren(...cards);
    $('history-empty').hidden = submissions.length > 0;
    $('history-count').textContent = submissions.length ? `(${submissions.length})` : '';
  }

  function answerCard(submission, message) {
    const status = (message && message.summary && message.summary.tag) || (message && message.status)
      || submission.status || 'processing';
    const summary = (message && message.summary) || {};
    return el('li', { class: 'answer', 'data-status': status, 'data-submission': submission.id },
      el('div', { class: 'answer-head' },
        el('h4', { tabindex: '-1', text: submission.title || 'question' }),
        el('span', { class: `tag ${status}`, text: summary.title || status }),
        el('time', { class: 'muted small', datetime: submission.timestamp || null,
          text: formatTime(submission.timestamp) })),
      submission.capturePath ? el('p', { class: 'capture-line muted small', text: `on ${submission.capturePath}` })
        : null,
      el('div', { class: 'answer-body' },
        el('div', { class: 'answer-text' },
          summary.description ? el('p', { class: 'explanation', text: summary.description }) : null,
          pipelineRow(submission.pipelineState),
          stepsTimeline(message)),
        evidenceFigure(submission.evidence)));
  }

  function pipelineRow(pipelineState) {
    if (!pipelineState) return null;
    const highlight = pipelineState.highlightStage;
    return el('div', { class: 'pipeline-block' },
      el('ol', { class: 'pipeline', 'aria-label': `Pipeline stages${highlight ? `, ${highlight} highlighted` : ''}` },
        STAGES.map((stage) => el('li', { class: stage === highlight ? 'stage highlighted' : 'stage',
          'data-stage': stage, 'aria-current': stage === highlight ? 'true' : null, text: stage }))),
      pipelineState.warningMessage ? el('p', { class: 'pipeline-warning', text: pipelineState.warningMessage }) : null);
  }

  function stepsTimeline(message) {
    const steps = (message && message.steps) || [];
    if (!steps.length) return null;
    return el('ol', { class: 'timeline', 'aria-label': 'Steps' }, steps.map((step) =>
      el('li', { class: 'step', 'data-status': step.status || '' },
        el('div', { class: 'step-title' },
          el('span', { class: `dot ${step.status || ''}`, 'aria-hidden': 'true' }),
          el('strong', { text: step.title || step.id || 'step' }),
          step.status ? el('span', { class: 'muted small', text: step.status }) : null),
        step.tool ? logEntry({ type: 'call', content: callText(step.tool, step.arguments) }) : null,
        (step.logs || []).map(logEntry))));
  }

  /** A planned call as a person reads it: tool(name=value, …), without the capture the card already names. */
  function callText(tool, args) {
    const shown = Object.entries(args || {}).filter(([name]) => name !== 'capture' && name !== 'capture_path')
      .map(([name, value]) => `${name}=${JSON.stringify(value)}`);
    return `${tool}(${shown.join(', ')})`;
  }

  function logEntry(log) {
    const content = typeof log.content === 'string' ? log.content : JSON.stringify(log.content, null, 2);
    const long = content.length > 240 || content.includes('\n');
    return el('div', { class: `log ${log.type || ''}` },
      el('span', { class: 'log-type', text: log.type || 'log' }),
      long ? el('details', {}, el('summary', { text: content.split('\n')[0].slice(0, 160) }),
        el('pre', { text: content }))
        : el('span', { class: 'log-content', text: content }));
  }

  function evidenceFigure(evidence) {
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

  // ---- export and import --------------------------------------------------------------------------------------

  async function exportProject() {
    if (!state.project) return;
    const project = state.project;
    try {
      const response = await fetch(projectPath(project.id, '/export'), { headers: { [TOKEN_HEADER]: token } });
      if (!response.ok) {
        let body = null;
        try { body = await response.json(); } catch (notJson) { body = null; }
        throw new ApiError(response.status, body);
      }
      const blob = await response.blob();
      const link = el('a', { href: URL.createObjectURL(blob),
        download: `${(project.name || project.id).replace(/[^\w.-]+/g, '_')}.zip` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      showStatus(`Exported ${project.name || project.id} (${(blob.size / 1024).toFixed(0)} KB).`);
    } catch (error) {
      showError('Could not export the project', error);
    }
  }

  async function importProject(event) {
    const file = event.target.files[0];
    event.target.value = '';
    if (!file) return;
    try {
      const reply = await api('POST', '/projects/import', file, 'application/zip');
      await loadProjects();
      await selectProject(reply.projectId);
      showStatus(`Imported ${file.name}.`);
    } catch (error) {
      showError(`Could not import ${file.name}`, error);
    }
  }

  // ---- settings -----------------------------------------------------------------------------------------------

  const PLANNER_KEY = 'framescope.console.planner';

  async function loadModels() {
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

  function choosePlanner(id, remember = true) {
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
  async function saveDefaultPlanner(id) {
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

  async function openSettings() {
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

  async function saveKey() {
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

  // ---- start --------------------------------------------------------------------------------------------------

  function wire() {
    $('new-project').addEventListener('submit', createProject);
    $('source-path-form').addEventListener('submit', copyFromPath);
    $('ask-form').addEventListener('submit', ask);
    $('question').addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) ask(event);
    });
    $('capture-select').addEventListener('change', updateAskButton);
    $('planner').addEventListener('change', (event) => choosePlanner(event.target.value));
    $('settings-planner').addEventListener('change', (event) => saveDefaultPlanner(event.target.value));
    $('export').addEventListener('click', exportProject);
    $('import-file').addEventListener('change', importProject);
    $('open-settings').addEventListener('click', openSettings);
    $('status').addEventListener('click', () => { $('status').hidden = true; });
    $('save-key').addEventListener('click', saveKey);
    $('api-key').addEventListener('keydown', (event) => {
      if (event.key === 'Enter') { event.preventDefault(); saveKey(); } // not the dialog form's close
    });
    wireDropZone();
  }

  async function start() {
    wire();
    if (!token) {
      showStatus('This page needs the address FrameScope printed, with its ?token=… part.', 'error');
      return;
    }
    try {
      await Promise.all([loadProjects(), loadModels()]);
      const wanted = decodeURIComponent((location.hash.match(/^#project=(.+)$/) || [])[1] || '');
      if (wanted && state.projects.some((project) => project.id === wanted)) await selectProject(wanted);
      document.body.dataset.ready = 'true';
    } catch (error) {
      showError('Could not reach FrameScope', error);
    }
  }

  start();
})();
