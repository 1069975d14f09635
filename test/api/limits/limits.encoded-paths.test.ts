/**
 * Issue 13.1: every step of the pipeline classifies the path the router matched. A percent-encoded
 * `/api` prefix (`/%61pi/...`, `/api/%64ata`), the `/api/v1` spelling and the absolute request form
 * reach the API handlers, so the User-Agent rule, the API limits, the data-path limit, metering,
 * billing and the overage cap apply to them exactly as to the plain path; double slashes, dot
 * segments and case variants are not API routes and never reach an API handler.
 */
import net from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { meterKeys } from '../../../api/limits/limiter.ts';
import { setAccountPlan } from '../../../api/store/accounts.ts';
import { billingMonth } from '../../../schema/plans.ts';
import { awayFromWindowEdge, sampleApp, type TestApp } from '../../helpers.ts';
import { signedIn, TEST_UA, type Client } from '../identity/client.ts';

let t: TestApp;
let alice: Client;
let aliceKey: string;
let aliceId: string;

const test = suite('encoded paths: every policy sees the routed path');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
  for (const p of Object.values(t.services.identity.throttles)) p.limit = 1_000_000;
  alice = await signedIn(t.app, t.config.dataDir, 'alice@example.com', '203.0.113.70');
  aliceKey = (await alice.call('POST', '/api/keys', { body: { name: 'agent' } })).json().key;
  aliceId = (await alice.call('GET', '/api/auth/me')).json().id;
});
test.after(() => t.close());

/** Spellings of `/api/ticker-search?q=apple` that the router sends to the same handler. */
const SEARCH = ['/api/ticker-search?q=apple', '/%61pi/ticker-search?q=apple', '/%61%70%69/ticker-search?q=apple', '/api/ticker%2Dsearch?q=apple', '/api/v1/ticker-search?q=apple', '/api/%761/ticker-search?q=apple', '/api/ticker-search/?q=apple'];
/** Spellings of the data route `/api/data?ticker=AAPL`. */
const DATA = ['/api/data?ticker=AAPL', '/api/%64ata?ticker=AAPL', '/%61pi/data?ticker=AAPL', '/api/v1/%64%61%74%61?ticker=AAPL'];

const keyed = (key: string, url: string, ip = '198.51.100.21') => t.app.inject({ url, headers: { 'x-api-key': key, 'user-agent': TEST_UA }, remoteAddress: ip });
const anon = (url: string, ip: string, ua = TEST_UA) => t.app.inject({ url, headers: { 'user-agent': ua }, remoteAddress: ip });

test('every spelling reaches the same handler (the premise)', async () => {
  const plain = await anon(SEARCH[0]!, '198.51.100.20');
  assert.is(plain.statusCode, 200, plain.body);
  for (const url of SEARCH) {
    const res = await anon(url, '198.51.100.20');
    assert.is(res.statusCode, 200, url);
    assert.is(res.body, plain.body, url);
  }
});

test('User-Agent rule: a bare default client agent is refused on every spelling', async () => {
  for (const url of [...SEARCH, ...DATA]) {
    const res = await anon(url, '198.51.100.22', 'curl/8.5.0');
    assert.is(res.statusCode, 400, url);
    assert.match(res.json().error, /User-Agent/, url);
  }
});

test('metering and API limits: every spelling is metered under the key policies, not the page policies', async () => {
  for (const url of [...SEARCH, ...DATA]) {
    const res = await keyed(aliceKey, url);
    assert.is(res.statusCode, 200, `${url}: ${res.body}`);
    assert.is(res.headers['x-svc-per-call-cost'], '0', url);
    assert.ok(String(res.headers['ratelimit-policy']).includes('"key-standard-minute";q=60;w=60'), url);
  }
});

test('data-path limit: encoded spellings count in the 120/min per-IP data group', async () => {
  await awayFromWindowEdge();
  const urls = Array.from({ length: 130 }, (_, i) => DATA[i % DATA.length]!);
  const all = await Promise.all(urls.map((u) => anon(u, '198.51.100.23')));
  const refused = all.filter((r) => r.statusCode === 429);
  assert.is(refused.length, 10);
  assert.is(refused[0]!.json().policy, 'path-data-minute');
});

test('plan meter, billing and the overage cap apply to encoded spellings', async () => {
  await setAccountPlan(t.services.store, aliceId, 'developer');
  t.services.identity.keyCache.clear();
  const month = billingMonth(Date.now());
  const { monthKey } = meterKeys(aliceId, month);
  // 99,999 of the 100,000 included calls used: one more is free, the next is refused.
  await t.services.limits.store.evaluate({
    now: Date.now(),
    counters: [],
    meter: { ...meterKeys(aliceId, month), plan: 'developer', includedCalls: 100_000, rateMicros: 2_000, priceMicros: 99_000_000, monthTtlMs: 86_400_000, confTtlMs: 600_000, seed: { calls: 99_998, accruedMicros: 0, conf: { enabled: false, plan: '', rateMicros: 0, priceMicros: 0, capMicros: 0 } } },
  });
  const ip = '198.51.100.24';
  assert.is((await keyed(aliceKey, '/%61pi/ticker-search?q=apple', ip)).statusCode, 200);
  assert.equal(await t.services.limits.store.peekMeter(monthKey), { calls: 100_000, accruedMicros: 0 });
  const blocked = await keyed(aliceKey, '/api/%64ata?ticker=AAPL', ip);
  assert.is(blocked.statusCode, 402);
  assert.is(blocked.json().reason, 'included_allowance');

  assert.is((await alice.call('POST', '/api/billing/agent-plan/overage', { body: { cap_usd: 0.002 } })).statusCode, 200);
  const extra = await keyed(aliceKey, '/%61pi/v1/ticker-search?q=apple', ip);
  assert.is(extra.statusCode, 200);
  assert.is(extra.headers['x-svc-per-call-cost'], '0.002');
  const capped = await keyed(aliceKey, '/api/ticker%2Dsearch?q=apple', ip);
  assert.is(capped.statusCode, 402);
  assert.is(capped.json().reason, 'overage_cap');

  await t.services.billing.ledger.flush();
  const usage = (await keyed(aliceKey, '/api/billing/agent-usage', ip)).json();
  assert.is(usage.extra_calls, 1);
  assert.equal(await t.services.limits.store.peekMeter(monthKey), { calls: 100_001, accruedMicros: 2_000 });
  await alice.call('POST', '/api/billing/agent-plan/overage', { body: { cap_usd: 0 } });
  await setAccountPlan(t.services.store, aliceId, null);
  t.services.identity.keyCache.clear();
});

test('double slashes, case variants and dot segments are not API routes: no API handler answers them', async () => {
  for (const url of ['/api//ticker-search?q=apple', '//api/ticker-search?q=apple', '/API/ticker-search?q=apple', '/Api/ticker-search?q=apple', '/api/ticker-search;x?q=apple']) {
    const res = await anon(url, '198.51.100.25');
    assert.is(res.statusCode, 404, url);
    assert.not.match(res.body, /Apple/i, url);
    assert.is(res.headers['x-svc-per-call-cost'], undefined, url);
  }
});

test('over a socket: the absolute request form and dot segments are classified as routed', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as net.AddressInfo).port;
  const raw = (target: string, ua: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: ${ua}\r\nConnection: close\r\n\r\n`));
      let text = '';
      socket.on('data', (c) => (text += c));
      socket.on('error', reject);
      socket.on('end', () => resolve({ status: Number(text.split(' ')[1]), text }));
    });
  // The absolute form routes to the API handler, so the API rules apply.
  assert.is((await raw('http://localhost/api/ticker-search?q=apple', 'curl/8.5.0')).status, 400);
  const ok = await raw('http://localhost/%61pi/ticker-search?q=apple', TEST_UA);
  assert.is(ok.status, 200);
  assert.match(ok.text, /ip-anonymous-minute|ip-burst/);
  // Dot segments are not resolved by the router: never an API handler.
  for (const target of ['/api/v1/../ticker-search?q=apple', '/api/./ticker-search?q=apple', '/api/v1/%2E%2E/ticker-search?q=apple']) {
    const res = await raw(target, TEST_UA);
    assert.is(res.status, 404, target);
    assert.not.match(res.text, /Apple/i, target);
  }
});

test.run();
