/**
 * Limits + metering overhead (issue 5): throughput of a keyed, metered warehouse request
 * (`GET /api/fundamentals-pit?ticker=AAPL`, developer-plan key: identity + every applicable limit +
 * the plan meter + a ledger row group-committed before the response) as a ratio to the same route
 * with limits and metering switched off, same process, same run, phases interleaved; plus limit
 * store round trips per request (Redis when REDIS_URL is set, else the in-process store).
 *
 * The policy limits are raised for the run so nothing is refused: every counter is still
 * evaluated (same keys, same script, same work), only the thresholds differ.
 *
 * Run: REDIS_URL=redis://127.0.0.1:6379 node --import tsx test/bench/limits.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Billing } from '../../api/billing/service.ts';
import type { Limiter } from '../../api/limits/limiter.ts';
import { RedisLimitStore } from '../../api/limits/redis.ts';
import { setAccountPlan } from '../../api/store/accounts.ts';
import { loadConfig } from '../../schema/config.ts';
import { LIMIT_POLICIES } from '../../schema/limits.ts';
import { sampleApp } from '../helpers.ts';
import { signedIn } from '../api/identity/client.ts';

const N = Number(process.env.BENCH_N ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const redisUrl = loadConfig().redisUrl;

for (const p of LIMIT_POLICIES) (p as { limit: number }).limit = 1e9;
const t = await sampleApp({ jobs: ['companies', 'filings', 'fundamentals'], config: { redisUrl, redisPrefix: `bench:${randomUUID()}:` } });
for (const p of Object.values(t.services.identity.throttles)) p.limit = 1e9;
const client = await signedIn(t.app, t.config.dataDir, 'bench-limits@example.com');
const { key } = (await client.call('POST', '/api/keys', { body: { name: 'bench' } })).json();
const accountId = (await client.call('GET', '/api/auth/me')).json().id;
await setAccountPlan(t.services.store, accountId, 'developer');
t.services.identity.keyCache.clear();

const url = '/api/fundamentals-pit?ticker=AAPL';
const headers = { 'user-agent': 'almanac-bench/1.0 (bench@example.com)', 'x-api-key': key };
const services = t.services as { limits?: Limiter; billing?: Billing };
const limits = services.limits!;
const billing = services.billing!;

function setMetering(on: boolean): void {
  services.limits = on ? limits : undefined;
  services.billing = on ? billing : undefined;
}

async function phase(n: number): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        next++;
        const res = await t.app.inject({ url, headers });
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      }
    }),
  );
  return n / ((performance.now() - start) / 1000);
}

// Warm up both paths.
setMetering(false);
await phase(300);
setMetering(true);
await phase(300);

const store = limits.store;
const trips0 = store instanceof RedisLimitStore ? store.roundTrips : 0;
const off: number[] = [];
const on: number[] = [];
const rounds = 4;
for (let i = 0; i < rounds; i++) {
  setMetering(false);
  off.push(await phase(N / rounds));
  setMetering(true);
  on.push(await phase(N / rounds));
}
const trips = store instanceof RedisLimitStore ? store.roundTrips - trips0 : null;
await billing.ledger.flush();
const [billed] = await t.services.store.query<{ n: number }>('SELECT count(*)::int AS n FROM billing_ledger WHERE account_id = $1', [accountId]);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const rOff = mean(off);
const rOn = mean(on);
console.log(`limits + metering, GET ${url}, developer-plan key, ${N} requests per side, concurrency ${CONCURRENCY}, store ${store.kind}, user store ${t.services.store.kind}:`);
console.log(`  off: ${rOff.toFixed(0)} req/s   on: ${rOn.toFixed(0)} req/s   ratio ${(rOn / rOff).toFixed(3)} (aim >= 0.7)`);
if (trips !== null) console.log(`  Redis round trips per request: ${(trips / N).toFixed(3)} (aim 1)`);
console.log(`  ledger rows written: ${billed!.n} in ${billing.ledger.batches} batches`);
await t.close();
