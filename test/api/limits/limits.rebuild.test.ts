/**
 * Per-key counters survive a restart of the server process with the embedded (in-process) limit
 * store (issue 13.9): every admitted call of a key is recorded in the user store (`key_usage`), and
 * a new store rebuilds the key's minute and month counters from it. The Redis side (its own
 * redis-server killed and restarted, then flushed) is limits.redis-restart.fault.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { anonymousCaller, type Caller } from '../../../api/caller.ts';
import { openMetering } from '../../../api/billing/open.ts';
import { ServiceUnavailableError, TooManyRequestsError } from '../../../api/errors.ts';
import { Limiter } from '../../../api/limits/limiter.ts';
import { MemoryLimitStore } from '../../../api/limits/memory.ts';
import { freshPgliteStore } from '../../helpers.ts';
import { TEST_UA } from '../identity/client.ts';

const embedded = suite('limits: per-key counters after the server process restarts (embedded store)');

embedded('a new in-process store over the same user store rebuilds the key\'s minute and month', async () => {
  const store = await freshPgliteStore();
  const clock = { now: Date.UTC(2026, 4, 20, 10, 0, 0) };
  const config = { redisUrl: '', redisPrefix: 'alm:', publicUrl: 'http://localhost' };
  const caller: Caller = { ...anonymousCaller('192.0.2.7', TEST_UA), kind: 'key', accountId: randomUUID(), keyId: randomUUID(), keyKind: 'standard' };
  const admitN = async (m: Awaited<ReturnType<typeof openMetering>>, n: number) => {
    let ok = 0;
    for (let i = 0; i < n; i++) {
      try {
        const adm = await m.limits.admit(caller, { path: '/api/probe', metered: false });
        await adm.recorded;
        ok++;
      } catch (err) {
        if (!(err instanceof TooManyRequestsError)) throw err;
        return { ok, refused: err };
      }
      clock.now += 100;
    }
    return { ok, refused: null };
  };
  const first = await openMetering(config, store, () => clock.now);
  assert.is((await admitN(first, 50)).ok, 50);
  await first.close();
  // The "restarted process": an empty in-process store.
  const second = await openMetering(config, store, () => clock.now);
  const run = await admitN(second, 20);
  assert.is(run.ok, 10);
  assert.is(run.refused?.extra.policy, 'key-standard-minute');
  // Next minute: a fresh minute, the month still counts the 60.
  clock.now = Date.UTC(2026, 4, 20, 10, 1, 0);
  await (await second.limits.admit(caller, { path: '/api/probe', metered: false })).recorded;
  const month = await second.limits.store.evaluate({ now: clock.now, counters: [{ key: `key-standard-month:k:${caller.keyId}:2026-05`, policy: 'peek', kind: 'fixed', limit: 10_000, cost: 0, windowMs: 60_000 }] });
  assert.is(month.outcome, 'admitted');
  if (month.outcome === 'admitted') assert.is(month.counters[0]!.remaining, 10_000 - 61);
  const [row] = await store.query<{ calls: number }>('SELECT sum(calls)::int AS calls FROM key_usage WHERE key_id = $1', [caller.keyId]);
  assert.is(row!.calls, 61);
  await second.close();
  await store.close();
});

embedded('concurrent calls of a lost key share one read of its usage; a failed read is a 503, never a local admit', async () => {
  const now = Date.UTC(2026, 4, 20, 10, 0, 30);
  const store = new MemoryLimitStore({ clock: () => now });
  let reads = 0;
  let fail = false;
  const usage = {
    record: () => ({ done: Promise.resolve() }),
    withdraw: async () => undefined,
    counts: async (_key: string, since: number[]) => {
      reads++;
      await new Promise((r) => setTimeout(r, 20));
      if (fail) throw new Error('user store down');
      return since.map(() => 10);
    },
  };
  const seeds = async () => ({ calls: 0, accruedMicros: 0, conf: { enabled: false, plan: '' as const, rateMicros: 0, priceMicros: 0, capMicros: 0 } });
  const limiter = new Limiter({ store, seeds, usage, publicUrl: 'http://localhost', clock: () => now });
  const caller: Caller = { ...anonymousCaller('192.0.2.8', TEST_UA), kind: 'key', accountId: randomUUID(), keyId: randomUUID(), keyKind: 'standard' };
  const results = await Promise.allSettled(Array.from({ length: 80 }, () => limiter.admit(caller, { path: '/api/probe' })));
  assert.is(reads, 1);
  // 10 calls already this minute (the seed): 50 more admitted.
  assert.is(results.filter((r) => r.status === 'fulfilled').length, 50);

  store.clear();
  fail = true;
  const other: Caller = { ...caller, keyId: randomUUID() };
  const refused = await limiter.admit(other, { path: '/api/probe' }).catch((err: unknown) => err);
  assert.instance(refused, ServiceUnavailableError);
  assert.is((refused as ServiceUnavailableError).status, 503);
  assert.is(limiter.stats.localAdmits, 0);
});

embedded.run();
