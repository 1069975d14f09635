/**
 * A slow Redis is not a gone one: a command that timed out on our side may still run in Redis and
 * count the call. Such a call must be refused (503), never admitted from the local allowance, or a
 * busy machine over-admits (the two-process test once saw 63 of a 60/min key admitted, with 31
 * 503s, under a load average of 17). The test's own redis-server is paused with `CLIENT PAUSE`
 * while calls are in flight, so every command sent then times out here and runs in Redis later.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { anonymousCaller, type Caller } from '../../../api/caller.ts';
import { ServiceUnavailableError, TooManyRequestsError } from '../../../api/errors.ts';
import { Limiter } from '../../../api/limits/limiter.ts';
import { RedisLimitStore } from '../../../api/limits/redis.ts';
import { awayFromWindowEdge } from '../../helpers.ts';
import { freePort, hasRedisServer, startRedis } from './redis-server.ts';

const test = suite('limits: a Redis too slow to answer in time');
let redis: ChildProcess | null = null;
let port = 0;

test.before(async () => {
  if (!hasRedisServer) return;
  port = await freePort();
  redis = await startRedis(port);
});
test.after(() => {
  redis?.kill('SIGKILL');
});

const key = (): Caller => ({ ...anonymousCaller('198.51.100.7', 'almanac-tests/1.0 (slow redis)'), kind: 'key', accountId: randomUUID(), keyId: randomUUID(), keyKind: 'standard' });

async function outcome(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof TooManyRequestsError) return 429;
    if (err instanceof ServiceUnavailableError) return 503;
    throw err;
  }
}

test('timed-out calls are 503, never admitted locally: a 60/min key gets at most 60', async () => {
  if (!hasRedisServer) return void console.log('skipped: redis-server is not installed');
  await awayFromWindowEdge();
  const store = await RedisLimitStore.open({ url: `redis://127.0.0.1:${port}`, prefix: `slow:${randomUUID()}:`, commandTimeoutMs: 150 });
  const limiter = new Limiter({ store, publicUrl: 'http://localhost', seeds: async () => ({ calls: 0, accruedMicros: 0, conf: { enabled: false, plan: '', rateMicros: 0, priceMicros: 0, capMicros: 0 } }) });
  const admin = new Redis(port, '127.0.0.1');
  const caller = key();
  const call = () => outcome(limiter.admit(caller, { path: '/api/ticker-search', weight: 1, metered: false }));
  try {
    const counts: Record<number, number> = {};
    const tally = (s: number) => (counts[s] = (counts[s] ?? 0) + 1);
    for (let i = 0; i < 20; i++) tally(await call());
    // Paused for 1 s: the next 30 calls are sent, time out here after 150 ms, and run when it ends.
    await admin.call('CLIENT', 'PAUSE', '1000', 'ALL');
    const during = await Promise.all(Array.from({ length: 30 }, call));
    during.forEach(tally);
    assert.ok(during.every((s) => s === 503), `calls with an unknown outcome were answered ${JSON.stringify(during)}`);
    await new Promise((r) => setTimeout(r, 1_200));
    for (let i = 0; i < 60; i++) tally(await call());
    assert.ok((counts[200] ?? 0) <= 60, `over-admitted: ${JSON.stringify(counts)}`);
    // Redis counted the 30 timed-out calls too: 20 + 30 + 10 = 60, then 429.
    assert.is(counts[200], 30, JSON.stringify(counts));
    assert.is(counts[429], 50, JSON.stringify(counts));
    assert.is(limiter.stats.localAdmits, 0);
  } finally {
    admin.disconnect();
    await store.close();
  }
});

test('a Redis that is gone (never sent) still falls back to the local security limits', async () => {
  if (!hasRedisServer) return void console.log('skipped: redis-server is not installed');
  const gone = await freePort();
  const store = await RedisLimitStore.open({ url: `redis://127.0.0.1:${gone}`, prefix: 'gone:', commandTimeoutMs: 150 });
  const limiter = new Limiter({ store, publicUrl: 'http://localhost', seeds: async () => ({ calls: 0, accruedMicros: 0, conf: { enabled: false, plan: '', rateMicros: 0, priceMicros: 0, capMicros: 0 } }) });
  try {
    assert.is(await outcome(limiter.admit(key(), { path: '/api/ticker-search', weight: 1, metered: false })), 200);
  } finally {
    await store.close();
  }
});

test.run();
