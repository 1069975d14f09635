/**
 * Fault test (DESIGN.md, Jepsen-style counter rule): a load of metered calls on a developer-plan
 * key near the end of its allowance, with extra calls on and a small cap, while the test's own
 * redis-server is killed (SIGKILL, no persistence: its data is lost) and restarted. Afterwards:
 * billed calls in the ledger = calls the client saw succeed (in-process calls: no outcome is
 * unknown), no duplicate request ids, the accrued charge within the cap, and the outage answered
 * 503 with Retry-After, never 402 or 429.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RESOURCES } from '../../../api/rest/index.ts';
import { setAccountPlan } from '../../../api/store/accounts.ts';
import { billingMonth } from '../../../schema/plans.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { signedIn, TEST_UA } from '../identity/client.ts';
import { probe } from './probe.ts';
import { freePort, hasRedisServer, startRedis } from './redis-server.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const test = suite('limits: Redis killed and restarted during metered load');
let t: TestApp;
let redis: ChildProcess | null = null;
let port = 0;

test.before(async () => {
  port = await freePort();
  redis = await startRedis(port);
  t = await sampleApp({ jobs: ['companies'], config: { redisUrl: `redis://127.0.0.1:${port}`, redisPrefix: `fault:${randomUUID()}:` }, server: { resources: [...RESOURCES, probe] } });
  for (const p of Object.values(t.services.identity.throttles)) p.limit = 1_000_000;
});
test.after(async () => {
  await t?.close();
  redis?.kill('SIGKILL');
});

test('billed = acknowledged, no duplicate ids, never past the cap, outage = 503', async () => {
  const alice = await signedIn(t.app, t.config.dataDir, 'fault@example.com', '203.0.113.90');
  const key = (await alice.call('POST', '/api/keys', { body: { name: 'load' } })).json().key;
  const accountId = (await alice.call('GET', '/api/auth/me')).json().id;
  await setAccountPlan(t.services.store, accountId, 'developer');
  t.services.identity.keyCache.clear();
  const month = billingMonth(Date.now());
  // 99,990 of the 100,000 included calls already in the ledger (as if made earlier this month).
  await t.services.store.execute(
    `INSERT INTO billing_ledger (request_id, account_id, key_id, plan, month, cost_micros, route, created_at)
     SELECT 'seed-' || g, $1, NULL, 'developer', $2, 0, '/seed', now() FROM generate_series(1, 99990) AS g`,
    [accountId, month],
  );
  // Extra calls on, cap $0.05 = 25 extra calls at $0.002.
  const on = await alice.call('POST', '/api/billing/agent-plan/overage', { body: { cap_usd: 0.05 } });
  assert.is(on.statusCode, 200, on.body);

  const statuses: Record<number, number> = {};
  const costs: string[] = [];
  let stop = false;
  const worker = async () => {
    while (!stop) {
      const res = await t.app.inject({ url: '/api/probe', headers: { 'x-api-key': key, 'user-agent': TEST_UA }, remoteAddress: '198.51.100.90' });
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode === 200) costs.push(String(res.headers['x-svc-per-call-cost']));
      if (res.statusCode === 503) assert.ok(Number(res.headers['retry-after']) >= 1, 'a 503 without Retry-After');
      if (res.statusCode === 402) assert.is(res.json().reason, 'overage_cap');
      await sleep(60);
    }
  };
  const workers = Array.from({ length: 3 }, worker);
  await sleep(300);
  redis!.kill('SIGKILL');
  await sleep(1_500);
  const during = { ...statuses };
  redis = await startRedis(port);
  await sleep(3_000);
  stop = true;
  await Promise.all(workers);

  await t.services.billing.ledger.flush();
  const [ledger] = await t.services.store.query<{ n: number; ids: number; extra: number; accrued: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT request_id)::int AS ids, count(*) FILTER (WHERE cost_micros > 0)::int AS extra,
            coalesce(sum(cost_micros), 0)::bigint AS accrued
     FROM billing_ledger WHERE account_id = $1 AND month = $2 AND route <> '/seed'`,
    [accountId, month],
  );
  const ok = statuses[200] ?? 0;
  assert.is(ledger!.n, ok, `ledger ${ledger!.n} vs acknowledged ${ok}: ${JSON.stringify(statuses)}`);
  assert.is(ledger!.ids, ledger!.n);
  assert.ok(ledger!.accrued <= 50_000, `accrued ${ledger!.accrued} past the cap`);
  assert.is(ledger!.extra, costs.filter((c) => c === '0.002').length);
  assert.is(costs.filter((c) => c === '0').length + costs.filter((c) => c === '0.002').length, ok);
  // The outage answered 503, never 402 or 429 for the fault; calls resumed after the restart.
  assert.ok((statuses[503] ?? 0) > 0, `no 503 during the outage: ${JSON.stringify(during)}`);
  assert.is(statuses[429], undefined);
  // After the restart Redis decides again (a 200 or the cap's 402), not the outage's 503.
  assert.ok(ok + (statuses[402] ?? 0) > (during[200] ?? 0) + (during[402] ?? 0), `nothing decided after the restart: ${JSON.stringify(statuses)}`);
  // The meter was rebuilt from the ledger after Redis lost it: it counts every billed call.
  const peek = await t.services.limits.store.peekMeter(`meter:${accountId}:${month}`);
  assert.equal(peek, { calls: 99_990 + ok, accruedMicros: ledger!.accrued });
  console.log(`fault run: ${JSON.stringify(statuses)}, billed ${ledger!.n} (${ledger!.extra} extra, $${ledger!.accrued / 1e6})`);
});

if (hasRedisServer) test.run();
else console.log('limits.fault: redis-server is not installed; skipped');
