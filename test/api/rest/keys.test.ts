/** `/api/keys/*` and the identity steps over `app.inject`: issue, list, revoke, trial, X-API-Key, Bearer, UA rule. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateApiKey } from '../../../api/identity/keys.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { Client, signedIn } from '../identity/client.ts';

let t: TestApp;
let alice: Client;
let bob: Client;

const keys = suite('keys');
keys.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
  for (const p of Object.values(t.services.identity.throttles)) p.limit = 1_000_000;
  alice = await signedIn(t.app, t.config.dataDir, 'alice@example.com', '203.0.113.50');
  bob = await signedIn(t.app, t.config.dataDir, 'bob@example.com', '203.0.113.51');
});
keys.after(() => t.close());

const withKey = (key: string, url = '/api/ticker-search?q=apple', ua = 'curl/8.5.0') => t.app.inject({ url, headers: { 'x-api-key': key, 'user-agent': ua } });

keys('an unverified account cannot get a key (409), standard or trial', async () => {
  const carol = await signedIn(t.app, t.config.dataDir, 'carol@example.com', '203.0.113.52', false);
  for (const url of ['/api/keys', '/api/keys/trial']) {
    const res = await carol.call('POST', url, { body: {} });
    assert.is(res.statusCode, 409, url);
    assert.match(res.json().error, 'verify your email');
  }
  assert.equal((await carol.call('GET', '/api/keys/list')).json(), []);
});

keys('create -> the raw key once; calls with X-API-Key are that account; the list shows only the prefix', async () => {
  const res = await alice.call('POST', '/api/keys', { body: { name: 'research agent', expiresInDays: 30 } });
  assert.is(res.statusCode, 201);
  const created = res.json();
  assert.match(created.key, /^alm_live_[0-9A-Za-z]{49}$/);
  assert.is(created.prefix, created.key.slice(0, 17));
  assert.is(created.lastFour, created.key.slice(-4));
  assert.is(created.kind, 'standard');
  assert.is(created.status, 'active');
  assert.is(created.name, 'research agent');
  assert.is(Math.round((Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000), 30);

  const call = await withKey(created.key, '/api/auth/me');
  assert.is(call.statusCode, 200);
  assert.is(JSON.parse(call.body).email, 'alice@example.com');
  assert.is((await withKey(created.key)).statusCode, 200, 'a keyed call passes the UA rule even as bare curl');

  const list = await alice.call('GET', '/api/keys/list');
  assert.is(list.statusCode, 200);
  assert.not.match(list.body, created.key);
  assert.not.match(list.body, created.key.slice(17, 40));
  const [row] = list.json();
  assert.equal(Object.keys(row).sort(), ['createdAt', 'dailyLimit', 'expiresAt', 'id', 'kind', 'lastFour', 'lastUsedAt', 'name', 'prefix', 'revokedAt', 'status']);
  assert.is(row.id, created.id);
  assert.is(row.prefix, created.prefix);
  assert.is(typeof row.lastUsedAt, 'string', 'use is recorded');
  const stored = await t.services.store.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE id = $1', [created.id]);
  assert.match(stored[0]!.key_hash, /^[0-9a-f]{64}$/);
  assert.is.not(stored[0]!.key_hash, created.key);
  // The key lists its own account's keys too.
  assert.is((await withKey(created.key, '/api/keys/list')).statusCode, 200);
});

keys('key names follow the one name rule of every user-named object (NFC, no control, bidi or zero-width characters, no lone surrogates)', async () => {
  const named = await alice.call('POST', '/api/keys', { body: { name: 'Cafe\u0301 agent' } });
  assert.equal([named.statusCode, named.json().name], [201, 'Caf\u00e9 agent'], 'stored NFC-normalised');
  await alice.call('DELETE', `/api/keys/${named.json().id}`);
  for (const [name, why] of [
    ['x\u0085', 'U+0085 (a control character)'],
    ['agent\u202e', 'U+202E (a bidirectional control character)'],
    ['a\u200bgent', 'U+200B (a zero-width (invisible) character)'],
    ['a\ud800', 'U+D800 (a lone surrogate, half of a UTF-16 pair)'],
  ]) {
    const res = await alice.call('POST', '/api/keys', { body: { name } });
    assert.equal([res.statusCode, res.json().error], [400, `invalid body field 'name': must not contain ${why}`], JSON.stringify(name));
  }
  const blank = await alice.call('POST', '/api/keys', { body: { name: '  ' } });
  assert.equal([blank.statusCode, blank.json().error], [400, "invalid body field 'name': must not be empty or blank: leave name out for an unnamed key"]);
});

keys('a key sent as Bearer is anonymous: bare curl is refused, a descriptive agent gets anonymous data, /me is 401', async () => {
  const { key } = (await alice.call('POST', '/api/keys', { body: {} })).json();
  const bare = await t.app.inject({ url: '/api/ticker-search?q=apple', headers: { authorization: `Bearer ${key}`, 'user-agent': 'curl/8.5.0' } });
  assert.is(bare.statusCode, 400);
  assert.match(JSON.parse(bare.body).error, 'User-Agent');
  const named = await t.app.inject({ url: '/api/ticker-search?q=apple', headers: { authorization: `Bearer ${key}`, 'user-agent': 'my-agent/1.0 (me@example.com)' } });
  assert.is(named.statusCode, 200);
  const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${key}`, 'user-agent': 'my-agent/1.0' } });
  assert.is(me.statusCode, 401);
});

keys('unknown, malformed and empty keys are 401, never anonymous', async () => {
  for (const key of [generateApiKey('standard').key, 'alm_live_garbage', '', 'sk_test_123']) {
    const res = await withKey(key, '/api/ticker-search?q=apple', 'my-agent/1.0');
    assert.is(res.statusCode, 401, key);
    assert.equal(JSON.parse(res.body), { error: 'invalid API key' });
    assert.is(res.headers['www-authenticate'], undefined, 'nothing points at OAuth');
  }
});

keys('a key header sent twice is a 400 saying so, not "invalid API key"', async () => {
  // Node joins a repeated X-API-Key into "K, K" (an outside pass sent the same valid key twice).
  const created = (await alice.call('POST', '/api/keys', { body: { name: 'twice' } })).json();
  for (const url of ['/api/ticker-search?q=apple', '/api/auth/me']) {
    const res = await withKey(`${created.key}, ${created.key}`, url, 'my-agent/1.0');
    assert.equal([res.statusCode, JSON.parse(res.body)], [400, { error: "header 'X-API-Key' was given more than once: send one key" }], url);
  }
  assert.is((await withKey(created.key, '/api/auth/me', 'my-agent/1.0')).statusCode, 200);
});

keys('revoke: later use is 401; another account revoking it is 404; revoking twice answers the same', async () => {
  const created = (await alice.call('POST', '/api/keys', { body: { name: 'short-lived' } })).json();
  assert.is((await withKey(created.key)).statusCode, 200);
  const theft = await bob.call('DELETE', `/api/keys/${created.id}`);
  assert.is(theft.statusCode, 404);
  assert.is((await withKey(created.key)).statusCode, 200, "bob's attempt changed nothing");
  assert.is((await bob.call('DELETE', '/api/keys/not-a-uuid')).statusCode, 404);
  assert.is((await alice.call('DELETE', `/api/keys/${created.id}`, { csrf: false })).statusCode, 403);
  const revoked = await alice.call('DELETE', `/api/keys/${created.id}`);
  assert.is(revoked.statusCode, 200);
  assert.is(revoked.json().status, 'revoked');
  const after = await withKey(created.key);
  assert.is(after.statusCode, 401);
  assert.equal(JSON.parse(after.body), { error: 'this API key has been revoked' });
  const again = await alice.call('DELETE', `/api/keys/${created.id}`);
  assert.is(again.statusCode, 200);
  assert.is(again.json().revokedAt, revoked.json().revokedAt);
  const listed = (await alice.call('GET', '/api/keys/list')).json().find((k: { id: string }) => k.id === created.id);
  assert.is(listed.status, 'revoked');
});

keys('an expired key is 401', async () => {
  const created = (await alice.call('POST', '/api/keys', { body: { expiresInDays: 1 } })).json();
  const realNow = t.services.identity.now;
  t.services.identity.now = () => Date.now() + 2 * 86_400_000;
  try {
    const res = await withKey(created.key);
    assert.is(res.statusCode, 401);
    assert.equal(JSON.parse(res.body), { error: 'this API key has expired' });
  } finally {
    t.services.identity.now = realNow;
  }
});

keys('trial key: 14 days, 100 calls/day recorded, one per account lifetime (revoked still counts)', async () => {
  const res = await bob.call('POST', '/api/keys/trial');
  assert.is(res.statusCode, 201);
  const trial = res.json();
  assert.match(trial.key, /^alm_trial_[0-9A-Za-z]{49}$/);
  assert.is(trial.kind, 'trial');
  assert.is(trial.dailyLimit, 100);
  assert.is(Math.round((Date.parse(trial.expiresAt) - Date.parse(trial.createdAt)) / 86_400_000), 14);
  assert.is((await withKey(trial.key, '/api/auth/me')).statusCode, 200);
  const second = await bob.call('POST', '/api/keys/trial');
  assert.is(second.statusCode, 409);
  assert.match(second.json().error, 'one per account lifetime');
  assert.is((await bob.call('DELETE', `/api/keys/${trial.id}`)).statusCode, 200);
  assert.is((await bob.call('POST', '/api/keys/trial')).statusCode, 409);
});

keys('managing keys needs a session: a key caller and an anonymous caller get 401, a missing CSRF token 403', async () => {
  const { key } = (await alice.call('POST', '/api/keys', { body: {} })).json();
  const byKey = await t.app.inject({ method: 'POST', url: '/api/keys', headers: { 'x-api-key': key, 'user-agent': 'my-agent/1.0', 'content-type': 'application/json' }, payload: '{}' });
  assert.is(byKey.statusCode, 401);
  const anon = await new Client(t.app).call('POST', '/api/keys', { body: {} });
  assert.is(anon.statusCode, 401);
  assert.is((await new Client(t.app).call('GET', '/api/keys/list')).statusCode, 401);
  assert.is((await alice.call('POST', '/api/keys', { body: {}, csrf: false })).statusCode, 403);
  assert.is((await alice.call('POST', '/api/keys', { body: {}, csrf: 'forged.token' })).statusCode, 403);
  const form = await alice.call('POST', '/api/keys', { body: 'name=x', headers: { 'content-type': 'text/plain' } });
  assert.is(form.statusCode, 415);
  assert.is((await alice.call('POST', '/api/keys', { body: { name: 'x', tier: 'power_user' } })).statusCode, 400);
});

keys('the key cache sees a tier change made through the store after invalidation', async () => {
  const { key } = (await alice.call('POST', '/api/keys', { body: {} })).json();
  assert.is(JSON.parse((await withKey(key, '/api/auth/me')).body).tier, 'learner');
  const accountId = alice.jar.size && (await alice.call('GET', '/api/auth/me')).json().id;
  await t.services.store.query("UPDATE accounts SET tier = 'investor', plan = 'developer' WHERE id = $1", [accountId]);
  t.services.identity.keyCache.invalidateAccount(accountId);
  const me = JSON.parse((await withKey(key, '/api/auth/me')).body);
  assert.equal({ tier: me.tier, plan: me.plan, effectiveTier: me.effectiveTier }, { tier: 'investor', plan: 'developer', effectiveTier: 'power_user' });
});

keys.run();

// ---

const rules = suite('user-agent rule and OAuth metadata');
rules.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
rules.after(() => t.close());

rules('bare default agents and a missing agent are refused on /api/* without a credential (400, clear message)', async () => {
  for (const ua of ['curl/8.5.0', 'python-requests/2.32.3', 'Go-http-client/1.1', 'Wget/1.21.3', 'node', 'undici', 'axios/1.7.2']) {
    for (const url of ['/api/ticker-search?q=apple', '/api/v1/ticker-search?q=apple', '/api/nope']) {
      const res = await t.app.inject({ url, headers: { 'user-agent': ua } });
      assert.is(res.statusCode, 400, `${ua} ${url}`);
      assert.match(JSON.parse(res.body).error, 'send a descriptive User-Agent header');
    }
  }
  const none = await t.app.inject({ url: '/api/ticker-search?q=apple', headers: { 'user-agent': '' } });
  assert.is(none.statusCode, 400);
  assert.is((await t.app.inject({ url: '/api/ticker-search?q=apple', headers: { 'user-agent': 'curl/8.5.0 (me@example.com)' } })).statusCode, 200);
  assert.is((await t.app.inject({ url: '/nothing', headers: { 'user-agent': 'curl/8.5.0' } })).statusCode, 404, 'only /api/*');
});

rules('no OAuth metadata: /.well-known/oauth-* answer 404', async () => {
  for (const url of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource/api']) {
    const res = await t.app.inject({ url, headers: { 'user-agent': 'my-agent/1.0' } });
    assert.is(res.statusCode, 404, url);
  }
});

rules.run();
