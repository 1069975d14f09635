/**
 * The limits, tier and metering steps over `app.inject` (embedded stores): every 402 and 429
 * payload and header against spec 7 and 8, 500 concurrent calls on a 60/min key, successful
 * responses' RateLimit and X-SVC-Per-Call-Cost headers, and "only successful calls are billed".
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { meterKeys } from '../../../api/limits/limiter.ts';
import { RESOURCES } from '../../../api/rest/index.ts';
import { setAccountPlan } from '../../../api/store/accounts.ts';
import { billingMonth } from '../../../schema/plans.ts';
import { awayFromWindowEdge, sampleApp, type TestApp } from '../../helpers.ts';
import { probe } from './probe.ts';
import { signedIn, TEST_UA, type Client } from '../identity/client.ts';


let t: TestApp;
let alice: Client;
let aliceKey: string;
let aliceId: string;

const test = suite('limits and metering over HTTP');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'fundamentals'], server: { resources: [...RESOURCES, probe] } });
  for (const p of Object.values(t.services.identity.throttles)) p.limit = 1_000_000;
  alice = await signedIn(t.app, t.config.dataDir, 'alice@example.com', '203.0.113.60');
  const created = await alice.call('POST', '/api/keys', { body: { name: 'agent' } });
  aliceKey = created.json().key;
  aliceId = (await alice.call('GET', '/api/auth/me')).json().id;
});
test.after(() => t.close());

const keyed = (key: string, url: string, ip = '198.51.100.1') => t.app.inject({ url, headers: { 'x-api-key': key, 'user-agent': TEST_UA }, remoteAddress: ip });
const anon = (url: string, ip: string, ua = TEST_UA) => t.app.inject({ url, headers: { 'user-agent': ua }, remoteAddress: ip });

test('a successful metered call carries RateLimit headers and X-SVC-Per-Call-Cost: 0 (no plan)', async () => {
  const res = await keyed(aliceKey, '/api/v1/probe', '198.51.100.2');
  assert.is(res.statusCode, 200);
  assert.is(res.headers['x-svc-per-call-cost'], '0');
  const policy = String(res.headers['ratelimit-policy']);
  assert.ok(policy.includes('"key-standard-minute";q=60;w=60'), policy);
  assert.ok(policy.includes('"key-standard-month";q=10000;w='), policy);
  assert.ok(policy.includes('"ip-burst";q=200;w=5'), policy);
  assert.ok(policy.includes('"api-account-minute";q=1200;w=60'), policy);
  // Keyed calls are governed by the key's allowance, not the request budget of callers without a key.
  assert.not.ok(policy.includes('budget-'), policy);
  assert.match(String(res.headers.ratelimit), /^"key-standard-minute";r=59;t=\d+$/);
  assert.is(res.headers['retry-after'], undefined);
  // Unmetered routes carry no per-call cost.
  const me = await keyed(aliceKey, '/api/auth/me', '198.51.100.2');
  assert.is(me.headers['x-svc-per-call-cost'], undefined);
});

test('500 concurrent requests on a 60/min key: exactly 60 admitted; 429 payload and headers per spec', async () => {
  await awayFromWindowEdge();
  const created = await alice.call('POST', '/api/keys', { body: { name: 'burst' } });
  const key = created.json().key;
  const all = await Promise.all(Array.from({ length: 500 }, () => keyed(key, '/api/probe', '198.51.100.3')));
  const ok = all.filter((r) => r.statusCode === 200);
  const refused = all.filter((r) => r.statusCode === 429);
  assert.is(ok.length, 60);
  assert.is(refused.length, 440);
  const r = refused[0]!;
  const body = r.json();
  assert.equal(Object.keys(body).sort(), ['error', 'limit', 'policy', 'retry_after_seconds']);
  assert.is(body.policy, 'key-standard-minute');
  assert.is(body.limit, 60);
  assert.match(body.error, 'rate limit exceeded (8.1 Standard key: 60 per minute)');
  const retry = Number(r.headers['retry-after']);
  assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, String(r.headers['retry-after']));
  assert.is(body.retry_after_seconds, retry);
  assert.is(r.headers.ratelimit, `"key-standard-minute";r=0;t=${retry}`);
  assert.ok(String(r.headers['ratelimit-policy']).startsWith('"key-standard-minute";q=60;w=60'));
  assert.is(r.headers['x-svc-per-call-cost'], '0');
  // The refused 440 consumed nothing: the IP's burst counter saw 60 (+1 now), the account budget too.
  const after = await keyed(aliceKey, '/api/probe', '198.51.100.3');
  assert.is(after.statusCode, 200);
  assert.ok(String(after.headers['ratelimit-policy']).length > 0);
  const n = await t.services.limits.store.evaluate({
    now: Date.now(),
    counters: [{ key: 'ip-burst:ip:198.51.100.3', policy: 'ip-burst', kind: 'gcra', limit: 200, cost: 1, windowMs: 5_000 }],
  });
  assert.is(n.outcome, 'admitted');
  // Had the 440 refusals consumed, the burst would be empty (the GCRA refills 40/s while the test runs).
  if (n.outcome === 'admitted') assert.ok(n.counters[0]!.remaining >= 130, String(n.counters[0]!.remaining));
});

test('anonymous: /api/* catch-all 200/min per IP, burst 200 per 5 s; bots 30/min', async () => {
  await awayFromWindowEdge();
  const all = await Promise.all(Array.from({ length: 230 }, () => anon('/api/probe', '198.51.100.4')));
  assert.is(all.filter((r) => r.statusCode === 200).length, 200);
  const bots = await Promise.all(Array.from({ length: 40 }, () => anon('/api/probe', '198.51.100.5', 'ExampleBot/2.1 (+https://example.com/bot)')));
  assert.is(bots.filter((r) => r.statusCode === 200).length, 30);
  const refused = bots.find((r) => r.statusCode === 429)!;
  assert.is(refused.json().policy, 'bot-minute');
});

test('/api/fundamentals*, /api/data, /api/credit/*: 120/min per IP, /api/v1 counted together', async () => {
  await awayFromWindowEdge();
  const urls = Array.from({ length: 130 }, (_, i) => ['/api/v1/fundamentals-pit', '/api/credit/nothing', '/api/data?ticker=X', '/api/fundamentals-history'][i % 4]!);
  const ip = await Promise.all(urls.map((u) => anon(u, '198.51.100.7')));
  const refused = ip.filter((r) => r.statusCode === 429);
  assert.is(refused.length, 10);
  assert.is(refused[0]!.json().policy, 'path-data-minute');
  // Other paths of the same IP are not affected by this policy.
  assert.is((await anon('/api/probe', '198.51.100.7')).statusCode, 200);
});

test('the data-path limit counts the same data read through MCP and GraphQL, and nothing else they serve', async () => {
  await awayFromWindowEdge();
  const ip = '198.51.100.9';
  const headers = { 'user-agent': TEST_UA, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const mcp = (name: string, args: object) =>
    t.app.inject({ method: 'POST', url: '/api/mcp', remoteAddress: ip, headers, payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } } });
  const graphql = (query: string) => t.app.inject({ method: 'POST', url: '/graphql', remoteAddress: ip, headers, payload: { query } });
  const fundamentalsQuery = '{ company(ticker: "AAPL") { fundamentals(asOf: "2025-06-01") { revenue } } }';
  // Reached through a fragment too: the field is found wherever the document puts it.
  const fragmentQuery = '{ company(ticker: "AAPL") { ...F } } fragment F on Company { fundamentals(asOf: "2025-06-01") { revenue } }';
  const searchQuery = '{ searchCompanies(q: "app", first: 1) { edges { node { ticker } } } }';

  // 40 reads through each door fill the IP's 120.
  for (let i = 0; i < 40; i++) {
    const [rest, tool, query] = await Promise.all([anon('/api/fundamentals-pit?ticker=AAPL&date=2025-06-01', ip), mcp('get_fundamentals', { ticker: 'AAPL' }), graphql(i % 2 ? fundamentalsQuery : fragmentQuery)]);
    for (const r of [rest, tool, query]) assert.is(r.statusCode, 200, r.body);
    assert.not.ok(JSON.parse(tool.body).result.isError, tool.body);
  }
  // The 121st is refused at every door, naming the policy ...
  const rest = await anon('/api/data?ticker=AAPL', ip);
  assert.is(rest.statusCode, 429);
  assert.is(rest.json().policy, 'path-data-minute');
  const tool = await mcp('get_fundamentals', { ticker: 'AAPL' });
  assert.is(tool.statusCode, 429, tool.body);
  assert.match(String(tool.headers.ratelimit), /^"path-data-minute";r=0;t=\d+$/);
  const query = await graphql(fundamentalsQuery);
  assert.is(query.statusCode, 429, query.body);
  assert.match(String(query.headers.ratelimit), /^"path-data-minute";r=0;t=\d+$/);
  // ... while what the same doors serve outside the data paths is not counted in it.
  const search = await mcp('search_tickers', { q: 'apple' });
  assert.is(search.statusCode, 200, search.body);
  assert.not.ok(JSON.parse(search.body).result.isError, search.body);
  assert.not.match(String(search.headers['ratelimit-policy']), /path-data-minute/);
  const searched = await graphql(searchQuery);
  assert.is(searched.statusCode, 200, searched.body);
  assert.not.match(String(searched.headers['ratelimit-policy']), /path-data-minute/);
});

test('tier 402: { error, requiredTier, currentTier, upgrade_url }, no Retry-After, not billed', async () => {
  const fresh = (await alice.call('POST', '/api/keys', { body: { name: 'tier' } })).json().key;
  const res = await keyed(fresh, '/api/data/bulk?tickers=AAPL', '198.51.100.8');
  assert.is(res.statusCode, 402);
  const body = res.json();
  assert.equal(Object.keys(body).sort(), ['currentTier', 'error', 'requiredTier', 'upgrade_url']);
  assert.is(body.requiredTier, 'Investor');
  assert.is(body.currentTier, 'Learner');
  assert.is(body.upgrade_url, `${t.config.publicUrl}/account?upgrade=investor#plans`);
  assert.is(res.headers['retry-after'], undefined);
  assert.is(res.headers['x-svc-per-call-cost'], '0');
});

test('developer plan: allowance 402, extra calls on, the rate per call, overage_cap 402; failures never billed', async () => {
  await setAccountPlan(t.services.store, aliceId, 'developer');
  t.services.identity.keyCache.clear();
  const month = billingMonth(Date.now());
  // Pretend 99,999 of the 100,000 included calls are used this month.
  await t.services.limits.store.evaluate({
    now: Date.now(),
    counters: [],
    meter: { ...meterKeys(aliceId, month), plan: 'developer', includedCalls: 100_000, rateMicros: 2_000, priceMicros: 99_000_000, monthTtlMs: 86_400_000, confTtlMs: 600_000, seed: { calls: 99_998, accruedMicros: 0, conf: { enabled: false, plan: '', rateMicros: 0, priceMicros: 0, capMicros: 0 } } },
  });
  const ip = '198.51.100.9';
  const last = await keyed(aliceKey, '/api/probe', ip);
  assert.is(last.statusCode, 200);
  assert.is(last.headers['x-svc-per-call-cost'], '0');
  assert.ok(String(last.headers['ratelimit-policy']).includes('"key-premium-minute";q=300;w=60'));
  assert.not.ok(String(last.headers['ratelimit-policy']).includes('key-premium-month'));

  const blocked = await keyed(aliceKey, '/api/probe', ip);
  assert.is(blocked.statusCode, 402);
  const b = blocked.json();
  assert.is(b.reason, 'included_allowance');
  assert.is(b.plan, 'developer');
  assert.is(b.included_calls, 100_000);
  assert.is(b.calls_this_month, 100_000);
  assert.is(b.extra_calls_enabled, false);
  assert.is(b.rate_usd, 0.002);
  assert.match(b.resets_at, /^\d{4}-\d{2}-01T00:00:00Z$/);
  assert.is(blocked.headers['retry-after'], undefined);

  // Turn extra calls on with a cap of two calls' worth.
  const on = await alice.call('POST', '/api/billing/agent-plan/overage', { body: { cap_usd: 0.004 } });
  assert.is(on.statusCode, 200, on.body);
  assert.is(on.json().extra_calls_enabled, true);
  assert.is(on.json().limit_usd, 0.004);
  assert.is(on.json().rate_usd, 0.002);

  const notFound = await keyed(aliceKey, '/api/probe?status=404', ip);
  assert.is(notFound.statusCode, 404);
  assert.is(notFound.headers['x-svc-per-call-cost'], '0');
  const failed = await keyed(aliceKey, '/api/probe?status=500', ip);
  assert.is(failed.statusCode, 500);
  assert.is(failed.headers['x-svc-per-call-cost'], '0');

  const one = await keyed(aliceKey, '/api/probe', ip);
  const two = await keyed(aliceKey, '/api/probe', ip);
  assert.equal([one.statusCode, two.statusCode], [200, 200]);
  assert.equal([one.headers['x-svc-per-call-cost'], two.headers['x-svc-per-call-cost']], ['0.002', '0.002']);
  const capped = await keyed(aliceKey, '/api/probe', ip);
  assert.is(capped.statusCode, 402);
  const c = capped.json();
  assert.is(c.reason, 'overage_cap');
  assert.is(c.overage_accrued_usd, 0.004);
  assert.is(c.limit_usd, 0.004);
  assert.is(capped.headers['retry-after'], undefined);

  // The ledger: the two extra calls at the rate; 402, 404 and 500 were not billed.
  await t.services.billing.ledger.flush();
  const plan = (await alice.call('GET', '/api/billing/agent-plan')).json();
  assert.is(plan.overage_accrued_usd, 0.004);
  const usage = (await keyed(aliceKey, '/api/billing/agent-usage', ip)).json();
  assert.is(usage.extra_calls, 2);
  assert.is(usage.overage_accrued_usd, 0.004);
  assert.equal(await t.services.limits.store.peekMeter(meterKeys(aliceId, month).monthKey), { calls: 100_002, accruedMicros: 4_000 });

  // Raising the cap admits again; turning extra calls off refuses with the allowance 402.
  await alice.call('POST', '/api/billing/agent-plan/overage', { body: { cap_usd: 396 } });
  assert.is((await keyed(aliceKey, '/api/probe', ip)).statusCode, 200);
  await alice.call('POST', '/api/billing/agent-plan/overage', { body: { cap_usd: 0 } });
  assert.is((await keyed(aliceKey, '/api/probe', ip)).json().reason, 'included_allowance');
  await setAccountPlan(t.services.store, aliceId, null);
  t.services.identity.keyCache.clear();
});

test.run();
