/**
 * The login throttles cannot be used to lock the owner out (issue 13.10). Before: 10 wrong
 * passwords from rotating addresses made the right password answer 429 for 15 minutes. Now
 * attempts are capped per client IP and per (account, IP); failed attempts per account from all
 * addresses have a ceiling past which only an address that signed in before, or a request carrying
 * a solved proof-of-work challenge, is considered. Limits are lowered here to keep the test short;
 * their production values are in schema/accounts.ts AUTH_THROTTLES.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { Client, signedIn, PASSWORD } from '../identity/client.ts';

let t: TestApp;
const s = suite('login throttle');
s.before(async () => {
  t = await sampleApp({ build: false });
  (t.services as { limits?: unknown }).limits = undefined; // the limits step is not under test
  const ids = t.services.identity.throttles;
  ids.registerPerIp.limit = 1_000;
  ids.challengePerIp.limit = 1_000;
  ids.loginPerAccountIp.limit = 3;
  ids.loginFailuresPerAccount.limit = 6;
});
s.after(() => t.close());

const attacker = (n: number) => new Client(t.app, `192.0.2.${n}`);

s('10 wrong passwords from rotating addresses do not lock the owner out', async () => {
  const owner = await signedIn(t.app, t.config.dataDir, 'rotating@example.com', '203.0.113.70');
  const ids = t.services.identity.throttles;
  ids.loginFailuresPerAccount.limit = 50;
  try {
    for (let i = 0; i < 10; i++) assert.is((await attacker(10 + i).login('rotating@example.com', `guess-${i}`)).statusCode, 401);
    assert.is((await owner.login('rotating@example.com', PASSWORD)).statusCode, 200, 'from the usual address');
    assert.is((await new Client(t.app, '203.0.113.71').login('rotating@example.com', PASSWORD)).statusCode, 200, 'and from a new one');
  } finally {
    ids.loginFailuresPerAccount.limit = 6;
  }
});

s('one address guessing is stopped at the per (account, IP) limit; the owner elsewhere is not', async () => {
  await signedIn(t.app, t.config.dataDir, 'single@example.com', '203.0.113.72');
  const a = attacker(40);
  for (let i = 0; i < 3; i++) assert.is((await a.login('single@example.com', `guess-${i}`)).statusCode, 401);
  const blocked = await a.login('single@example.com', PASSWORD);
  assert.is(blocked.statusCode, 429, 'even the right password, from the guessing address');
  assert.match(blocked.json().error, 'sign-ins for this account from this address');
  assert.ok(Number(blocked.headers['retry-after']) >= 1);
  assert.is((await new Client(t.app, '203.0.113.73').login('single@example.com', PASSWORD)).statusCode, 200);
});

s('past the account ceiling: a new address needs a proof of work; a known address and a solved challenge get in', async () => {
  const owner = await signedIn(t.app, t.config.dataDir, 'besieged@example.com', '203.0.113.74');
  // 6 failures from 3 addresses reach the ceiling (2 each stays under the per-address limit of 3).
  for (let i = 0; i < 6; i++) assert.is((await attacker(60 + (i % 3)).login('besieged@example.com', `guess-${i}`)).statusCode, 401);

  const fresh = attacker(70);
  const refused = await fresh.login('besieged@example.com', 'guess-x');
  assert.is(refused.statusCode, 429);
  assert.match(refused.json().error, "'challenge' and 'solution' from GET /api/auth/challenge");
  const right = await new Client(t.app, '203.0.113.75').login('besieged@example.com', PASSWORD);
  assert.is(right.statusCode, 429, 'the right password from a new address without proof is not even checked');

  // Known even after its sessions ended and were purged (a day after they end): the addresses are kept apart.
  assert.is((await owner.call('POST', '/api/auth/logout')).statusCode, 204);
  await t.services.store.execute('DELETE FROM sessions WHERE account_id = (SELECT id FROM accounts WHERE email = $1)', ['besieged@example.com']);
  owner.csrfToken = null;
  assert.is((await owner.login('besieged@example.com', PASSWORD)).statusCode, 200, 'the address the owner signed in from before');

  const traveller = new Client(t.app, '203.0.113.76');
  await traveller.csrf();
  const proof = await traveller.challenge();
  const withProof = await traveller.call('POST', '/api/auth/login', { body: { email: 'besieged@example.com', password: PASSWORD, ...proof } });
  assert.is(withProof.statusCode, 200, 'a new address with a solved challenge');
  const other = new Client(t.app, '203.0.113.77');
  await other.csrf();
  const replay = await other.call('POST', '/api/auth/login', { body: { email: 'besieged@example.com', password: PASSWORD, ...proof } });
  assert.is(replay.statusCode, 400, 'a challenge works once');
  assert.match(replay.json().error, "'challenge': this challenge was already used");

  // A guesser with a solved challenge is checked (401) and still counted; it never learns more.
  await fresh.csrf();
  const guess = await fresh.call('POST', '/api/auth/login', { body: { email: 'besieged@example.com', password: 'guess-y', ...(await fresh.challenge()) } });
  assert.is(guess.statusCode, 401);
});

s('the ceiling applies to unknown emails alike (no account enumeration), and challenge and solution go together', async () => {
  for (let i = 0; i < 6; i++) await attacker(80 + (i % 3)).login('nobody@example.com', `guess-${i}`);
  assert.is((await attacker(90).login('nobody@example.com', 'guess')).statusCode, 429);
  const c = attacker(91);
  await c.csrf();
  const { challenge } = await c.challenge();
  const half = await c.call('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'guess', challenge } });
  assert.is(half.statusCode, 400);
  assert.match(half.json().error, "'solution'");
});

s.run();
