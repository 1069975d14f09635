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
  assert.ok(b.retry_after_seconds >= 1 && b.retry_after_seconds <= 3600, String(b.retry_after_seconds));
  // Another caller is not affected.
  const other = await callTool('search_tickers', { q: 'apple' }, { ...ctx, caller: anonymousCaller('198.51.100.78', 'almanac-mcp-test/1.0') });
  assert.not.ok(other.isError);

  // Over HTTP (issue 13.15): a request whose every tool call is refused by a limit is itself a 429
  // with Retry-After; the tool error carries retry_after_seconds.
  const post = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mcp',
      remoteAddress: '198.51.100.77',
      headers: { 'user-agent': 'almanac-mcp-test/1.0', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: payload as object,
    });
  const call = (id: number, name = 'search_tickers') => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { q: 'apple' } } });
  const single = await post(call(1));
  assert.is(single.statusCode, 429, single.body);
  const wait = Number(single.headers['retry-after']);
  assert.ok(wait >= 1 && wait <= 3600, String(single.headers['retry-after']));
  const inner = JSON.parse(JSON.parse(single.body).result.content[0].text);
  assert.equal([inner.status, inner.retry_after_seconds], [429, wait]);
  const both = await post([call(1), call(2)]);
  assert.is(both.statusCode, 429);
  assert.ok(Number(both.headers['retry-after']) >= 1);
  // Not every call refused for a limit (an unknown tool is the protocol error -32602): a 200.
  const mixed = await post([call(1), call(2, 'no_such_tool')]);
  assert.is(mixed.statusCode, 200, mixed.body);
  assert.is(mixed.headers['retry-after'], undefined);
  // Another caller's request is not affected.
  const fine = await t.app.inject({ method: 'POST', url: '/api/mcp', remoteAddress: '198.51.100.79', headers: { 'user-agent': 'almanac-mcp-test/1.0', 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, payload: call(3) });
  assert.is(fine.statusCode, 200);
  // Every answer carries RateLimit headers, on the fast path (single calls) and through the SDK
  // (batches). A 429 names the limit that refused it (the hourly tool limit), never the per-IP
  // window that admitted the HTTP request and still has room.
  for (const res of [single, both]) {
    assert.match(String(res.headers['ratelimit-policy']), /"mcp-learner-hour";q=100;w=3600/);
    assert.not.match(String(res.headers['ratelimit-policy']), /ip-anonymous-minute/);
    assert.is(res.headers.ratelimit, `"mcp-learner-hour";r=0;t=${res.headers['retry-after']}`);
  }
  // Otherwise every policy the request and its calls were counted in, and the tightest: the per-IP
  // ones when no call was admitted (the unknown tool is refused before admission) ...
  assert.match(String(mixed.headers['ratelimit-policy']), /^"ip-anonymous-minute";q=290;w=60, "ip-burst";q=200;w=5$/);
  assert.match(String(mixed.headers.ratelimit), /^"ip-burst";r=\d+;t=\d+$/);
  // ... and the hourly tool limit, once a call was admitted, as on REST.
  assert.match(String(fine.headers['ratelimit-policy']), /"ip-anonymous-minute";q=290;w=60, .*"mcp-learner-hour";q=100;w=3600/);
  assert.match(String(fine.headers.ratelimit), /^"mcp-learner-hour";r=99;t=\d+$/);
});

hourly.run();
