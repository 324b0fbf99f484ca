// Talking to the console's server: the per-launch token from the page's own URL, JSON calls that carry it in a
// header, and URLs that carry it as a query parameter for what cannot send headers (images, the step stream).

export const token = new URLSearchParams(location.search).get('token') || '';
export const TOKEN_HEADER = 'X-FrameScope-Token';

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
  }
}

export async function api(method, path, body, contentType) {
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
export function withToken(path, params) {
  const query = new URLSearchParams(params);
  query.set('token', token);
  return `${path}?${query}`;
}

export const projectPath = (id, rest = '') => `/projects/${encodeURIComponent(id)}${rest}`;
