import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { anonymousCaller } from '../../../api/caller.ts';
import { callTool } from '../../../api/mcp/call.ts';
import type { ToolContext } from '../../../api/mcp/context.ts';
import { awayFromWindowEdge, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;
const body = (r: { content: unknown }) => JSON.parse((r.content as { text: string }[])[0]!.text);

const hourly = suite('mcp hourly tool limit');
hourly.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
hourly.after(() => t.close());

hourly('a Learner caller (anonymous) gets 100 tool calls an hour; the 101st is an isError 429 with the wait', async () => {
  await awayFromWindowEdge(3_600_000, 30_000);
  const ctx: ToolContext = { services: t.services, caller: anonymousCaller('198.51.100.77', 'almanac-mcp-test/1.0'), today: '2026-01-02', requestId: 'limits-test' };
  for (let i = 0; i < 100; i++) {
    const r = await callTool('search_tickers', { q: 'apple' }, ctx);
    assert.not.ok(r.isError, `call ${i + 1}: ${JSON.stringify(r.content)}`);
  }
  const refused = await callTool('search_tickers', { q: 'apple' }, ctx);
  assert.ok(refused.isError);
  const b = body(refused);
  assert.is(b.status, 429);
  assert.ok(b.retryAfterSeconds >= 1 && b.retryAfterSeconds <= 3600, String(b.retryAfterSeconds));
  // Another caller is not affected.
  const other = await callTool('search_tickers', { q: 'apple' }, { ...ctx, caller: anonymousCaller('198.51.100.78', 'almanac-mcp-test/1.0') });
  assert.not.ok(other.isError);
});

hourly.run();
