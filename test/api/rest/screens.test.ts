/** `/api/screens`: save, list, update, delete, run with the tier rule at run time, ownership (404). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setAccountTier } from '../../../api/store/accounts.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { conformancePlugin, violations } from '../../openapi-conformance.ts';
import { anonymous, keyAccount, type KeyCaller } from './user-state-accounts.ts';

let t: TestApp;
let alice: KeyCaller;
let bob: KeyCaller;
let id = '';

const screens = suite('/api/screens');
screens.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'prices', 'technicals', 'filings', 'fundamentals'], server: { plugins: [conformancePlugin()] } });
  alice = await keyAccount(t.app, t.services.store, 'alice-screens@example.com');
  bob = await keyAccount(t.app, t.services.store, 'bob-screens@example.com');
});
screens.after(() => t.close());

screens('anonymous -> 401', async () => {
  assert.is((await anonymous(t.app, 'GET', '/api/screens')).statusCode, 401);
});

screens('save, read, list; invalid parameters -> 400; duplicate name -> 409', async () => {
  const res = await alice.call('POST', '/api/screens', { name: 'Large caps', params: { mktcap_min: 1, sort: 'marketCap:desc', limit: 10 } });
  assert.is(res.statusCode, 201);
  id = res.json().id;
  assert.equal([res.json().name, res.json().params, res.json().lastRunAt], ['Large caps', { mktcap_min: 1, sort: 'marketCap:desc', limit: 10 }, null]);
  assert.is((await alice.call('POST', '/api/screens', { name: 'LARGE CAPS', params: {} })).statusCode, 409);
  let bad = await alice.call('POST', '/api/screens', { name: 'Bad sort', params: { sort: 'shoeSize' } });
  assert.is(bad.statusCode, 400);
  assert.match(bad.json().error, 'params.sort');
  bad = await alice.call('POST', '/api/screens', { name: 'Bad key', params: { colour: 'red' } });
  assert.is(bad.statusCode, 400);
  assert.equal((await alice.call('GET', '/api/screens')).json().map((s: { name: string }) => s.name), ['Large caps']);
  assert.equal((await alice.call('GET', `/api/screens/${id}`)).json().params.limit, 10);
});

screens('run applies the tier at run time: Learner gets three locked rows, Researcher the full set', async () => {
  const direct = JSON.parse((await t.app.inject({ url: '/api/screener?mktcap_min=1&limit=10', headers: { 'x-api-key': alice.key } })).body);
  let run = await alice.call('GET', `/api/screens/${id}/run`);
  assert.is(run.statusCode, 200);
  let r = run.json();
  assert.equal(r.result, direct, 'same answer as /api/screener with the same parameters and tier');
  assert.is(r.result.locked, true);
  assert.is(r.result.results.length, Math.min(3, r.result.locked_total));
  assert.type(r.screen.lastRunAt, 'string');
  await setAccountTier(t.services.store, alice.accountId, 'researcher');
  t.services.identity.keyCache.invalidateAccount(alice.accountId);
  run = await alice.call('GET', `/api/screens/${id}/run`);
  r = run.json();
  assert.is(r.result.locked, false);
  assert.is(r.result.results.length, Math.min(10, r.result.total));
  assert.not.ok('locked_total' in r.result);
});

screens('update and delete', async () => {
  let res = await alice.call('PATCH', `/api/screens/${id}`, { name: 'Cheap', params: { pe_max: 20 } });
  assert.equal([res.statusCode, res.json().name, res.json().params], [200, 'Cheap', { pe_max: 20 }]);
  res = await alice.call('PATCH', `/api/screens/${id}`, { params: { pe_max: 'twenty' } });
  assert.is(res.statusCode, 400);
  const tmp = (await alice.call('POST', '/api/screens', { name: 'Temporary', params: {} })).json();
  assert.is((await alice.call('DELETE', `/api/screens/${tmp.id}`)).statusCode, 204);
  assert.is((await alice.call('GET', `/api/screens/${tmp.id}`)).statusCode, 404);
});

screens('ownership: every read, run, update and delete of another account\'s screen is 404', async () => {
  for (const [m, u, b] of [
    ['GET', `/api/screens/${id}`],
    ['GET', `/api/screens/${id}/run`],
    ['PATCH', `/api/screens/${id}`, { name: 'stolen' }],
    ['DELETE', `/api/screens/${id}`],
  ] as [string, string, unknown?][]) {
    assert.is((await bob.call(m, u, b)).statusCode, 404, `${m} ${u}`);
  }
  assert.equal((await bob.call('GET', '/api/screens')).json(), []);
  assert.is((await alice.call('GET', `/api/screens/${id}`)).json().name, 'Cheap');
});

screens('every response conforms to the OpenAPI description', () => {
  assert.equal(violations, []);
});

screens.run();
