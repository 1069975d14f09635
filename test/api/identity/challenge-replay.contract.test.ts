/**
 * One proof-of-work challenge registers once, even under many concurrent replays (issue 13.4), on
 * PGlite and on PostgreSQL (DATABASE_URL; a throw-away schema): the nonce is spent by a unique
 * insert in the user store, so exactly one of N simultaneous registrations carrying the same
 * solved challenge is accepted, whatever process or connection each one lands on.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { appStoreTargets } from '../store/targets.ts';
import { Client, PASSWORD } from './client.ts';

const REPLAYS = 24;

for (const target of appStoreTargets('replay')) {
  const s = suite(`challenge replay (${target.name})`);
  let t: TestApp;
  s.before(async () => {
    t = await sampleApp({ build: false, config: await target.open() });
    for (const p of Object.values(t.services.identity.throttles)) p.limit = 1_000_000;
  });
  s.after(async () => {
    await t.close();
    await target.cleanup();
  });

  s(`${REPLAYS} concurrent registrations with one solved challenge: exactly one 202`, async () => {
    for (let round = 0; round < 3; round++) {
      const clients = Array.from({ length: REPLAYS }, (_, i) => new Client(t.app, `198.51.100.${i + 1}`));
      await Promise.all(clients.map((c) => c.csrf()));
      const solved = await clients[0]!.challenge();
      const results = await Promise.all(
        clients.map((c, i) => c.call('POST', '/api/auth/register', { body: { email: `replay-${round}-${i}@example.com`, password: PASSWORD, ...solved } })),
      );
      const codes = results.map((r) => r.statusCode);
      assert.is(codes.filter((c) => c === 202).length, 1, `round ${round}: ${codes.join(',')}`);
      for (const r of results.filter((x) => x.statusCode !== 202)) {
        assert.is(r.statusCode, 400);
        assert.match(r.json().error, "'challenge': this challenge was already used");
      }
      const late = await clients[1]!.call('POST', '/api/auth/register', { body: { email: `late-${round}@example.com`, password: PASSWORD, ...solved } });
      assert.is(late.statusCode, 400, 'a later replay is refused too');
    }
    const accounts = await t.services.store.query<{ n: number }>("SELECT count(*)::int AS n FROM accounts WHERE email LIKE 'replay-%' OR email LIKE 'late-%'");
    assert.is(accounts[0]!.n, 3);
  });

  s.run();
}
