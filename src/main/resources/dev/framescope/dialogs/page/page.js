// The FrameScope dialog page. Everything the agent sends is shown as text (textContent), except the planner's
// markdown, which the server renders with raw HTML escaped; the Content-Security-Policy forbids inline script too.
import { $, el } from './dom.js';

const token = new URLSearchParams(location.search).get('token') || '';
const dialogs = new Map(); // id -> {id, tool, params, created_at, deadline_at}, in arrival order
let current = null;
let socket = null;
let retryMs = 500;
let lastHeard = Date.now();
let heartbeatMs = 10000;
let maxUploadBytes = 8 * 1024 * 1024;
const MAX_ATTACHMENTS = 5;
let attached = []; // images for the question on screen: {name, mime_type, data_base64, size}
const history = []; // finished questions, newest first

function setConnection(state) {
  const badge = $('connection');
  badge.dataset.state = state;
  badge.textContent = { open: 'connected', closed: 'reconnecting…', connecting: 'connecting…' }[state];
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
    return true;
  }
  showError('Not connected to FrameScope; your answer was not sent. Reconnecting…');
  return false;
}

function connect() {
  setConnection('connecting');
  const ws = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
  socket = ws;
  ws.onopen = () => {
    retryMs = 500;
    lastHeard = Date.now();
    setConnection('open');
    document.body.dataset.connections = String(Number(document.body.dataset.connections || 0) + 1);
  };
  ws.onmessage = (event) => { lastHeard = Date.now(); handle(JSON.parse(event.data)); };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    setConnection('closed');
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 5000);
  };
}

// A server that stops talking (laptop slept, server gone) is noticed and the page reconnects.
setInterval(() => {
  if (socket && socket.readyState === WebSocket.OPEN && Date.now() - lastHeard > heartbeatMs * 3) socket.close();
}, 2000);

function handle(message) {
  switch (message.type) {
    case 'hello':
      heartbeatMs = message.heartbeat_ms || heartbeatMs;
      maxUploadBytes = message.max_upload_bytes || maxUploadBytes;
      for (const id of [...dialogs.keys()]) if (!message.open.includes(id)) dialogs.delete(id);
      history.length = 0;
      history.push(...(message.history || []));
      renderHistory();
      if (current && !dialogs.has(current)) current = null;
      refresh();
      enableActions(true); // an answer lost with the old connection can be sent again
      break;
    case 'dialog':
      if (!dialogs.has(message.id)) dialogs.set(message.id, message);
      refresh();
      break;
    case 'ended':
      dialogs.delete(message.id);
      if (current === message.id) current = null;
      refresh();
      break;
    case 'history':
      history.unshift(message.entry);
      renderHistory();
      break;
    case 'error':
      if (!message.id || message.id === current) showError(message.message);
      enableActions(true);
      break;
    case 'ping':
      send({ type: 'pong' });
      break;
  }
}

function refresh() {
  $('count').textContent = String(dialogs.size);
  document.title = (dialogs.size ? `(${dialogs.size}) ` : '') + 'FrameScope — questions';
  const queue = $('queue');
  queue.replaceChildren(...[...dialogs.values()].map((d) => {
    const item = el('li', { 'data-id': d.id, 'aria-current': d.id === current ? 'true' : 'false' },
      el('span', { class: 'tool', text: d.tool.replaceAll('_', ' ') }), el('span', { text: headline(d) }));
    item.addEventListener('click', () => { current = d.id; show(d); refresh(); });
    return item;
  }));
  if (!current && dialogs.size) {
    current = dialogs.keys().next().value;
    show(dialogs.get(current));
    refresh();
  } else if (!current) {
    $('dialog').replaceChildren(el('p', { class: 'empty',
      text: 'No open questions. Keep this tab open: new questions appear here.' }));
  }
}

function answerText(entry) {
  const a = entry.answer;
  if (!a) return entry.state.replaceAll('_', ' ');
  const main = a.choice ?? a.value ?? (a.values ? a.values.join(', ') : undefined)
    ?? (a.confirmed === undefined ? '' : (a.confirmed ? 'yes' : 'no'));
  const more = [a.thinking_mode && a.thinking_mode !== 'normal' ? `thinking ${a.thinking_mode}` : null,
    a.attachments ? `${a.attachments.length} image(s)` : null, a.additional_context ? 'note' : null].filter(Boolean);
  return String(main) + (more.length ? ` (${more.join(', ')})` : '');
}

function renderHistory() {
  $('history-count').textContent = String(history.length);
  $('history').replaceChildren(...history.map((h) => el('li', { 'data-id': h.id, 'data-state': h.state,
    title: `${h.channel}; asked ${new Date(h.asked_at).toLocaleTimeString()}, waited ${Math.round(h.waited_ms / 1000)} s` },
  el('span', { class: 'tool', text: `${h.tool.replaceAll('_', ' ')} · ${h.state.replaceAll('_', ' ')}` }),
  el('span', { class: 'question', text: headline({ params: h.params || {} }) }),
  el('span', { class: 'answer', text: answerText(h) }))));
}

function headline(d) {
  const text = d.params.question || d.params.decision_context || '';
  return text.length > 80 ? text.slice(0, 77) + '…' : text;
}

function showError(text) {
  const box = $('error');
  if (box) box.textContent = text;
}

function enableActions(enabled) {
  document.querySelectorAll('#dialog .actions button').forEach((b) => { b.disabled = !enabled || b.dataset.blocked === 'true'; });
}

function markdown(title, html) {
  if (!html) return null;
  const box = el('div', { class: 'markdown' });
  box.innerHTML = html; // rendered by the server from markdown with raw HTML escaped (SafeMarkdown)
  return [el('div', { class: 'section-title', text: title }), box];
}

function optionList(d, type, name, checked) {
  return el('div', { class: 'options', role: type === 'radio' ? 'radiogroup' : 'group' },
    d.params.options.map((o) => el('label', { class: 'option' },
      el('input', { type, name, value: o.value, checked: checked(o.value) }),
      el('span', {}, el('strong', { text: o.label }), o.description ? el('span', { class: 'description', text: o.description }) : null))));
}

// Images the person pastes, drops or chooses; every question takes them (screenshot_request needs one).
function imageArea(prompt, onChange) {
  const file = el('input', { id: 'file', type: 'file', accept: 'image/png,image/jpeg', multiple: true, hidden: true });
  const previews = el('div', { id: 'previews', class: 'previews' });
  const drop = el('div', { class: 'drop', tabindex: 0 }, el('div', { text: prompt }), previews);
  const redraw = () => {
    previews.replaceChildren(...attached.map((a, i) => {
      const remove = el('button', { type: 'button', class: 'remove', title: 'Remove', text: '×' });
      remove.addEventListener('click', (e) => { e.stopPropagation(); attached.splice(i, 1); redraw(); });
      return el('figure', {}, el('img', { src: `data:${a.mime_type};base64,${a.data_base64}`, alt: a.name }), remove);
    }));
    if (onChange) onChange();
  };
  const take = (blob, name) => {
    if (!blob || !['image/png', 'image/jpeg'].includes(blob.type)) return showError('Only PNG and JPEG images.');
    if (attached.length >= MAX_ATTACHMENTS) return showError(`At most ${MAX_ATTACHMENTS} images.`);
    const total = attached.reduce((sum, a) => sum + a.size, 0) + blob.size;
    if (total > maxUploadBytes) return showError(`The images come to ${total} bytes; the limit is ${maxUploadBytes}.`);
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result);
      attached.push({ name: name || 'image', mime_type: blob.type, data_base64: dataUrl.slice(dataUrl.indexOf(',') + 1), size: blob.size });
      showError('');
      redraw();
    };
    reader.readAsDataURL(blob);
  };
  drop.addEventListener('click', () => file.click());
  file.addEventListener('change', () => { [...file.files].forEach((f) => take(f, f.name)); file.value = ''; });
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    [...e.dataTransfer.files].forEach((f) => take(f, f.name));
  });
  pasteTarget = (blob) => take(blob, 'pasted image');
  return [drop, file];
}

function additionalContext(withImages = true) {
  return [el('div', { class: 'section-title', text: 'Anything to add (optional)' }),
    el('textarea', { id: 'additional-context', rows: 2, maxlength: 10000 }),
    withImages ? imageArea('Attach images (optional): paste (Ctrl+V), drop PNG or JPEG files here, or click to choose.') : null];
}

function actions(...buttons) {
  return el('div', { class: 'actions' }, el('button', { id: 'cancel', type: 'button', text: 'Cancel' }), ...buttons);
}

function answer(d, fields) {
  const extra = $('additional-context');
  const body = Object.assign({}, fields);
  if (extra && extra.value.trim()) body.additional_context = extra.value;
  if (attached.length) body.attachments = attached.map(({ name, mime_type, data_base64 }) => ({ name, mime_type, data_base64 }));
  showError('');
  if (send({ type: 'answer', id: d.id, answer: body })) enableActions(false);
}

const builders = {
  planner(d) {
    const p = d.params;
    const submit = el('button', { id: 'submit', type: 'button', class: 'primary', text: 'Go with this option' });
    const modes = [['normal', 'Normal', 'go on as usual'], ['deep', 'Deep', 'think it through harder before acting']];
    const thinking = el('div', { class: 'thinking', role: 'radiogroup', 'aria-label': 'Thinking mode' },
      el('span', { class: 'thinking-title', text: 'Thinking mode' }),
      modes.map(([value, label, hint]) => el('label', { title: hint },
        el('input', { type: 'radio', name: 'thinking_mode', value, checked: value === 'normal' }),
        el('span', {}, el('strong', { text: label }), ` — ${hint}`))));
    const body = [el('h2', { text: 'Decision needed' }), el('p', { text: p.decision_context }),
      markdown('What I found', p.visual_output_html), markdown('Plan', p.plan_html),
      el('div', { class: 'section-title', text: 'Options' }),
      optionList(d, 'radio', 'choice', (v) => v === p.default_action), thinking, additionalContext(), actions(submit)];
    submit.addEventListener('click', () => {
      const chosen = document.querySelector('#dialog .options input[name="choice"]:checked');
      if (!chosen) return showError('Pick an option first.');
      const mode = document.querySelector('#dialog input[name="thinking_mode"]:checked');
      answer(d, { choice: chosen.value, thinking_mode: mode ? mode.value : 'normal' });
    });
    return body;
  },
  single_choice(d) {
    const submit = el('button', { id: 'submit', type: 'button', class: 'primary', text: 'Send' });
    submit.addEventListener('click', () => {
      const chosen = document.querySelector('#dialog input[name="choice"]:checked');
      if (!chosen) return showError('Pick an option first.');
      answer(d, { choice: chosen.value });
    });
    return [el('h2', { text: d.params.question }),
      optionList(d, 'radio', 'choice', (v) => v === d.params.default_value), additionalContext(), actions(submit)];
  },
  multi_choice(d) {
    const { min_selections: min, max_selections: max } = d.params;
    const submit = el('button', { id: 'submit', type: 'button', class: 'primary', text: 'Send' });
    const hint = el('p', { class: 'deadline', text: `Pick ${min === max ? min : `${min} to ${max}`}.` });
    submit.addEventListener('click', () => {
      const values = [...document.querySelectorAll('#dialog input[name="values"]:checked')].map((i) => i.value);
      if (values.length < min || values.length > max) return showError(hint.textContent);
      answer(d, { values });
    });
    return [el('h2', { text: d.params.question }), hint, optionList(d, 'checkbox', 'values', () => false),
      additionalContext(), actions(submit)];
  },
  text_input(d) {
    const p = d.params;
    const field = el('textarea', { id: 'text-answer', class: p.expects_code ? 'code' : null, rows: p.expects_code ? 10 : 3,
      placeholder: p.placeholder, maxlength: p.max_length, spellcheck: p.expects_code ? 'false' : null });
    field.value = p.default_text || '';
    const counter = el('div', { class: 'counter' });
    const count = () => { counter.textContent = `${field.value.length} / ${p.max_length}`; };
    field.addEventListener('input', count);
    count();
    const submit = el('button', { id: 'submit', type: 'button', class: 'primary', text: 'Send' });
    submit.addEventListener('click', () => answer(d, { value: field.value }));
    return [el('h2', { text: p.question }), field, counter, additionalContext(), actions(submit)];
  },
  confirm(d) {
    const p = d.params;
    const yes = el('button', { id: 'yes', type: 'button', class: p.is_dangerous ? 'danger' : 'primary', text: p.yes_label });
    const no = el('button', { id: 'no', type: 'button', text: p.no_label });
    yes.addEventListener('click', () => answer(d, { confirmed: true }));
    no.addEventListener('click', () => answer(d, { confirmed: false }));
    return [el('h2', { text: p.question }),
      p.warning || p.is_dangerous ? el('p', { class: 'warning' + (p.is_dangerous ? ' dangerous' : ''),
        text: (p.is_dangerous ? 'Dangerous step. ' : '') + (p.warning || '') }) : null,
      additionalContext(), actions(no, yes)];
  },
  screenshot_request(d) {
    const p = d.params;
    const submit = el('button', { id: 'submit', type: 'button', class: 'primary', text: 'Send screenshot' });
    const block = () => { submit.dataset.blocked = String(!attached.length); submit.disabled = !attached.length; };
    const area = imageArea('Paste a screenshot (Ctrl+V), drop a PNG or JPEG here, or click to choose a file.', block);
    block();
    submit.addEventListener('click', () => attached.length && answer(d, {}));
    return [el('h2', { text: p.question }), p.description ? el('p', { text: p.description }) : null, area,
      additionalContext(false), actions(submit)];
  },
};

let pasteTarget = null;
document.addEventListener('paste', (event) => {
  const item = [...(event.clipboardData ? event.clipboardData.items : [])].find((i) => i.type.startsWith('image/'));
  if (item && pasteTarget) { event.preventDefault(); pasteTarget(item.getAsFile()); }
});

function show(d) {
  pasteTarget = null;
  attached = [];
  const build = builders[d.tool];
  const deadline = new Date(d.deadline_at);
  const section = $('dialog');
  section.replaceChildren(...[build ? build(d) : el('p', { text: `Unknown question type ${d.tool}.` }),
    el('p', { id: 'error', class: 'error', role: 'alert' }),
    el('p', { class: 'deadline', text: `Asked ${new Date(d.created_at).toLocaleTimeString()}; the agent waits until ${deadline.toLocaleTimeString()}.` })]
    .flat(Infinity).filter(Boolean));
  section.dataset.id = d.id;
  section.dataset.tool = d.tool;
  const cancel = $('cancel');
  if (cancel) cancel.addEventListener('click', () => send({ type: 'cancel', id: d.id }));
  send({ type: 'shown', id: d.id });
}

connect();
