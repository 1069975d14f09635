/**
 * Per-key counters survive Redis losing its data (issue 13.9): every admitted call of a key is
 * recorded in the user store (`key_usage`), and a key's minute, trial-day and month counters that
 * Redis lost (restart without persistence, FLUSHALL) are rebuilt from it. Over HTTP with the
 * test's own redis-server, killed and restarted, then flushed (a slow suite: npm run test:slow).
 * The embedded store's side is limits.rebuild.test.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { RedisLimitStore } from '../../../api/limits/redis.ts';
import { RESOURCES } from '../../../api/rest/index.ts';
import { awayFromWindowEdge, sampleApp, type TestApp } from '../../helpers.ts';
import { probe } from './probe.ts';
import { signedIn, TEST_UA, type Client } from '../identity/client.ts';
import { freePort, hasRedisServer, startRedis } from './redis-server.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const http = suite('limits: per-key counters after a Redis restart or flush');
let t: TestApp;
let redis: ChildProcess | null = null;
let port = 0;
let alice: Client;

http.before(async () => {
  port = await freePort();
  redis = await startRedis(port);
  t = await sampleApp({ jobs: ['companies'], config: { redisUrl: `redis://127.0.0.1:${port}`, redisPrefix: `restart:${randomUUID()}:` }, server: { resources: [...RESOURCES, probe] } });
  for (const p of Object.values(t.services.identity.throttles)) p.limit = 1_000_000;
  alice = await signedIn(t.app, t.config.dataDir, 'restart@example.com', '203.0.113.70');
});
http.after(async () => {
  await t?.close();
  redis?.kill('SIGKILL');
});

const call = (key: string, url = '/api/probe', ip = '198.51.100.70') => t.app.inject({ url, headers: { 'x-api-key': key, 'user-agent': TEST_UA }, remoteAddress: ip });

async function calls(key: string, n: number, url?: string, ip?: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call(key, url, ip)).statusCode);
  return out;
}

const redisStore = () => t.services.limits.store as RedisLimitStore;

/** Waits until the limiter reaches Redis again after a restart. */
async function redisBack(): Promise<void> {
  for (let i = 0; i < 100 && !(await redisStore().ping()); i++) await sleep(100);
  assert.ok(await redisStore().ping(), 'Redis did not come back');
}

async function keyId(prefixOfKey: string): Promise<string> {
  const list = (await alice.call('GET', '/api/keys/list')).json() as { id: string; prefix: string }[];
  return list.find((k) => prefixOfKey.startsWith(k.prefix))!.id;
}

http('a 60/min key: 45 calls, Redis killed and restarted, then 15 more and the 61st of the minute refused; the month goes on', async () => {
  await awayFromWindowEdge(60_000, 30_000);
  const key = (await alice.call('POST', '/api/keys', { body: { name: 'restart' } })).json().key as string;
  const id = await keyId(key);
  // Earlier this month the key made 5,000 calls (its usage rows, as the server wrote them then).
  const now = Date.now();
  const d = new Date(now);
  const monthStartMinute = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 60_000;
  await t.services.store.execute('INSERT INTO key_usage (key_id, minute, calls) VALUES ($1, $2, 5000)', [id, monthStartMinute]);

  const before = [...(await calls(key, 35)), ...(await calls(key, 10, '/api/probe?status=404'))];
  assert.equal(before.filter((s) => s === 200).length, 35);
  assert.equal(before.filter((s) => s === 404).length, 10);

  redis!.kill('SIGKILL');
  await sleep(300);
  redis = await startRedis(port);
  await redisBack();
  assert.is(await redisStore().client.dbsize(), 0, 'the restarted Redis should be empty');

  const after = await calls(key, 16);
  assert.equal(after.slice(0, 15), Array(15).fill(200), JSON.stringify(after));
  const refused = await call(key);
  assert.is(after[15], 429, `the 61st call of the minute after the restart: ${after[15]}`);
  assert.is(refused.json().policy, 'key-standard-minute');
  // The month counter was rebuilt too: 5,000 earlier + 60 this minute.
  assert.is(await redisStore().client.get(`${redisStore().prefix}key-standard-month:k:${id}:${d.toISOString().slice(0, 7)}`), '5060');
  assert.ok(t.services.limits.stats.rebuiltCounters >= 2);
});

http('a trial key: 40 calls, FLUSHALL, then 60 more and the 101st of the day refused', async () => {
  await awayFromWindowEdge(86_400_000, 60_000);
  const ip = '198.51.100.71';
  const created = await alice.call('POST', '/api/keys/trial');
  assert.is(created.statusCode, 201, created.body);
  const key = created.json().key as string;
  assert.equal(await calls(key, 40, undefined, ip), Array(40).fill(200));
  await redisStore().client.flushall();
  const after = await calls(key, 61, undefined, ip);
  assert.equal(after.slice(0, 60), Array(60).fill(200));
  assert.is(after[60], 429);
  const refused = await call(key, undefined, ip);
  assert.is(refused.json().policy, 'key-trial-day');
  assert.is(refused.json().limit, 100);
});

if (hasRedisServer) http.run();
else console.log('limits.redis-restart: redis-server is not installed; skipped');
