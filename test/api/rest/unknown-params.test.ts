/**
 * Issue 13.13: an unknown query parameter is a 400 naming it on every API route (and an unknown
 * argument an error on every MCP tool), so a misspelt point-in-time parameter can never silently
 * answer as of today. The point in time is `as_of` on REST (`asOf` in MCP and GraphQL); the spec's
 * `date` on fundamentals-pit keeps `as_of` as a documented alias.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RESOURCES } from '../../../api/rest/index.ts';
import { LIMIT_POLICIES } from '../../../schema/limits.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount, type KeyCaller } from './user-state-accounts.ts';

let t: TestApp;
let power: KeyCaller;
const test = suite('unknown parameters');
test.before(async () => {
  // Limits are not under test here: a walk over every route would hit the 60/min key limit.
  for (const p of LIMIT_POLICIES) (p as { limit: number }).limit = 1e9;
  t = await sampleApp({ jobs: ['companies', 'fundamentals'] });
  power = await keyAccount(t.app, t.services.store, 'params@example.com', 'power_user');
});
test.after(() => t.close());

test('every API route refuses an unknown query parameter, naming it', async () => {
  let checked = 0;
  for (const res of RESOURCES) {
    for (const def of res.routes) {
      if (def.root || def.ignoreBody || def.access?.auth === 'session') continue;
      const method = (Array.isArray(def.method) ? def.method[0] : def.method) as string;
      const path = def.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === 'cik' ? '320193' : name === 'ticker' ? 'AAPL' : 'x'));
      const r = await power.call(method, `/api${path}?zz_unknown=1`);
      assert.is(r.statusCode, 400, `${method} ${def.path}: ${r.body}`);
      assert.match(r.json().error, "unknown parameter: 'zz_unknown'", `${method} ${def.path}`);
      checked++;
    }
  }
  assert.ok(checked > 60, String(checked));
});

test('fundamentals-pit: as_of is an alias of date, never ignored', async () => {
  const byDate = await power.call('GET', '/api/fundamentals-pit?ticker=AAPL&date=2024-06-01');
  const byAlias = await power.call('GET', '/api/fundamentals-pit?ticker=AAPL&as_of=2024-06-01');
  const today = await power.call('GET', '/api/fundamentals-pit?ticker=AAPL');
  assert.is(byDate.statusCode, 200, byDate.body);
  assert.is(byAlias.json().asOf, '2024-06-01');
  assert.equal(byAlias.json().statement, byDate.json().statement);
  assert.is.not(byAlias.json().statement.accession, today.json().statement.accession);
  const both = await power.call('GET', '/api/fundamentals-pit?ticker=AAPL&date=2024-06-01&as_of=2023-01-01');
  assert.is(both.statusCode, 400);
  assert.match(both.json().error, "'as_of'");
  assert.is((await power.call('GET', '/api/fundamentals-pit?ticker=AAPL&date=2024-06-01&as_of=2024-06-01')).statusCode, 200);
  assert.is((await power.call('GET', '/api/fundamentals-pit/universe?as_of=2024-06-01')).json().asOf, '2024-06-01');
  // The other spellings are refused, naming them: never today's answer.
  for (const wrong of ['asOf', 'asof', 'AS_OF', 'as-of', 'point_in_time']) {
    const r = await power.call('GET', `/api/fundamentals-pit?ticker=AAPL&${wrong}=2023-01-01`);
    assert.is(r.statusCode, 400, wrong);
    assert.match(r.json().error, `'${wrong}'`);
  }
});

test('macro: the point in time is as_of like every other REST route; asOf is refused', async () => {
  const r = await power.call('GET', '/api/macro/series?id=DGS10&asOf=2024-01-01');
  assert.is(r.statusCode, 400);
  assert.match(r.json().error, "unknown parameter: 'asOf'");
  assert.match(r.json().error, "'as_of'");
});

test('a refusal names at most 10 unknown parameters, each cut to 64 characters: a huge name or 1,000 names do not come back whole', async () => {
  const long = 'p'.repeat(10_000);
  const one = await power.call('GET', `/api/health?${long}=1`);
  assert.is(one.statusCode, 400);
  assert.match(one.json().error, `unknown parameter: '${'p'.repeat(64)}…'`);
  assert.ok(one.body.length < 400, `${one.body.length} bytes`);
  const many = await power.call('GET', `/api/health?${Array.from({ length: 1_000 }, (_, i) => `u${i}=1`).join('&')}`);
  assert.is(many.statusCode, 400);
  assert.match(many.json().error, "unknown parameters: 'u0', 'u1'");
  assert.match(many.json().error, "'u9' and 990 more");
  assert.ok(many.body.length < 400, `${many.body.length} bytes`);
});

test('MCP: an unknown tool argument is refused, naming it', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { 'x-api-key': power.key, 'user-agent': 'almanac-tests/1.0 (params)', accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_fundamentals', arguments: { ticker: 'AAPL', as_of: '2023-01-01' } } },
  });
  assert.match(res.body, /unknown parameter: 'as_of'/);
  assert.not.match(res.body, /"fiscalYear"/);
});

test.run();
