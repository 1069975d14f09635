/**
 * A tool call counts once against the key's quotas: the MCP HTTP request itself only counts against
 * the per-IP limits, and each tool call inside it is admitted (and billed) on its own.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount } from '../rest/user-state-accounts.ts';

let t: TestApp;
let base = '';
const quota = suite('mcp and the per-key quota');
quota.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
quota.after(() => t.close());

quota('a standard key (60 a minute) gets 60 tool calls, then HTTP 429 with Retry-After and the tool error naming the key limit', async () => {
  const { key } = await keyAccount(t.app, t.services.store, 'quota@example.com');
  const client = new Client({ name: 'almanac-quota-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { 'User-Agent': 'almanac-mcp-test/1.0 (quota)', 'X-API-Key': key } } }));
  // Keep the calls inside one minute window.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
  let ok = 0;
  let refusal: string | null = null;
  for (let i = 0; i < 61; i++) {
    try {
      const r = (await client.callTool({ name: 'search_tickers', arguments: { q: 'apple' } })) as { isError?: boolean; content: { text: string }[] };
      assert.not.ok(r.isError, r.content[0]!.text);
      ok++;
    } catch (err) {
      // Every call of the HTTP request refused by a limit: the request is an HTTP 429 (issue 13.15),
      // which the SDK client raises with the body (the tool error) in its message.
      refusal = (err as Error).message;
      break;
    }
  }
  await client.close();
  assert.is(ok, 60);
  assert.ok(refusal);
  assert.match(refusal!, /"status\\?":429/);
  assert.match(refusal!, /Standard key: 60 per minute/);
  assert.match(refusal!, /retry_after_seconds/);
  // Over raw HTTP: the status, Retry-After and the tool error inside.
  const res = await fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'user-agent': 'almanac-mcp-test/1.0 (quota)', 'x-api-key': key },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_tickers', arguments: { q: 'apple' } } }),
  });
  assert.is(res.status, 429);
  assert.ok(Number(res.headers.get('retry-after')) >= 1);
  const inner = JSON.parse(((await res.json()) as { result: { content: { text: string }[] } }).result.content[0]!.text);
  assert.equal([inner.status, inner.policy, inner.retry_after_seconds], [429, 'key-standard-minute', Number(res.headers.get('retry-after'))]);
});

quota.run();
