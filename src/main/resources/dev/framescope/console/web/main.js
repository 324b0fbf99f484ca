// The FrameScope capture console's entry: wires the page's controls to the modules that own them, then loads the
// projects and planners. Every text the server sends (answers quote shader source and the person's own questions)
// is inserted with textContent, never as HTML; the Content-Security-Policy forbids inline script and style.
import { $ } from './dom.js';
import { token } from './api.js';
import { state } from './state.js';
import { showStatus, showError } from './status.js';
import { loadProjects, createProject, selectProject, updateAskButton } from './projects.js';
import { copyFromPath, wireDropZone } from './upload.js';
import { ask } from './ask.js';
import { exportProject, importProject } from './archive.js';
import { loadModels, choosePlanner, saveDefaultPlanner, openSettings, saveKey } from './settings.js';

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
