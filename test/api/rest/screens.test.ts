/** `/api/screens`: save, list, update, delete, run with the tier rule at run time, ownership (404). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setAccountTier } from '../../../api/store/accounts.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { conformancePlugin, violations } from '../../openapi-conformance.ts';
import { afterStatement, anonymous, keyAccount, type KeyCaller } from './user-state-accounts.ts';

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

screens('names follow the one name rule: NFC before the uniqueness check; control, bidi, zero-width characters and lone surrogates refused', async () => {
  const owner = await keyAccount(t.app, t.services.store, 'names-screens@example.com');
  const first = await owner.call('POST', '/api/screens', { name: '\u00c5rhus value', params: {} });
  assert.is(first.statusCode, 201);
  assert.is((await owner.call('POST', '/api/screens', { name: 'a\u030arhus VALUE', params: {} })).statusCode, 409);
  for (const [name, why] of [
    ['x\u0085', 'U+0085 (a control character)'],
    ['x\u202dy', 'U+202D (a bidirectional control character)'],
    ['x\u200cy', 'U+200C (a zero-width (invisible) character)'],
    ['x\udbff', 'U+DBFF (a lone surrogate, half of a UTF-16 pair)'],
  ]) {
    const res = await owner.call('POST', '/api/screens', { name, params: {} });
    assert.equal([res.statusCode, res.json().error], [400, `invalid body field 'name': must not contain ${why}`], JSON.stringify(name));
  }
  const renamed = await owner.call('PATCH', `/api/screens/${first.json().id}`, { name: 'x\u2069' });
  assert.equal([renamed.statusCode, renamed.json().error], [400, "invalid body field 'name': must not contain U+2069 (a bidirectional control character)"]);
});

screens('a screen deleted between the update and the answer is not a 500', async () => {
  const owner = await keyAccount(t.app, t.services.store, 'race-screens@example.com');
  const store = t.services.store;
  const sid = (await owner.call('POST', '/api/screens', { name: 'Short-lived', params: {} })).json().id as string;
  const undo = afterStatement(store, 'UPDATE saved_screens SET name', () => store.execute('DELETE FROM saved_screens WHERE id = $1', [sid]));
  try {
    const res = await owner.call('PATCH', `/api/screens/${sid}`, { params: { pe_max: 12 } });
    assert.equal([res.statusCode, res.json().name, res.json().params], [200, 'Short-lived', { pe_max: 12 }], 'the screen as the update left it');
  } finally {
    undo();
  }
  assert.is((await owner.call('GET', `/api/screens/${sid}`)).statusCode, 404);
});

screens('every response conforms to the OpenAPI description', () => {
  assert.equal(violations, []);
});

screens.run();
