// Bringing a capture into the open project: dropped or chosen and uploaded with progress, or copied in by its
// local path.
import { $ } from './dom.js';
import { token, TOKEN_HEADER, ApiError, api, projectPath } from './api.js';
import { state } from './state.js';
import { showStatus, showError } from './status.js';
import { refreshProject } from './projects.js';

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

export async function copyFromPath(event) {
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

export function wireDropZone() {
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
