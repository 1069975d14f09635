/**
 * clients/mcp end to end: an MCP SDK client -> the stdio bridge (a spawned child process, as a
 * desktop agent runs it) -> the real server's /api/mcp. The key is sent on every upstream request
 * and unlocks tier-gated tools; it never appears in logs or results; a key without a URL refuses
 * to start.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { mcpHostConfig } from '../../api/web/machine.ts';
import { bridgeFetch, configFromEnv, redactor } from '../../clients/mcp/src/bridge.ts';
import { startClientServer, type ClientServer } from './server.ts';

const BIN = path.resolve(import.meta.dirname, '../../clients/mcp/bin/almanac-mcp.js');
let s: ClientServer;

interface Bridged {
  client: Client;
  stderr: () => string;
  close: () => Promise<void>;
}

async function bridge(env: Record<string, string>): Promise<Bridged> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'almanac-bridge-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/**
 * Runs the bridge to its exit, with `input` on its stdin, then stdin's end (asynchronously: the
 * server under test shares this process's event loop).
 */
function runBin(env: Record<string, string>, input = ''): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

const text = (result: unknown): string => ((result as { content: { type: string; text: string }[] }).content ?? []).map((c) => c.text).join('\n');

const test = suite('mcp stdio bridge');
test.before(async () => {
  s = await startClientServer();
});
test.after(() => s.close());

test('a key without ALMANAC_URL refuses to start with a clear message (never standalone), and does not print the key', async () => {
  const key = s.keys.investor;
  const run = await runBin({ ALMANAC_API_KEY: key });
  assert.is(run.status, 2);
  assert.is(run.stdout, '', 'nothing on the protocol channel');
  assert.match(run.stderr, 'ALMANAC_API_KEY is set but ALMANAC_URL is not');
  assert.match(run.stderr, 'no standalone mode');
  assert.not.ok(run.stderr.includes(key));
  const none = await runBin({});
  assert.is(none.status, 2);
  assert.match(none.stderr, 'ALMANAC_URL is not set');
});

test('an invalid key refuses to start (401 named), without printing the key', async () => {
  const bad = 'alm_live_0000000000000000000000000000000000000000';
  const run = await runBin({ ALMANAC_URL: s.url, ALMANAC_API_KEY: bad });
  assert.is(run.status, 1, run.stderr);
  assert.match(run.stderr, 'refused the API key', run.stderr);
  assert.not.ok(run.stderr.includes(bad));
});

test('the host closing stdin after a session ends the bridge cleanly (exit 0, nothing on stderr but its own lines)', async () => {
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'host', version: '1.0.0' } } };
  const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
  const lines = [initialize, { jsonrpc: '2.0', method: 'notifications/initialized' }, list].map((m) => JSON.stringify(m) + '\n').join('');
  const run = await runBin({ ALMANAC_URL: s.url }, lines);
  assert.is(run.status, 0, run.stderr);
  assert.match(run.stdout, '"id":2');
  // Closing the transport closed the bridge, which closed the transport again, and so on, until
  // the stack ran out (printed as RangeError from the SDK's stdio transport).
  for (const line of run.stderr.trim().split('\n')) assert.match(line, /^almanac-mcp: /, run.stderr);
});

test('tools/list is forwarded: the same tools as the hosted catalog', async () => {
  const b = await bridge({ ALMANAC_URL: s.url });
  try {
    const { tools } = await b.client.listTools();
    const catalog = (await (await fetch(`${s.url}/api/mcp/tools.json`, { headers: { 'User-Agent': 'almanac-tests/1.0' } })).json()) as { tools: { name: string }[] };
    assert.equal(tools.map((t) => t.name), catalog.tools.map((t) => t.name));
    assert.ok(tools.length > 40);
    const found = await b.client.callTool({ name: 'search_tickers', arguments: { q: 'apple' } });
    assert.not.ok(found.isError);
    assert.equal(JSON.parse(text(found)).items[0].ticker, 'AAPL');
    assert.match(b.stderr(), 'anonymous');
  } finally {
    await b.close();
  }
});

test('the key is sent on every upstream request and unlocks an Investor tool that anonymous calls cannot use', async () => {
  const args = { name: 'get_bulk_fundamentals', arguments: { tickers: ['AAPL', 'MSFT'] } };
  const anon = await bridge({ ALMANAC_URL: s.url });
  try {
    const refused = await anon.client.callTool(args);
    assert.ok(refused.isError, text(refused));
    assert.match(text(refused), 'Investor');
  } finally {
    await anon.close();
  }

  const key = s.keys.investor;
  const before = s.seen.length;
  const keyed = await bridge({ ALMANAC_URL: s.url, ALMANAC_API_KEY: key });
  try {
    const ok = await keyed.client.callTool(args);
    assert.not.ok(ok.isError, text(ok));
    assert.equal(JSON.parse(text(ok)).items.map((i: { ticker: string }) => i.ticker), ['AAPL', 'MSFT']);
    await keyed.client.listTools();
    const upstream = s.seen.slice(before).filter((r) => r.url.startsWith('/api/mcp'));
    assert.ok(upstream.length >= 3, `${upstream.length} upstream requests`);
    for (const r of upstream) {
      assert.is(r.apiKey, key);
      assert.match(r.userAgent ?? '', /^almanac-mcp\/\d+\.\d+\.\d+ \(MCP stdio bridge; node\//);
    }
    // The key never reaches the logs or a tool result, even when a tool would echo it back.
    const echoed = await keyed.client.callTool({ name: 'get_quote', arguments: { ticker: key } });
    assert.not.ok(text(echoed).includes(key), text(echoed));
    assert.ok(keyed.stderr().length > 0, 'the bridge logs to stderr');
    assert.not.ok(keyed.stderr().includes(key));
    assert.match(keyed.stderr(), 'with an API key');
  } finally {
    await keyed.close();
  }
});

test('upstream 429s are retried after Retry-After, a bounded number of times, with the key and agent on each attempt', async () => {
  const logs: string[] = [];
  const config = { url: s.url, apiKey: s.keys.learner, maxRetries: 2, maxRetryWaitMs: 5_000 };
  const send = bridgeFetch(config, (line) => logs.push(line));
  const before = s.seen.length;
  const ok = await send(`${s.url}/api/mcp/tools.json`, { headers: { 'X-Test-Throttle': 'mcp-a:2:1' } });
  assert.is(ok.status, 200);
  const attempts = s.seen.slice(before);
  assert.is(attempts.length, 3);
  for (const a of attempts) assert.is(a.apiKey, s.keys.learner);
  assert.is(logs.filter((l) => l.includes('rate limited')).length, 2);
  // Past the retries, or a Retry-After longer than allowed: the 429 is returned, not slept through.
  assert.is((await send(`${s.url}/api/mcp/tools.json`, { headers: { 'X-Test-Throttle': 'mcp-b:9:1' } })).status, 429);
  const b2 = s.seen.length;
  assert.is((await send(`${s.url}/api/mcp/tools.json`, { headers: { 'X-Test-Throttle': 'mcp-c:1:60' } })).status, 429);
  assert.is(s.seen.length - b2, 1);
  // A caller-supplied Authorization header never carries anything upstream (spec 5.2).
  const b3 = s.seen.length;
  await send(`${s.url}/api/mcp/tools.json`, { headers: { Authorization: `Bearer ${s.keys.learner}` } });
  assert.is(s.seen[b3]!.apiKey, s.keys.learner);
  assert.is(s.seen[b3]!.authorization, undefined);
});

test('ALMANAC_URL given as the API or the MCP endpoint means the service root', () => {
  for (const url of ['https://a.example', 'https://a.example/', 'https://a.example/api', 'https://a.example/api/v1/mcp', 'https://a.example/api/mcp/']) {
    const r = configFromEnv({ ALMANAC_URL: url });
    assert.ok(r.ok && r.config.url === 'https://a.example', url);
  }
  const empty = configFromEnv({ ALMANAC_URL: 'https://a.example', ALMANAC_API_KEY: ' ' });
  assert.ok(!empty.ok && empty.message.includes('empty'));
});

test('redaction covers the configured key and any key-shaped token', () => {
  const redact = redactor('alm_live_abcdefghijklmnop');
  assert.is(redact('x alm_live_abcdefghijklmnop y'), 'x [redacted key] y');
  assert.is(redact('other alm_trial_zzzzzzzzzzzz'), 'other alm_trial_[redacted]');
  assert.is(redactor(null)('plain text'), 'plain text');
});

test('the mcpServers snippet in llms.txt and in the bridge README is the same configuration', async () => {
  const llms = await (await fetch(`${s.url}/llms.txt`)).text();
  assert.ok(llms.includes(mcpHostConfig(s.t.config.publicUrl)), 'llms.txt carries the snippet for its own URL');
  assert.ok(llms.includes('"ALMANAC_API_KEY": "<API_KEY>"'));
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../clients/mcp/README.md'), 'utf8');
  assert.ok(readme.includes(mcpHostConfig('https://almanac.example')), 'README snippet');
  const config = JSON.parse(mcpHostConfig('https://almanac.example')) as { mcpServers: { almanac: { command: string; env: Record<string, string> } } };
  assert.equal(Object.keys(config.mcpServers.almanac.env), ['ALMANAC_URL', 'ALMANAC_API_KEY']);
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../clients/mcp/package.json'), 'utf8')) as { bin: Record<string, string> };
  assert.ok(pkg.bin[config.mcpServers.almanac.command], 'the command is the package bin');
});

test.run();
