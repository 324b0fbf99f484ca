// The open project's answers, newest first: one card per question with its explanation, pipeline row, steps and
// the calls they made.
import { $, el } from './dom.js';
import { state } from './state.js';
import { formatTime } from './status.js';
import { evidenceFigure } from './evidence.js';

const STAGES = ['IA', 'VS', 'RS', 'PS', 'OM'];

export function renderHistory() {
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
