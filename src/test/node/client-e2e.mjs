// End-to-end check of the FrameScope server with the official MCP TypeScript SDK client.
// Usage: node client-e2e.mjs <command> [args...]   (the command that starts the server, e.g. java -jar framescope.jar)
// Prints one JSON report on stdout and exits 0 only if every check held. Run by TypeScriptClientIT.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import path from 'node:path';
import fs from 'node:fs';

const [command, ...args] = process.argv.slice(2);
const checks = [];
const check = (name, ok, detail) => checks.push({ name, ok: Boolean(ok), detail });
const bodyOf = (result) => {
  const text = result.content?.[0]?.text ?? '';
  return JSON.parse(text.slice(text.indexOf('{')));
};

const transport = new StdioClientTransport({
  command, args, stderr: 'pipe',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
let stderr = '';
transport.stderr?.on('data', (chunk) => { stderr += chunk; });
const client = new Client({ name: 'framescope-ts-e2e', version: '1.0.0' }, { capabilities: { elicitation: {} } });
// The transport reports every stdout line that is not a JSON-RPC message here, then carries on.
const transportErrors = [];
client.onerror = (error) => transportErrors.push(String(error));

try {
  await client.connect(transport);
  const info = client.getServerVersion();
  check('initialize: server name', info?.name === 'framescope', info);
  check('initialize: instructions name the first call', (client.getInstructions() ?? '').includes('get_server_diagnostics'));

  const { tools } = await client.listTools();
  const diagnostics = tools.find((t) => t.name === 'get_server_diagnostics');
  check('tools/list has get_server_diagnostics', diagnostics, tools.map((t) => t.name));
  check('annotations: read-only', diagnostics?.annotations?.readOnlyHint === true, diagnostics?.annotations);
  check('input schema: tool_limit range', diagnostics?.inputSchema?.properties?.tool_limit?.maximum === 500);

  // outputSchema: every tool has one except those that may answer with an image; the SDK checks each call's
  // structuredContent against it with ajv and throws when it does not match.
  const imageTools = ['plot_energy', 'render_effect_frame', 'ask_plan', 'ask_confirmation',
    'ask_text', 'ask_choice', 'ask_screenshot', 'diff_captures', 'replace_shader', 'test_effect'];
  const withoutSchema = tools.filter((t) => !t.outputSchema).map((t) => t.name).sort();
  check('outputSchema on every tool but the image tools', withoutSchema.join() === [...imageTools].sort().join(),
      withoutSchema);
  const recordings = path.resolve('demo/recordings');
  const fixtureCalls = [
    ['open_recording', { recording: path.join(recordings, 'penetration.db') }], ['check_recording', {}],
    ['get_energy_series', {}], ['check_recording', { check: 'penetration', frame_id: 152 }], ['search_effects', {}],
    ['search_effects', { query: 'uv' }], ['analyze_effect', { effect: '*' }],
    ['analyze_effect', { effect: '*', analysis: 'structure' }], ['analyze_effect', { effect: '*', analysis: 'glsl_wgsl' }],
    ['get_server_diagnostics', { include_environment: false }],
    ['open_capture', { capture: path.resolve('demo/captures/gl_defects.rdc'), overview: true }],
  ];
  for (const [name, args] of fixtureCalls) {
    try {
      const r = await client.callTool({ name, arguments: args });
      check(`outputSchema: ${name} validated by the SDK`, r.isError !== true && r.structuredContent?.schema_version,
          r.content?.[0]?.text?.slice(0, 200));
    } catch (e) {
      check(`outputSchema: ${name} validated by the SDK`, false, String(e));
    }
  }

  // A RenderDoc answer with a picture: no outputSchema listed, so the SDK takes the image content as it is.
  const diff = await client.callTool({ name: 'diff_captures', arguments: {
    capture: path.resolve('demo/captures/gl_defects.rdc'), other_capture: path.resolve('demo/captures/gl_defects_fixed.rdc') } });
  check('diff_captures: the diff picture as PNG image content', diff.isError !== true
      && diff.content?.[1]?.type === 'image' && diff.content[1].mimeType === 'image/png', diff.content?.[0]?.text?.slice(0, 200));

  // logging/setLevel: log records arrive as notifications/message at the level asked.
  const logs = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.push(n.params));
  await client.setLoggingLevel('debug');
  await client.callTool({ name: 'load_recording', arguments: { path: path.join(recordings, 'no_such.db') } });
  await new Promise((resolve) => setTimeout(resolve, 300));
  check('logging: notifications/message after setLevel debug', logs.length > 0, logs.slice(0, 3));

  // Prompts and their completions.
  const { prompts } = await client.listPrompts();
  check('prompts/list: the four recipes', ['check-effect', 'explain-nan', 'triage-capture', 'triage-recording']
      .every((n) => prompts.some((p) => p.name === n)), prompts.map((p) => p.name));
  const triage = await client.getPrompt({ name: 'triage-recording', arguments: { recording: 'demo/recordings/penetration.db' } });
  const triageText = triage.messages?.[0]?.content?.text ?? '';
  check('prompts/get triage-recording: a user message naming the calls', triage.messages?.[0]?.role === 'user'
      && triageText.includes('check_recording {"recording": "demo/recordings/penetration.db"}'),
      triageText.slice(0, 200));
  const nan = await client.getPrompt({ name: 'explain-nan', arguments: { capture: 'a.rdc', x: '12', y: '34' } });
  check('prompts/get explain-nan with x, y: the single-pixel recipe',
      /"x": 12, "y": 34/.test(nan.messages?.[0]?.content?.text ?? ''), nan.messages?.[0]?.content?.text);
  let missing;
  try {
    await client.getPrompt({ name: 'triage-capture', arguments: {} });
  } catch (e) {
    missing = e;
  }
  check('prompts/get without a required argument: -32602 naming it', missing?.code === -32602
      && /capture/.test(missing?.message), String(missing));
  const recordingValues = await client.complete({ ref: { type: 'ref/prompt', name: 'triage-recording' },
    argument: { name: 'recording', value: 'penetr' } });
  check('completion/complete recording: fixture paths', recordingValues.completion.values
      .includes('demo/recordings/penetration.db'), recordingValues.completion);
  const effectValues = await client.complete({ ref: { type: 'ref/prompt', name: 'check-effect' },
    argument: { name: 'effect', value: 'synth/' } });
  check('completion/complete effect: ids from the effects root', effectValues.completion.values
      .includes('synth/plasma') && effectValues.completion.values.every((v) => v.includes('synth/')),
      effectValues.completion);

  // Resources: the tool reference, images tools answered with, files FrameScope wrote; nothing else.
  const listed = (await client.listResources()).resources.map((r) => r.uri);
  check('resources/list: docs/tools.md', listed.includes('framescope://docs/tools.md'), listed);
  const toolsMd = await client.readResource({ uri: 'framescope://docs/tools.md' });
  check('resources/read docs/tools.md: markdown', toolsMd.contents?.[0]?.mimeType === 'text/markdown'
      && toolsMd.contents[0].text.startsWith('# FrameScope tools'), toolsMd.contents?.[0]?.text?.slice(0, 80));
  await client.callTool({ name: 'plot_energy', arguments: { recording: path.join(recordings, 'energy_injection.db') } });
  const effects = path.resolve('target/ts-e2e-effects');
  fs.rmSync(effects, { recursive: true, force: true });
  fs.cpSync(path.resolve('demo/shaders/effects/synth/plasma'), path.join(effects, 'synth/plasma'), { recursive: true });
  await client.callTool({ name: 'generate_shader_manifest', arguments: { effects_root: effects } });
  const after = (await client.listResources()).resources.map((r) => r.uri);
  const plotUri = after.find((u) => u.startsWith('framescope://images/') && u.endsWith('-plot_energy.png'));
  const plot = plotUri && await client.readResource({ uri: plotUri });
  check('resources: the energy plot as a PNG', plot?.contents?.[0]?.mimeType === 'image/png'
      && Buffer.from(plot.contents[0].blob, 'base64').subarray(1, 4).toString() === 'PNG', after);
  const manifestUri = after.find((u) => u.endsWith('/ts-e2e-effects/manifest.json'));
  const manifest = manifestUri && await client.readResource({ uri: manifestUri });
  check('resources: the manifest generate_shader_manifest wrote', manifest?.contents?.[0]?.text?.includes('synth/plasma'),
      after);
  let outside;
  try {
    await client.readResource({ uri: 'file:///etc/passwd' });
  } catch (e) {
    outside = e;
  }
  check('resources/read outside what is listed: resource not found', outside?.code === -32002, String(outside));

  const ok = await client.callTool({ name: 'get_server_diagnostics', arguments: {} });
  const body = bodyOf(ok);
  check('diagnostics: not an error', ok.isError !== true, ok.content?.[0]?.text?.slice(0, 300));
  check('diagnostics: schema_version 1', body.schema_version === 1 && ok.structuredContent?.schema_version === 1);
  check('diagnostics: three components', (body.components ?? []).map((c) => c.name).join() === 'browser,renderdoc_bridge,dialog_page');
  check('diagnostics: environment checks', (body.environment ?? []).length === 8, body.environment);

  const bad = await client.callTool({ name: 'get_server_diagnostics', arguments: { tool_limit: 0 } });
  const error = bodyOf(bad);
  check('bad argument: isError', bad.isError === true);
  check('bad argument: structured error', error.code === 'INVALID_ARGUMENT' && error.context?.parameter === 'tool_limit'
      && error.context?.given === 0 && /1 to 500/.test(error.message), error);

  let unknownTool;
  try {
    await client.callTool({ name: 'no_such_tool', arguments: {} });
  } catch (e) {
    unknownTool = e;
  }
  check('unknown tool: JSON-RPC error', unknownTool?.code === -32602, String(unknownTool));

  const again = await client.callTool({ name: 'get_server_diagnostics', arguments: { include_environment: false } });
  const counters = bodyOf(again).tools?.preview?.find((t) => t.tool === 'get_server_diagnostics');
  check('server still serving, counted the failure', again.isError !== true && counters?.errors === 1, counters);
} catch (e) {
  check('session completed', false, String(e?.stack ?? e));
}

// The SDK's close() ends stdin, waits up to 2 s for the process to exit, and only then sends SIGTERM:
// returning in under 2 s means the server exited on end of input by itself.
const pid = transport.pid;
const closeStart = Date.now();
await client.close();
const closeMs = Date.now() - closeStart;
let alive = true;
try { process.kill(pid, 0); } catch { alive = false; }
check('exits on stdin EOF within 2 s', closeMs < 2000 && !alive, { closeMs, alive });
check('logs went to stderr', stderr.includes('serving'), stderr.slice(0, 200));
check('stdout held only JSON-RPC', transportErrors.length === 0, transportErrors);

// A group filter and --read-only, as a client config would pass them.
try {
  const filtered = new Client({ name: 'framescope-ts-e2e-groups', version: '1.0.0' });
  await filtered.connect(new StdioClientTransport({ command, args: [...args, '--groups', 'physics,renderdoc',
    '--read-only'], stderr: 'pipe' }));
  const names = (await filtered.listTools()).tools.map((t) => t.name);
  check('--groups physics,renderdoc --read-only: only those groups, nothing that writes',
      names.includes('check_recording') && names.includes('get_frame_digest') && names.includes('get_server_diagnostics')
      && !names.includes('search_effects') && !names.includes('ask_confirmation') && !names.includes('save_texture')
      // open_capture's remote moves a capture's replay, replace_shader changes it: neither is read-only
      && !names.includes('open_capture') && !names.includes('replace_shader'), names);
  await filtered.close();
} catch (e) {
  check('--groups session', false, String(e?.stack ?? e));
}

const failed = checks.filter((c) => !c.ok);
console.log(JSON.stringify({ passed: checks.length - failed.length, failed: failed.length, checks }, null, 1));
process.exit(failed.length === 0 ? 0 : 1);
