/**
 * A 429 describes the limit that refused it, whichever that was, in `Retry-After`, `RateLimit` and
 * `RateLimit-Policy`: never a limit that admitted the request and still has room (the REST
 * admission's window beside a sign-in throttle's refusal, the MCP request's per-IP window beside a
 * tool call's). The limits step's own 429s: limits.payloads.test.ts; MCP's hourly limit:
 * test/api/mcp/limits.test.ts; the heavy-tool gate: test/api/mcp/limits.capacity.contract.test.ts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { anonymousCaller } from '../../../api/caller.ts';
import { HeavyGate } from '../../../api/limits/heavy.ts';
import { countersFor } from '../../../api/limits/policies.ts';
import { awayFromWindowEdge, sampleApp, type TestApp } from '../../helpers.ts';

const UA = 'almanac-tests/1.0 (refusal headers)';
let t: TestApp;

const test = suite('429 headers name the refusing limit');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'filings', 'fundamentals'] });
});
test.after(() => t.close());

test('REST: a sign-in throttle past its limit names the throttle, not the admission window that let the request in', async () => {
  t.services.identity.throttles.challengePerIp.limit = 2;
  const get = () => t.app.inject({ url: '/api/auth/challenge', remoteAddress: '203.0.113.71', headers: { 'user-agent': UA } });
  for (let i = 0; i < 2; i++) {
    const ok = await get();
    assert.is(ok.statusCode, 200);
    // Admitted answers carry the admission's state, as before.
    assert.match(String(ok.headers.ratelimit), /^"budget-requests";r=\d+;t=\d+$/);
  }
  const refused = await get();
  assert.is(refused.statusCode, 429, refused.body);
  const retry = refused.headers['retry-after'];
  assert.ok(Number(retry) >= 1 && Number(retry) <= 60, String(retry));
  assert.is(refused.headers['ratelimit-policy'], '"challenge-per-ip";q=2;w=60');
  assert.is(refused.headers.ratelimit, `"challenge-per-ip";r=0;t=${retry}`);
});

test('MCP: a batch refused by a quota and by the heavy-tool gate answers with the quota (the longer wait), not the per-IP window', async () => {
  await awayFromWindowEdge(60_000, 15_000);
  t.services.heavyGate = new HeavyGate({ perTool: 1, total: 1, maxQueue: 0 });
  let release!: () => void;
  const held = t.services.heavyGate.run('get_fundamentals', () => new Promise<void>((r) => (release = r)));
  const ip = '203.0.113.72';
  // 3 weighted units left this minute: run_screener (5) is refused by the budget, get_fundamentals
  // (2) is admitted and then refused by the gate.
  const now = Date.now();
  const units = countersFor(anonymousCaller(ip, UA), { path: '/api/mcp', weight: 997, mcpTool: 'run_screener', toolCall: true }, now).find((c) => c.policy === 'budget-units')!;
  assert.is((await t.services.limits.store.evaluate({ now, counters: [units] })).outcome, 'admitted');
  const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mcp',
    remoteAddress: ip,
    headers: { 'user-agent': UA, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: [call(1, 'run_screener', {}), call(2, 'get_fundamentals', { ticker: 'AAPL', asOf: '2025-01-15' })],
  });
  release();
  await held;
  assert.is(res.statusCode, 429, res.body);
  const [screener, fundamentals] = (JSON.parse(res.body) as { id: number; result: { content: { text: string }[] } }[]).sort((a, b) => a.id - b.id).map((m) => JSON.parse(m.result.content[0]!.text));
  assert.equal([screener.status, screener.policy], [429, 'budget-units']);
  assert.equal([fundamentals.status, fundamentals.retry_after_seconds], [429, 1]);
  const retry = res.headers['retry-after'];
  assert.is(Number(retry), screener.retry_after_seconds);
  assert.ok(Number(retry) > 1, String(retry));
  assert.is(res.headers.ratelimit, `"budget-units";r=0;t=${retry}`);
  assert.match(String(res.headers['ratelimit-policy']), /"budget-units";q=1000;w=60/);
  assert.not.match(String(res.headers['ratelimit-policy']), /ip-anonymous-minute|ip-burst/);
});

test('a refused metered call costs 0 and says so on every door: X-SVC-Per-Call-Cost on REST, GraphQL and MCP 429s', async () => {
  await awayFromWindowEdge(60_000, 15_000);
  const ip = '203.0.113.74';
  // The IP's weighted budget for this minute, spent: every data call of its is refused.
  const now = Date.now();
  const units = countersFor(anonymousCaller(ip, UA), { path: '/api/fundamentals-pit', weight: 1_000 }, now).find((c) => c.policy === 'budget-units')!;
  assert.is((await t.services.limits.store.evaluate({ now, counters: [units] })).outcome, 'admitted');
  const headers = { 'user-agent': UA, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const rest = await t.app.inject({ url: '/api/fundamentals-pit?ticker=AAPL', remoteAddress: ip, headers });
  const graphql = await t.app.inject({ method: 'POST', url: '/graphql', remoteAddress: ip, headers, payload: { query: '{ company(ticker: "AAPL") { ticker } }' } });
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_fundamentals', arguments: { ticker: 'AAPL' } } };
  const mcp = await t.app.inject({ method: 'POST', url: '/api/mcp', remoteAddress: ip, headers, payload: call });
  const batch = await t.app.inject({ method: 'POST', url: '/api/v1/mcp', remoteAddress: ip, headers, payload: [call, { ...call, id: 2 }] });
  for (const [door, res] of [['REST', rest], ['GraphQL', graphql], ['MCP', mcp], ['MCP batch', batch]] as const) {
    assert.is(res.statusCode, 429, `${door}: ${res.body}`);
    assert.is(res.headers['x-svc-per-call-cost'], '0', door);
  }
  // The per-IP request limit of the MCP endpoint itself (refused before any tool call is read).
  const requests = countersFor(anonymousCaller(ip, UA), { path: '/api/mcp', weight: 1, site: true }, now).filter((c) => c.kind === 'fixed');
  for (const c of requests) await t.services.limits.store.evaluate({ now, counters: [{ ...c, cost: c.limit }] });
  const early = await t.app.inject({ method: 'POST', url: '/api/mcp', remoteAddress: ip, headers, payload: call });
  assert.is(early.statusCode, 429, early.body);
  assert.is(early.headers['x-svc-per-call-cost'], '0', 'the MCP endpoint refused before reading its calls');
});

test.run();
