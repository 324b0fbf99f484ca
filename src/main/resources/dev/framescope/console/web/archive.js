// Moving a project between machines: export as a .zip download, import one back as a new project.
import { el } from './dom.js';
import { token, TOKEN_HEADER, ApiError, api, projectPath } from './api.js';
import { state } from './state.js';
import { showStatus, showError } from './status.js';
import { loadProjects, selectProject } from './projects.js';

export async function exportProject() {
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

export async function importProject(event) {
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
