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

quota('a standard key (60 a minute) gets 60 tool calls, then an isError 429 naming the key limit', async () => {
  const { key } = await keyAccount(t.app, t.services.store, 'quota@example.com');
  const client = new Client({ name: 'almanac-quota-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { 'User-Agent': 'almanac-mcp-test/1.0 (quota)', 'X-API-Key': key } } }));
  // Keep the calls inside one minute window.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
  let ok = 0;
  let refusal: { status?: number; error?: string } | null = null;
  for (let i = 0; i < 61; i++) {
    const r = (await client.callTool({ name: 'search_tickers', arguments: { q: 'apple' } })) as { isError?: boolean; content: { text: string }[] };
    if (r.isError) {
      refusal = JSON.parse(r.content[0]!.text);
      break;
    }
    ok++;
  }
  await client.close();
  assert.is(ok, 60);
  assert.ok(refusal);
  assert.is(refusal!.status, 429);
  assert.match(refusal!.error!, /Standard key: 60 per minute/);
});

quota.run();
