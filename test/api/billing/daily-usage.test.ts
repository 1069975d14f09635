/**
 * `GET /api/billing/agent-usage/daily`: month-to-date calls per UTC day from the ledger, for the
 * account and per key, with the allowance and the extra-call cap in calls.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateApiKey } from '../../../api/identity/keys.ts';
import { setAccountPlan } from '../../../api/store/accounts.ts';
import { insertKey } from '../../../api/store/keys.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount, type KeyCaller } from '../rest/user-state-accounts.ts';

const daily = suite('daily usage');
let t: TestApp;
let owner: KeyCaller;
let second = '';
let secondId = '';

daily.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
  owner = await keyAccount(t.app, t.services.store, 'daily@example.com');
  const k = generateApiKey('standard');
  secondId = randomUUID();
  await insertKey(t.services.store, { id: secondId, accountId: owner.accountId, kind: 'standard', name: 'second', prefix: k.prefix, lastFour: k.lastFour, keyHash: k.hash, dailyLimit: null, expiresAt: null });
  second = k.key;
});
daily.after(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

daily('no plan: calls per day and per key, no allowance and no cap', async () => {
  for (let i = 0; i < 3; i++) assert.is((await owner.call('GET', '/api/ticker-search?q=apple')).statusCode, 200);
  const r = await t.app.inject({ method: 'GET', url: '/api/ticker-search?q=apple', headers: { 'x-api-key': second, 'user-agent': 'almanac-tests/1.0 (daily)' } });
  assert.is(r.statusCode, 200);
  assert.is((await owner.call('GET', '/api/ticker-search?q=')).statusCode, 400, 'a refused call is not counted');
  const res = await owner.call('GET', '/api/billing/agent-usage/daily');
  assert.is(res.statusCode, 200, res.body);
  const u = res.json();
  assert.equal([u.key, u.total_calls, u.plan, u.included_calls, u.extra_call_cap_calls], [null, 4, null, 0, null]);
  assert.is(u.days.length, Number(today().slice(8, 10)), 'every day from the 1st to today');
  assert.is(u.days[0].date, `${today().slice(0, 8)}01`);
  assert.equal(u.days.at(-1), { date: today(), calls: 4, extra_calls: 0 });
  assert.is(u.days.reduce((n: number, d: { calls: number }) => n + d.calls, 0), 4);
  assert.equal(u.keys.map((k: { name: string; calls: number }) => [k.name, k.calls]).sort(), [['second', 1], ['tests', 3]]);
  const one = (await owner.call('GET', `/api/billing/agent-usage/daily?key=${secondId}`)).json();
  assert.equal([one.key, one.days.at(-1).calls, one.total_calls], [secondId, 1, 4]);
});

daily('the panel\'s chart without a plan: labelled SVG, table fallback, per-key table, no allowance or cap line', async () => {
  const res = await owner.call('GET', '/account/usage-chart');
  assert.is(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), 'text/html');
  assert.is(res.headers['cache-control'], 'no-store');
  const body = res.body;
  assert.match(body, 'role="img"');
  assert.match(body, `Calls per day in ${today().slice(0, 7)} (all keys)`);
  assert.match(body, 'No developer plan: no monthly allowance and never billed per call.');
  assert.match(body, '<details');
  assert.not.match(body, 'class="ref"', 'no reference line without a plan');
  assert.not.match(body, 'Included:');
  assert.match(body, /<td data-label="Key">second<\/td><td data-label="Prefix"><code>alm_live_[^<]+…<\/code><\/td><td data-label="Calls">1<\/td>/);
  const one = await owner.call('GET', `/account/usage-chart?key=${secondId}`);
  assert.match(one.body, /\(key second \(alm_live_[^)]+…\)\)/);
  assert.is((await owner.call('GET', '/account/usage-chart?key=nope')).statusCode, 400);
  const anon = await t.app.inject({ method: 'GET', url: '/account/usage-chart', headers: { 'user-agent': 'almanac-tests/1.0 (daily)' } });
  assert.is(anon.statusCode, 401);
});

daily('a plan adds the allowance, and extra calls on add the cap in calls', async () => {
  await setAccountPlan(t.services.store, owner.accountId, 'developer');
  t.services.identity.keyCache.invalidateAccount(owner.accountId); // an operator change: keys see it within the cache TTL
  // Extra-call consent is a session action; write it as the endpoint would.
  await t.services.billing.setOverage(owner.accountId, 'developer', 50);
  const u = (await owner.call('GET', '/api/billing/agent-usage/daily')).json();
  assert.equal([u.plan, u.included_calls, u.extra_call_cap_calls, u.limit_usd], ['developer', 100_000, 25_000, 50]);
  const chart = (await owner.call('GET', '/account/usage-chart')).body;
  assert.match(chart, 'Included: 100,000 calls (account)');
  assert.match(chart, 'Extra-call cap: $50 ≈ 25,000 more calls');
  assert.is(chart.split('class="ref"').length - 1, 2);
});

daily('bad input: a malformed key id is 400, another account\'s or unknown key is 404, unknown parameters 400', async () => {
  const bad = await owner.call('GET', '/api/billing/agent-usage/daily?key=nope');
  assert.is(bad.statusCode, 400);
  assert.match(bad.json().error, "invalid parameter 'key'");
  const other = await keyAccount(t.app, t.services.store, 'other.daily@example.com');
  const theirs = await other.call('GET', `/api/billing/agent-usage/daily?key=${secondId}`);
  assert.is(theirs.statusCode, 404);
  assert.is(theirs.json().error, 'no such key on this account');
  assert.is((await owner.call('GET', '/api/billing/agent-usage/daily?month=2026-01')).statusCode, 400);
  const anon = await t.app.inject({ method: 'GET', url: '/api/billing/agent-usage/daily', headers: { 'user-agent': 'almanac-tests/1.0 (daily)' } });
  assert.is(anon.statusCode, 401);
});

daily.run();
