// End-to-end check of the FrameScope server with the MCP TypeScript client v2 (@modelcontextprotocol/client), which
// speaks both protocol eras: 2025-11-25 (`initialize`, server-to-client requests) and the stateless 2026-07-28
// (`server/discover`, `_meta` on every request, elicitation as multi round-trip `input_required` results).
// Usage: node client-modern.mjs <mode> <command> [args...]
//   mode: legacy (initialize only), auto (probe server/discover, fall back to initialize) or a pinned revision
//   such as 2026-07-28 (modern era at exactly that revision, no fallback).
// Prints one JSON report {era, protocolVersion, serverEra, checks: [{name, ok, detail}]} on stdout and exits 0 only
// if every check held. Run by ModernClientsIT from the clone's root (fixture paths are relative to it).
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import path from 'node:path';

const [mode, command, ...args] = process.argv.slice(2);
if (!mode || !command) {
  console.error('usage: node client-modern.mjs <auto|legacy|YYYY-MM-DD> <command> [args...]');
  process.exit(2);
}
const checks = [];
const check = (name, ok, detail) => checks.push({ name, ok: Boolean(ok), detail });
const bodyOf = (result) => {
  const text = result.content?.[0]?.text ?? '';
  return JSON.parse(text.slice(text.indexOf('{')));
};
// The client's negotiation modes: 'legacy', 'auto', or { pin: '<revision>' } (a pin must be 2026-07-28 or later).
const versionNegotiation = mode === 'legacy' || mode === 'auto' ? { mode } : { mode: { pin: mode } };

const transport = new StdioClientTransport({
  command, args, stderr: 'pipe',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FRAMESCOPE_DIALOG_CHANNEL: 'auto' },
});
let stderr = '';
transport.stderr?.on('data', (chunk) => { stderr += chunk; });
const client = new Client({ name: 'framescope-modern-e2e', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation });
const transportErrors = [];
client.onerror = (error) => transportErrors.push(String(error));
// One handler for both eras: on 2025-11-25 the server sends elicitation/create as a request; on 2026-07-28 it answers
// tools/call with input_required and the client calls this same handler, then retries the call with inputResponses
// and the echoed requestState by itself.
const elicited = [];
client.setRequestHandler('elicitation/create', async (request) => {
  elicited.push(request.params);
  const fields = Object.keys(request.params?.requestedSchema?.properties ?? {});
  return fields.includes('confirmed') ? { action: 'accept', content: { confirmed: true } } : { action: 'decline' };
});

let era;
let protocolVersion;
try {
  await client.connect(transport);
  era = client.getProtocolEra();
  protocolVersion = client.getNegotiatedProtocolVersion();
  const modern = era === 'modern';
  check('connected: era and protocol version', era && protocolVersion, { era, protocolVersion,
    discover: client.getDiscoverResult() && { ...client.getDiscoverResult(), instructions: undefined } });
  if (modern) {
    check('server/discover: instructions name the first call',
        (client.getDiscoverResult()?.instructions ?? '').includes('get_server_diagnostics'));
  } else {
    check('initialize: server name', client.getServerVersion()?.name === 'framescope', client.getServerVersion());
  }

  const list = await client.listTools();
  const { tools } = list;
  const diagnostics = tools.find((t) => t.name === 'get_server_diagnostics');
  check('tools/list has get_server_diagnostics', diagnostics, tools.map((t) => t.name));
  check('inputSchema: an object schema on every tool', tools.every((t) => t.inputSchema?.type === 'object')
      && diagnostics?.inputSchema?.properties?.tool_limit?.maximum === 500,
      tools.filter((t) => t.inputSchema?.type !== 'object').map((t) => t.name));
  // Every tool has an outputSchema but those that may answer with an image (client-e2e.mjs names them).
  const imageTools = ['plot_energy', 'render_effect_frame', 'ask_plan', 'ask_confirmation',
    'ask_text', 'ask_choice', 'ask_screenshot', 'diff_captures', 'replace_shader', 'test_effect'];
  const withoutSchema = tools.filter((t) => !t.outputSchema).map((t) => t.name).sort();
  check('outputSchema on every tool but the image tools', withoutSchema.join() === [...imageTools].sort().join(),
      withoutSchema);
  if (modern) {
    // 2026-07-28 makes ttlMs and cacheScope part of every list result; the client keeps them on what it returns.
    check('tools/list: ttlMs and cacheScope', Number.isInteger(list.ttlMs) && ['public', 'private']
        .includes(list.cacheScope), { ttlMs: list.ttlMs, cacheScope: list.cacheScope });
  }

  const ok = await client.callTool({ name: 'get_server_diagnostics', arguments: { include_environment: false } });
  check('get_server_diagnostics: structuredContent with schema_version', ok.isError !== true
      && ok.structuredContent?.schema_version === 1, ok.content?.[0]?.text?.slice(0, 200));

  // A fixture call that reports its progress: check_recording runs nine checks and notifies after each.
  const recordings = path.resolve('demo/recordings');
  const opened = await client.callTool({ name: 'open_recording',
    arguments: { recording: path.join(recordings, 'penetration.db') } });
  check('open_recording: the fixture', opened.isError !== true && opened.structuredContent?.total_frames === 300,
      opened.content?.[0]?.text?.slice(0, 200));
  const progress = [];
  const checked = await client.callTool({ name: 'check_recording', arguments: {} },
      { onprogress: (p) => progress.push(p) });
  check('check_recording: findings as structuredContent', checked.isError !== true
      && checked.structuredContent?.schema_version, checked.content?.[0]?.text?.slice(0, 200));
  check('check_recording: progress notifications up to the total', progress.length >= 2
      && progress.at(-1).progress === progress.at(-1).total, progress.slice(-2));

  const bad = await client.callTool({ name: 'get_server_diagnostics', arguments: { tool_limit: 0 } });
  const error = bad.isError ? bodyOf(bad) : {};
  check('bad argument: isError with code, message and context', bad.isError === true
      && error.code === 'INVALID_ARGUMENT' && error.context?.parameter === 'tool_limit'
      && /1 to 500/.test(error.message), error);

  // Cancellation: the abort signal makes the client send notifications/cancelled; the server drops the call and
  // must still answer the next one. Six effects × 1000 frames at 2048² takes minutes unless stopped.
  const abort = new AbortController();
  const started = Date.now();
  setTimeout(() => abort.abort('enough'), 1500);
  let cancelled;
  try {
    await client.callTool({ name: 'benchmark_effect_fps', arguments: { effect: 'synth/*', frames: 1000,
      width: 2048, height: 2048 } }, { signal: abort.signal });
  } catch (e) {
    cancelled = e;
  }
  check('cancelled call: rejected when aborted', cancelled && abort.signal.aborted, {
    error: String(cancelled), ms: Date.now() - started });
  const after = await client.callTool({ name: 'get_server_diagnostics', arguments: { include_environment: false } },
      { timeout: 20_000 });
  const benchmark = after.structuredContent?.tools?.preview?.find((t) => t.tool === 'benchmark_effect_fps');
  check('after a cancelled call: the next call is answered', after.isError !== true, {
    ms: Date.now() - started, benchmark });

  const { prompts } = await client.listPrompts();
  check('prompts/list: the four recipes', ['check-effect', 'explain-nan', 'triage-capture', 'triage-recording']
      .every((n) => prompts.some((p) => p.name === n)), prompts.map((p) => p.name));
  const { resources } = await client.listResources();
  check('resources/list: docs/tools.md', resources.some((r) => r.uri === 'framescope://docs/tools.md'),
      resources.map((r) => r.uri));

  // The dialog round: legacy answers elicitation/create; modern goes through input_required and a retry.
  const asked = await client.callTool({ name: 'ask_confirmation', arguments: { question: 'Proceed?' } },
      { timeout: 60_000 });
  const answer = asked.isError ? {} : bodyOf(asked);
  check('ask_confirmation: the form reached the handler', elicited.length === 1
      && elicited[0].requestedSchema?.properties?.confirmed?.type === 'boolean', elicited);
  // The channel is recorded, not checked: how the modern server names its MRTR channel is its own choice.
  check('ask_confirmation: answered, confirmed', answer.state === 'answered' && answer.confirmed === true, answer);
} catch (e) {
  check('session completed', false, String(e?.stack ?? e));
}

await client.close();
check('stdout held only JSON-RPC', transportErrors.length === 0, transportErrors);
if (era) {
  // Only the session's server: the probe that decides the era may run on a sibling process whose stderr is dropped.
  check('logs went to stderr', stderr.length > 0, stderr.slice(0, 200));
}
// The server logs which era its first message chose (absent from servers that speak only 2025-11-25).
const serverEra = /MCP era chosen: (\S+)/.exec(stderr)?.[1] ?? null;
const failed = checks.filter((c) => !c.ok);
console.log(JSON.stringify({ mode, era, protocolVersion, serverEra, passed: checks.length - failed.length,
  failed: failed.length, checks }, null, 1));
process.exit(failed.length === 0 ? 0 : 1);
