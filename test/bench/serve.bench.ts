/**
 * `npm run bench:serve` (issue 15): a bare Fastify hello-world and the server on the
 * 5,000-company bench warehouse (test/bench/market-warehouse.ts), both listening on localhost in
 * this process, loaded with autocannon; every route below and the bare server are run interleaved,
 * ROUNDS rounds, and each route's rps, p50 and p99 are printed with its rps ratio to the bare
 * server measured just before it (ratios are comparable across machines and load; absolute
 * figures are not). Anonymous callers; per-IP limits off (one client IP); the Investor tier for
 * bulk and the universe by a test header.
 *
 * Latency at a fixed rate: with 50 connections saturating the server, a route's p99 is its queue
 * (Little's law: 50 in flight / 11,000 rps = 4.5 ms mean), so the point lookups (marked `rate`) are
 * also run at a fixed offered rate (autocannon `overallRate`, BENCH_RATE req/s over the same
 * connections, latencies corrected for coordinated omission): the saturation run gives the rps, the
 * fixed-rate run the p99 at that rate. Both tables are printed.
 *
 * Keyed against anonymous: the rows marked `limited` run with the limits and metering switched on
 * (every policy threshold raised so nothing is refused; every counter still evaluated in the one
 * round trip; Redis when REDIS_URL is set, else the in-process store; the ledger in PostgreSQL when
 * DATABASE_URL is set, else the embedded PGlite): the same cached /api/data
 * requests anonymous and with a developer-plan key (identity, limits, plan meter, a ledger row
 * group-committed before the response leaves); the keyed ÷ anonymous ratio is printed.
 *
 * Not part of `npm test`. Env: BENCH_COMPANIES (5000), BENCH_SECONDS (5), BENCH_ROUNDS (3),
 * BENCH_CONNECTIONS (50), BENCH_RATE (5000; 0 = no fixed-rate runs), BENCH_WORKERS (0: autocannon
 * in this process; N: in N worker threads), BENCH_WARMUP (1: seconds of load per route before the
 * first round; 0 = none), BENCH_BARE_SECONDS (half of BENCH_SECONDS: a bare run before each route,
 * the route's ratio taken to it; 0 = one bare run per round), BENCH_ONLY (comma-separated substrings of route names).
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createApp } from '../../api/app.ts';
import type { Billing } from '../../api/billing/service.ts';
import type { Limiter } from '../../api/limits/limiter.ts';
import { setAccountPlan } from '../../api/store/accounts.ts';
import { loadConfig } from '../../schema/config.ts';
import { LIMIT_POLICIES } from '../../schema/limits.ts';
import { signedIn } from '../api/identity/client.ts';
import { tierHeader } from '../fixtures/fundamentals/build.ts';
import { seedUserStore, testConfig } from '../helpers.ts';
import { scaledMarketWarehouse } from './market-warehouse.ts';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 5000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const BARE_SECONDS = Number(process.env.BENCH_BARE_SECONDS ?? Math.max(1, Math.round(SECONDS / 2)));
const ONLY = process.env.BENCH_ONLY;
const UA = 'almanac-bench/1.0 (bench@example.com)';
const load1 = (): string => loadavg().map((l) => l.toFixed(1)).join(' ');

const { dataDir, tickers } = await scaledMarketWarehouse(COMPANIES);
for (const p of LIMIT_POLICIES) (p as { limit: number }).limit = 1e9;
const env = loadConfig();
const config = testConfig({ dataDir, redisUrl: env.redisUrl, databaseUrl: env.databaseUrl, redisPrefix: `bench:${randomUUID()}:` });
await seedUserStore(config);
const { app, services } = await createApp(config, { plugins: [tierHeader] });
for (const p of Object.values(services.identity.throttles)) p.limit = 1e9;
// A developer-plan key for the keyed rows (made while the limits are on, as a client would).
const client = await signedIn(app, dataDir, `bench-serve-${randomUUID().slice(0, 8)}@example.com`);
const { key } = (await client.call('POST', '/api/keys', { body: { name: 'bench' } })).json();
await setAccountPlan(services.store, (await client.call('GET', '/api/auth/me')).json().id, 'developer');
services.identity.keyCache.clear();
const metering = services as { limits?: Limiter; billing?: Billing };
const { limits, billing } = metering;
/** Limits and metering on (the `limited` rows) or off (every other row: one client IP). */
const setLimited = (on: boolean): void => {
  metering.limits = on ? limits : undefined;
  metering.billing = on ? billing : undefined;
};
setLimited(false);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const bare = Fastify();
bare.get('/', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/`;

const pick = (i: number): string => tickers[(i * 7919) % tickers.length]!;
const headers = { 'user-agent': UA, 'x-test-tier': 'investor', 'content-type': 'application/json' };
const mcpHeaders = { ...headers, accept: 'application/json, text/event-stream' };
const gqlTickers = Array.from({ length: 16 }, (_, i) => pick(i + 100));
const bulk100 = Array.from({ length: 100 }, (_, i) => pick(i + 1000)).join(',');
const asOf = '2025-06-01';

interface Route {
  name: string;
  /** Also measured at a fixed offered rate (BENCH_RATE). */
  rate?: boolean;
  /** With limits and metering on. */
  limited?: boolean;
  /** Requests cycled by autocannon (several tickers so no single answer is hot). */
  requests: { method?: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }[];
}
const many = (f: (t: string) => Route['requests'][number]): Route['requests'] => Array.from({ length: 64 }, (_, i) => f(pick(i)));
const ROUTES = ([
  { name: 'GET /api/health', requests: [{ path: '/api/health' }] },
  { name: 'ticker-search?q=app', rate: true, requests: [{ path: '/api/ticker-search?q=app' }] },
  { name: 'fundamentals-pit?ticker=', rate: true, requests: many((t) => ({ path: `/api/fundamentals-pit?ticker=${t}&date=${asOf}` })) },
  { name: 'data?ticker= (cached)', requests: many((t) => ({ path: `/api/data?ticker=${t}` })) },
  { name: 'data?ticker=&nocache=1', rate: true, requests: many((t) => ({ path: `/api/data?ticker=${t}&nocache=1` })) },
  { name: 'data?ticker= (cached) anonymous, limited', limited: true, requests: many((t) => ({ path: `/api/data?ticker=${t}` })) },
  { name: 'data?ticker= (cached) keyed, limited, metered', limited: true, requests: many((t) => ({ path: `/api/data?ticker=${t}`, headers: { ...headers, 'x-api-key': key } })) },
  { name: 'data/bulk 100 JSON', requests: [{ path: `/api/data/bulk?tickers=${bulk100}` }] },
  { name: 'data/bulk 100 Parquet', requests: [{ path: `/api/data/bulk?tickers=${bulk100}&format=parquet` }] },

  {
    name: 'GraphQL 16 companies',
    requests: [{ method: 'POST', path: '/graphql', body: JSON.stringify({ query: `{ companies(tickers: ${JSON.stringify(gqlTickers)}) { ticker fundamentals(asOf: "${asOf}") { revenue netMargin } } }` }) }],
  },
  {
    name: 'MCP get_fundamentals',
    rate: true,
    requests: many((t) => ({
      method: 'POST',
      path: '/api/mcp',
      headers: mcpHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_fundamentals', arguments: { ticker: t, asOf } } }),
    })),
  },
  { name: 'fundamentals-pit/universe', requests: [{ path: `/api/fundamentals-pit/universe?date=${asOf}` }] },
  { name: 'fundamentals-pit/universe (br)', requests: [{ path: `/api/fundamentals-pit/universe?date=${asOf}`, headers: { ...headers, 'accept-encoding': 'br' } }] },
  { name: 'screener', requests: [{ path: '/api/screener?sort=marketCap&limit=50' }] },
] as Route[]).filter((r) => !ONLY || ONLY.split(',').some((o) => r.name.includes(o)));

// Each route must answer 200 before it is measured.
for (const r of ROUTES) {
  setLimited(r.limited === true);
  const q = r.requests[0]!;
  const res = await fetch(`${base}${q.path}`, { method: q.method ?? 'GET', headers: q.headers ?? headers, body: q.body });
  if (res.status !== 200) throw new Error(`${r.name}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  if (r.limited && q.headers?.['x-api-key'] && !res.headers.get('x-svc-per-call-cost')) throw new Error(`${r.name}: not metered`);
  await res.arrayBuffer();
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}
async function load(url: string, requests?: Route['requests'], rate?: number, seconds = SECONDS): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...(rate ? { overallRate: WORKERS > 1 ? rate / WORKERS : rate } : {}),
    ...(WORKERS > 0 ? { workers: WORKERS } : {}),
    ...(requests ? { requests: requests.map((q) => ({ method: q.method ?? 'GET', path: q.path, body: q.body, headers: q.headers ?? headers })) } : {}),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors + result.timeouts };
}

// Each route (and the bare server) warmed up before the first round: JIT, the caches' first
// misses and the warehouse build's garbage otherwise land on whichever route runs first.
if (WARMUP > 0) {
  await autocannon({ url: bareUrl, connections: CONNECTIONS, duration: WARMUP });
  for (const r of ROUTES) {
    setLimited(r.limited === true);
    await autocannon({ url: base, connections: CONNECTIONS, duration: WARMUP, headers, requests: r.requests.map((q) => ({ method: q.method ?? 'GET', path: q.path, body: q.body, headers: q.headers ?? headers })) });
  }
}

const results = new Map<string, { fig: Figures; bare: number }[]>();
const bareRuns: number[] = [];
const fixed = new Map<string, Figures[]>();
const loads: string[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  loads.push(load1());
  setLimited(false);
  let bareFig = await load(bareUrl);
  console.error(`round ${round}: bare Fastify ${Math.round(bareFig.rps)} rps (load ${load1()})`);
  for (const r of ROUTES) {
    // On a shared machine the load moves within a round: the ratio is to the bare server measured
    // just before the route.
    if (BARE_SECONDS > 0) {
      setLimited(false);
      bareFig = await load(bareUrl, undefined, undefined, BARE_SECONDS);
      bareRuns.push(bareFig.rps);
    }
    setLimited(r.limited === true);
    const fig = await load(base, r.requests);
    results.set(r.name, [...(results.get(r.name) ?? []), { fig, bare: bareFig.rps }]);
    console.error(`round ${round}: ${r.name} ${Math.round(fig.rps)} rps p50 ${fig.p50} ms p99 ${fig.p99} ms${fig.non2xx ? ` (${fig.non2xx} non-2xx/errors)` : ''}`);
    if (r.rate && RATE > 0) {
      const at = await load(base, r.requests, RATE);
      fixed.set(r.name, [...(fixed.get(r.name) ?? []), at]);
      console.error(`round ${round}: ${r.name} at ${RATE} req/s: ${Math.round(at.rps)} rps p50 ${at.p50} ms p99 ${at.p99} ms${at.non2xx ? ` (${at.non2xx} non-2xx/errors)` : ''}`);
    }
  }
  loads.push(load1());
}
setLimited(true);
await billing?.ledger.flush();

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `\n${COMPANIES} companies, ${CONNECTIONS} connections, ${SECONDS} s per route per round, ${ROUNDS} rounds interleaved; medians over rounds; ` +
    `autocannon ${WORKERS ? `in ${WORKERS} worker thread(s)` : 'in the server process'}; limit store ${limits?.store.kind ?? 'none'}, user store ${services.store.kind}; load average (1/5/15 min) ${loads.join(' -> ')}\n`,
);
console.log('| route | rps | p50 ms | p99 ms | rps / bare Fastify (run just before) |');
console.log('|---|---|---|---|---|');
const bares = bareRuns.length ? bareRuns : ([...results.values()][0]?.map((x) => x.bare) ?? []);
console.log(`| bare Fastify hello-world${bareRuns.length ? ` (median of ${bareRuns.length} runs, one before each route)` : ''} | ${Math.round(median(bares))} | | | 1.00 |`);
for (const [name, rs] of results) {
  const errs = rs.reduce((s, x) => s + x.fig.non2xx, 0);
  console.log(
    `| ${name} | ${Math.round(median(rs.map((x) => x.fig.rps)))} | ${median(rs.map((x) => x.fig.p50))} | ${median(rs.map((x) => x.fig.p99))} | ${median(rs.map((x) => x.fig.rps / x.bare)).toFixed(3)}${errs ? ` (${errs} non-2xx)` : ''} |`,
  );
}
const keyedRatio = (() => {
  const a = results.get('data?ticker= (cached) anonymous, limited');
  const k = results.get('data?ticker= (cached) keyed, limited, metered');
  return a && k ? median(k.map((x, i) => x.fig.rps / a[i]!.fig.rps)) : null;
})();
if (keyedRatio !== null) console.log(`\nkeyed, limited, metered ÷ anonymous (cached /api/data, same round): ${keyedRatio.toFixed(3)}`);
if (fixed.size) {
  console.log(`\nAt a fixed offered rate of ${RATE} req/s (same connections; medians over rounds):\n`);
  console.log('| route | offered req/s | achieved rps | p50 ms | p99 ms | rate sustained |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, fs] of fixed) {
    const errs = fs.reduce((s, x) => s + x.non2xx, 0);
    const achieved = median(fs.map((x) => x.rps));
    // Below the offered rate the server was saturated after all: that p99 is a queue again.
    const sustained = achieved >= 0.95 * RATE ? 'yes' : 'no (saturated: the p99 is a queue)';
    console.log(`| ${name} | ${RATE} | ${Math.round(achieved)} | ${median(fs.map((x) => x.p50))} | ${median(fs.map((x) => x.p99))}${errs ? ` (${errs} non-2xx)` : ''} | ${sustained} |`);
  }
}
await app.close();
await bare.close();
