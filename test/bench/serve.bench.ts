/**
 * `npm run bench:serve` (issue 15): a bare Fastify hello-world and the server on the
 * 5,000-company bench warehouse (test/bench/market-warehouse.ts), both listening on localhost in
 * this process, loaded with autocannon from a separate process (test/bench/load-generator.ts: the
 * generator's CPU, collections and timers are not the measured server's event loop); every route below and the bare server are run interleaved,
 * ROUNDS rounds, and each route's rps, p50 and p99 are printed with its rps ratio to the bare
 * server measured just before it (ratios are comparable across machines and load; absolute
 * figures are not), and the server's CPU time per request beside the hello-world's. A route with a
 * request body or an answer over 4 KB is also compared with the bare server doing the same HTTP
 * work (bare-server.ts, `/bytes/<n>`): what the service itself costs, apart from HTTP. Anonymous callers; per-IP limits off (one client IP); the Investor tier for
 * bulk and the universe by a test header.
 *
 * Latency at a fixed rate: with 50 connections saturating the server, a route's p99 is its queue
 * (Little's law: 50 in flight / 11,000 rps = 4.5 ms mean), so the point lookups (marked `rate`) are
 * also run at a fixed offered rate (BENCH_RATE req/s over the same connections): the saturation run
 * gives the rps, the fixed-rate run the p99 at that rate. Both tables are printed. A fixed rate is
 * offered two ways (BENCH_PACER): `paced`, evenly spaced with latency from each request's due time
 * in µs (test/bench/paced-load.ts, wrk2's method), and `autocannon` (`overallRate`), which sends
 * each connection's share of a second back to back at the start of the second: a burst at
 * saturation, then nothing, so its p99 is still a queue. During each fixed-rate run the server
 * process's CPU time per request, its event-loop delay (p99, max) and its garbage collections are
 * recorded, so a p99 can be told apart: the CPU (a queue), a collection pause or a blocked loop.
 * A paced run times each request from when it was due, so a pause of the generator's own counts as
 * the server's latency: the generator collects its heap before each paced run (BENCH_GENERATOR_GC=0
 * does not) and reports its own CPU, loop delay and collections beside the server's
 * (test/bench/load-generator.ts). A paced run starts with BENCH_PACED_WARMUP (1) seconds at the rate
 * whose latencies are reported apart: the first second after a saturation run and a forced
 * collection is not the steady state (test/bench/paced-load.ts). Each paced run also counts the
 * server's stalls (event-loop gaps of 4 ms or more, test/bench/server-probe.ts) after the warm-up,
 * and how many of them the generator had at the same moment (both processes standing still is the
 * machine, not the server), and the main threads' time waiting for a CPU; BENCH_STALL_DUMP=1 prints
 * when each stall began.
 *
 * Keyed against anonymous: the rows marked `limited` run with the limits and metering switched on
 * (every policy threshold raised so nothing is refused; every counter still evaluated in the one
 * round trip; Redis when REDIS_URL is set, else the in-process store; the ledger in PostgreSQL when
 * DATABASE_URL is set, else the embedded PGlite): the same cached /api/data
 * requests anonymous and with a developer-plan key (identity, limits, plan meter, a ledger row
 * group-committed before the response leaves); the keyed ÷ anonymous ratio is printed.
 *
 * The bare hello-world runs in this process (the arrangement every figure in the README was
 * measured with); BENCH_BARE=process runs it in a process of its own (test/bench/bare-server.ts).
 * The two arrangements do not give the same ratios: see bare-server.ts.
 *
 * Not part of `npm test`. Env: BENCH_COMPANIES (5000), BENCH_SECONDS (5), BENCH_ROUNDS (3),
 * BENCH_CONNECTIONS (50), BENCH_RATE (5000; a comma list runs each rate; 0 = no fixed-rate runs),
 * BENCH_PACER (`paced,autocannon`: how a fixed rate is offered, one or both),
 * BENCH_GENERATOR (`process`: autocannon in a child process; `inprocess`: in this process, the
 * arrangement before), BENCH_PIN (1: this process and every thread of it on CPU 0, the generator on
 * CPU 1, with taskset), BENCH_LOGGER (1: the server logs as `npm start` does, to /dev/null; 0: no
 * logger), BENCH_PROFILE (a folder: a CPU profile of the server during each fixed-rate run, written
 * there as <route>-<rate>-<pacer>-round<n>.cpuprofile; with BENCH_HEAP=1 also a sampling heap profile,
 * <route>-<rate>-<pacer>-round<n>.heapprofile, of the objects allocated during the run that survived a
 * scavenge: promoted, whether a major collection took them later or not, or still held; with
 * BENCH_HEAP=all, of every object allocated, what a scavenge took too; sampled every
 * BENCH_HEAP_INTERVAL bytes, 8192; with BENCH_STALL_DUMP=1 also <route>-<rate>-<pacer>-round<n>.stalls.json, each stall's start
 * on the profile's clock, µs, and its length, ms), BENCH_WORKERS (0; N: autocannon in N worker threads of the generator), BENCH_WARMUP (1: seconds of load per route before the
 * first round; 0 = none), BENCH_BARE_SECONDS (half of BENCH_SECONDS: a bare run before each route,
 * the route's ratio taken to it; 0 = one bare run per round), BENCH_ONLY (comma-separated substrings of route names),
 * COALESCE_WRITES (`0`: the server writes each answer as it is finished, api/write-coalescing.ts),
 * BENCH_CALIBRATE (`10,20,40`: µs of busy work per request in the bare server's calibration runs,
 * each round; a route's rps is also read as "a bare hello-world plus N µs of work"; empty = none;
 * each round also runs the bare server with the service's write coalescing, api/write-coalescing.ts,
 * at the hello-world and at the middle amount of work: what coalescing alone is worth here).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/app.ts';
import type { Billing } from '../../api/billing/service.ts';
import type { Limiter } from '../../api/limits/limiter.ts';
import { RedisLimitStore } from '../../api/limits/redis.ts';
import { setAccountPlan } from '../../api/store/accounts.ts';
import { loadConfig } from '../../schema/config.ts';
import { LIMIT_POLICIES } from '../../schema/limits.ts';
import { PLAN_TABLE } from '../../schema/plans.ts';
import { signedIn } from '../api/identity/client.ts';
import { tierHeader } from '../fixtures/fundamentals/build.ts';
import { seedUserStore, testConfig } from '../helpers.ts';
import { bareApp, startBareServer } from './bare-server.ts';
import { canPin, inProcess, pin, startGenerator, type LoadFigures, type LoadOptions } from './load-generator.ts';
import { scaledMarketWarehouse } from './market-warehouse.ts';
import { localProbe, probedRun, sharedStalls, STALL_MS, type Probe, type ProbeFigures } from './server-probe.ts';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATES = (process.env.BENCH_RATE ?? '5000').split(',').map(Number).filter((r) => r > 0);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
/** How a fixed rate is offered: `paced` (evenly spaced, test/bench/paced-load.ts) and/or `autocannon` (per-second bursts). */
const PACERS = (process.env.BENCH_PACER ?? 'paced,autocannon').split(',').filter((p): p is Pacer => p === 'paced' || p === 'autocannon');
type Pacer = 'paced' | 'autocannon';
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
/** Seconds at the rate before each paced run's measured part (test/bench/paced-load.ts); its p99 is reported apart. */
const PACED_WARMUP = Number(process.env.BENCH_PACED_WARMUP ?? 1);
const BARE_SECONDS = Number(process.env.BENCH_BARE_SECONDS ?? Math.max(1, Math.round(SECONDS / 2)));
const ONLY = process.env.BENCH_ONLY;
/** µs of busy work per request for the calibration runs of the bare server (`/work/<us>`); empty = none. */
const CALIBRATE = (process.env.BENCH_CALIBRATE ?? '10,20,40').split(',').map(Number).filter((us) => us > 0);
const GENERATOR = process.env.BENCH_GENERATOR ?? 'process';
const PIN = process.env.BENCH_PIN === '1';
const LOGGER = process.env.BENCH_LOGGER !== '0';
const PROFILE = process.env.BENCH_PROFILE;
/** BENCH_STALL_DUMP=1: when each stall of a paced run began (and with BENCH_PROFILE, a .stalls.json beside each profile). */
const STALL_DUMP = process.env.BENCH_STALL_DUMP === '1';
const BARE_IN_PROCESS = process.env.BENCH_BARE !== 'process';
const UA = 'almanac-bench/1.0 (bench@example.com)';
const load1 = (): string => loadavg().map((l) => l.toFixed(1)).join(' ');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { dataDir, tickers } = await scaledMarketWarehouse(COMPANIES);
for (const p of LIMIT_POLICIES) (p as { limit: number }).limit = 1e9;
// The keyed rows' developer-plan key stays within its plan's included calls in every round: 100,000
// a month would run out in the third round of 5 s at 8,000 req/s, and every call after it is a 402.
for (const plan of Object.values(PLAN_TABLE)) (plan as { includedCalls: number }).includedCalls = 1e9;
const env = loadConfig();
const config = testConfig({ dataDir, redisUrl: env.redisUrl, databaseUrl: env.databaseUrl, redisPrefix: `bench:${randomUUID()}:`, coalesceWrites: env.coalesceWrites });
await seedUserStore(config);
// The logger as `npm start` sets it (api/main.ts: the configured level, info by default), its lines
// to /dev/null: what it costs per request is measured, not the terminal.
const { app, services } = await createApp(config, { plugins: [tierHeader], ...(LOGGER ? { logger: { level: env.logLevel, file: '/dev/null' } } : {}) });
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

// The bare hello-world: a process of its own (test/bench/bare-server.ts), or this one.
const bare = BARE_IN_PROCESS ? bareApp() : null;
await bare?.listen({ port: 0, host: '127.0.0.1' });
const bareProcess = bare ? null : await startBareServer();
const bareUrl = bare ? `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/` : bareProcess!.url;
// The bare server again with the service's write coalescing (calibration only). In this process
// whatever BENCH_BARE says: with BENCH_BARE=process its ratio to the plain one mixes two arrangements.
const coalescedBare = CALIBRATE.length ? bareApp({ coalesceWrites: true }) : null;
await coalescedBare?.listen({ port: 0, host: '127.0.0.1' });
const coalescedUrl = coalescedBare ? `http://127.0.0.1:${(coalescedBare.server.address() as { port: number }).port}/` : '';

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
  { name: 'GET /api/health', rate: true, requests: [{ path: '/api/health' }] },
  { name: 'ticker-search?q=app', rate: true, requests: [{ path: '/api/ticker-search?q=app' }] },
  { name: 'fundamentals-pit?ticker=', rate: true, requests: many((t) => ({ path: `/api/fundamentals-pit?ticker=${t}&date=${asOf}` })) },
  // As most HTTP client libraries ask by default (Python requests, curl --compressed, browsers).
  { name: 'fundamentals-pit?ticker= (gzip asked)', requests: many((t) => ({ path: `/api/fundamentals-pit?ticker=${t}&date=${asOf}`, headers: { ...headers, 'accept-encoding': 'gzip, deflate' } })) },
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
  { name: 'screener (br)', requests: [{ path: '/api/screener?sort=marketCap&limit=50', headers: { ...headers, 'accept-encoding': 'br' } }] },
] as Route[]).filter((r) => !ONLY || ONLY.split(',').some((o) => r.name.includes(o)));

/** Each route's answer size as sent (Content-Length, else the decoded body), median over its requests. */
const answerBytes = new Map<string, number>();
// Every request of every route must answer 200 before anything is measured. Each is asked once
// (8 at a time), so the serving layer's per-ticker parts (`memoized`) are loaded before the warm-up:
// on a slow machine a 1 s warm-up at 50 connections did not finish loading the 64 tickers' parts
// from DuckDB, and the first measured round of a `BENCH_ONLY=limited` run measured those loads
// (the anonymous row at 183-314 µs of CPU a request and over a core, against 105-135 in the rounds
// after it; 2026-11-29).
for (const r of ROUTES) {
  setLimited(r.limited === true);
  const sizes: number[] = [];
  for (let i = 0; i < r.requests.length; i += 8) {
    await Promise.all(
      r.requests.slice(i, i + 8).map(async (q) => {
        // Identity unless the route asks otherwise, as autocannon sends it (fetch asks for gzip by default).
        const res = await fetch(`${base}${q.path}`, { method: q.method ?? 'GET', headers: { 'accept-encoding': 'identity', ...(q.headers ?? headers) }, body: q.body });
        if (res.status !== 200) throw new Error(`${r.name}: ${q.path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
        if (r.limited && q.headers?.['x-api-key'] && !res.headers.get('x-svc-per-call-cost')) throw new Error(`${r.name}: not metered`);
        const decoded = (await res.arrayBuffer()).byteLength;
        sizes.push(Number(res.headers.get('content-length') ?? decoded));
      }),
    );
  }
  answerBytes.set(r.name, median(sizes));
}

// The load generator: a child process by default, so its CPU, collections and timers are not the
// server's event loop's; with BENCH_PIN=1 the server (this process, all its threads) runs on CPU 0
// and the generator on CPU 1.
if (PIN && !(canPin() && availableParallelism() >= 2)) throw new Error('BENCH_PIN=1 needs taskset and two CPUs');
if (PIN) pin(process.pid, 0);
if (PIN && bareProcess) pin(bareProcess.pid, 0);
const generator = GENERATOR === 'inprocess' ? inProcess() : await startGenerator(PIN ? 1 : undefined);

type Figures = LoadFigures & { server?: ServerFigures };
const asRequests = (requests: Route['requests']): LoadOptions['requests'] =>
  requests.map((q) => ({ method: q.method ?? 'GET', path: q.path, ...(q.body ? { body: q.body } : {}), headers: q.headers ?? headers }));
async function load(url: string, requests?: Route['requests'], rate?: number, seconds = SECONDS, pacer: Pacer = 'autocannon'): Promise<Figures> {
  return generator.load({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...(rate ? { overallRate: rate, paced: pacer === 'paced', ...(pacer === 'paced' && PACED_WARMUP > 0 ? { warmup: PACED_WARMUP } : {}) } : {}),
    ...(WORKERS > 0 ? { workers: WORKERS } : {}),
    ...(requests ? { requests: asRequests(requests) } : {}),
  });
}

/** What a server process went through during a run (test/bench/server-probe.ts), per request. */
type ServerFigures = Omit<ProbeFigures, 'cpuUs' | 'elapsedUs'> & {
  /** The server process's CPU time (all threads) per request answered, µs, and as a share of one core. */
  cpuPerRequestUs: number;
  cpuShare: number;
};
const serverProbe = localProbe();
const bareProbe = bareProcess?.probe ?? serverProbe;
if (PROFILE) mkdirSync(PROFILE, { recursive: true });
const inspector = PROFILE ? new Session() : null;
inspector?.connect();
await inspector?.post('Profiler.enable');
await inspector?.post('HeapProfiler.enable');
async function probed(run: () => Promise<Figures>, profileAs?: string, probe: Probe = serverProbe): Promise<Figures> {
  // A profile of this process only (the bare server in its own process is not profiled).
  const profiling = inspector !== null && profileAs !== undefined && probe === serverProbe;
  const fileBase = profiling ? path.join(PROFILE!, profileAs!.replace(/[^A-Za-z0-9.-]+/g, '_')) : '';
  if (profiling) await inspector.post('Profiler.start');
  const heap = profiling && (process.env.BENCH_HEAP === '1' || process.env.BENCH_HEAP === 'all');
  const allocations = process.env.BENCH_HEAP === 'all';
  if (heap) await inspector.post('HeapProfiler.startSampling', { samplingInterval: Number(process.env.BENCH_HEAP_INTERVAL ?? 8192), includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: allocations } as never);
  const { result: fig, figures } = await probedRun(probe, run);
  const p = figures!;
  // With --expose-gc: the heap left after a full collection, run after run (growth = retention).
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    console.error(`heap after a full GC: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1)} MB`);
  }
  if (heap) {
    // Two scavenges first: what is left in the samples survived one (promoted, retained or both).
    const { setFlagsFromString } = await import('node:v8');
    setFlagsFromString('--expose-gc');
    const gcNow = (await import('node:vm')).runInNewContext('gc') as (o: object) => void;
    gcNow({ type: 'minor' });
    gcNow({ type: 'minor' });
    const { profile } = await inspector.post('HeapProfiler.stopSampling');
    writeFileSync(`${fileBase}.heapprofile`, JSON.stringify(profile));
  }
  if (profiling && STALL_DUMP) {
    const offsetUs = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
    writeFileSync(`${fileBase}.stalls.json`, JSON.stringify(p.stalls.map(([at, ms]) => [(at - performance.timeOrigin) * 1000 + offsetUs, ms])));
  }
  if (profiling) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(`${fileBase}.cpuprofile`, JSON.stringify(profile));
  }
  const { cpuUs, elapsedUs, ...rest } = p;
  return { ...fig, server: { cpuPerRequestUs: cpuUs / (fig.rps * (elapsedUs / 1e6)), cpuShare: cpuUs / elapsedUs, ...rest } };
}

// Each route (and the bare server) warmed up before the first round: JIT, the caches' first
// misses and the warehouse build's garbage otherwise land on whichever route runs first.
if (WARMUP > 0) {
  await load(bareUrl, undefined, undefined, WARMUP);
  for (const r of ROUTES) {
    setLimited(r.limited === true);
    await load(base, r.requests, undefined, WARMUP);
  }
}

const BARE = 'bare Fastify hello-world';
async function fixedRate(name: string, requests: Route['requests'] | undefined, url: string, round: number): Promise<void> {
  for (const RATE of RATES) {
    for (const pacer of PACERS) {
      const at = await probed(() => load(url, requests, RATE, SECONDS, pacer), `${name}-${RATE}-${pacer}-round${round}`, url === bareUrl ? bareProbe : serverProbe);
      const k = `${name}\t${RATE}\t${pacer}`;
      fixed.set(k, [...(fixed.get(k) ?? []), at]);
      const sv = at.server!;
      const p = at.paced;
      const latency = p
        ? `p50 ${at.p50.toFixed(2)} ms p99 ${at.p99.toFixed(2)} ms p99.9 ${p.p999.toFixed(2)} ms max ${p.max.toFixed(1)} ms${p.warmup ? ` after ${p.warmup.seconds} s at the rate (that warm-up's own p99 ${p.warmup.p99.toFixed(2)} ms, max ${p.warmup.max.toFixed(1)} ms${p.warmup.non2xx ? `, ${p.warmup.non2xx} non-2xx/errors` : ''}${p.warmup.queued ? `, ${p.warmup.queued} waited for a connection` : ''})` : ''} (from the write: p50 ${p.serviceP50.toFixed(2)} p99 ${p.serviceP99.toFixed(2)} ms; ${p.queued} waited for a connection` +
          `${p.generator ? `; generator CPU ${(100 * p.generator.cpuUs / p.generator.elapsedUs).toFixed(0)} % of a core, loop delay max ${p.generator.loopMax.toFixed(1)} ms, GC ${p.generator.minorGcs} minor + ${p.generator.majorGcs} major, longest ${p.generator.gcMaxMs.toFixed(1)} ms` : ''})`
        : `p50 ${at.p50} ms p99 ${at.p99} ms`;
      console.error(
        `round ${round}: ${name} at ${RATE} req/s (${pacer}): ${Math.round(at.rps)} rps ${latency}${at.non2xx ? ` (${at.non2xx} non-2xx/errors)` : ''}; ` +
          `server CPU ${sv.cpuPerRequestUs.toFixed(0)} µs/request (${(100 * sv.cpuShare).toFixed(0)} % of a core), loop delay p99 ${sv.loopP99.toFixed(1)} ms max ${sv.loopMax.toFixed(1)} ms, GC ${sv.minorGcs} minor + ${sv.majorGcs} major, ${sv.gcMs.toFixed(0)} ms total, longest ${sv.gcMaxMs.toFixed(1)} ms, young generation ${sv.newSpaceMb[0].toFixed(0)} -> ${sv.newSpaceMb[1].toFixed(0)} MB` +
          `; ${stallLine(sv, p)} (load ${load1()})`,
      );
    }
  }
}

/**
 * A paced run's stalls (loop gaps of STALL_MS or more) in its measured part (from `from`, after the
 * warm-up), the server's beside the generator's, and how many of the server's the generator had at
 * the same moment.
 */
type Stalled = Pick<ProbeFigures, 'stalls' | 'runQueueMs'>;
interface StallFigures {
  count: number;
  ms: number;
  longest: number;
  shared: number;
  sharedMs: number;
  /** The server's stalls during the warm-up. */
  warmup: number;
}
const sumMs = (xs: Stalled['stalls']): number => xs.reduce((a, [, ms]) => a + ms, 0);
/** The stalls that began within the measured part, [from, until). */
const within = (stalls: Stalled['stalls'], from: number, until: number): Stalled['stalls'] => stalls.filter(([at]) => at >= from && at < until);
function stallFigures(sv: Stalled, paced: NonNullable<LoadFigures['paced']>): StallFigures {
  const measured = within(sv.stalls, paced.measuredFrom, paced.measuredUntil);
  const shared = paced.generator ? sharedStalls(measured, paced.generator.stalls) : [];
  return {
    count: measured.length,
    ms: sumMs(measured),
    longest: measured.reduce((m, [, ms]) => Math.max(m, ms), 0),
    shared: shared.length,
    sharedMs: sumMs(shared),
    warmup: sv.stalls.filter(([at]) => at < paced.measuredFrom).length,
  };
}
function stallLine(sv: Stalled, p: LoadFigures['paced']): string {
  if (!p) return `server stalls of ${STALL_MS} ms or more: ${sv.stalls.length} (${sumMs(sv.stalls).toFixed(0)} ms)`;
  const gen = p.generator;
  const from = p.measuredFrom;
  const f = stallFigures(sv, p);
  const queue = (x: Stalled): string => (x.runQueueMs === null ? '' : `, main thread ${x.runQueueMs.toFixed(0)} ms waiting for a CPU over the whole run`);
  // BENCH_STALL_DUMP=1: each stall's start (ms after the measured part began; negative in the warm-up) and length.
  const at = (x: Stalled): string => (STALL_DUMP ? ` [${x.stalls.map(([t, ms]) => `${(t - from).toFixed(0)}:${ms.toFixed(1)}`).join(' ')}]` : '');
  const genMeasured = gen ? within(gen.stalls, from, p.measuredUntil) : [];
  return (
    `server stalls of ${STALL_MS} ms or more: ${f.count} (${f.ms.toFixed(0)} ms, longest ${f.longest.toFixed(1)})${p.warmup ? `, ${f.warmup} before it (the warm-up and the connecting)` : ''}${queue(sv)}${at(sv)}` +
    (gen ? `; the generator's: ${genMeasured.length} (${sumMs(genMeasured).toFixed(0)} ms)${p.warmup ? `, ${gen.stalls.filter(([t]) => t < from).length} before it` : ''}${queue(gen)}${at(gen)}; at the same time in both: ${f.shared} (${f.sharedMs.toFixed(0)} ms of the server's)` : '')
  );
}

/**
 * Routes whose HTTP work is not a hello-world's (a request body, or an answer over 4 KB) are also
 * compared with the bare server doing the same HTTP work (`/bytes/<n>`: same method, body and
 * headers, an answer of the route's size): the hello-world ratio is the issue's goal, this one says
 * how much of a route's cost is the service's own.
 */
const MATCH_BYTES = 4096;
const matchedRequests = (r: Route): Route['requests'] | null => {
  const bytes = answerBytes.get(r.name) ?? 0;
  if (!r.requests.some((q) => q.body !== undefined) && bytes <= MATCH_BYTES) return null;
  return r.requests.map((q) => ({ ...q, path: `/bytes/${bytes}` }));
};
interface Result {
  fig: Figures;
  /** The hello-world just before: its rps and its server CPU per request. */
  bare: Figures;
  /** The bare server doing the same HTTP work, just before. */
  matched?: Figures;
}
const results = new Map<string, Result[]>();
/**
 * Redis's own CPU time (user + system, `INFO cpu`), s: with the limits on, each request runs the
 * limit script there, on the same cores as the server and the load generator.
 */
const redisCpu = async (): Promise<number | null> => {
  const store = limits?.store;
  if (!(store instanceof RedisLimitStore)) return null;
  const fields = new Map((await store.client.info('cpu')).split(/\r?\n/).map((line) => line.split(':') as [string, string]));
  return Number(fields.get('used_cpu_user')) + Number(fields.get('used_cpu_sys'));
};
const redisCpuUs = new Map<string, number[]>();
/**
 * Calibration, per round: the bare server's time per request (1 / rps) against the µs of busy work
 * it does per request (0 and each of BENCH_CALIBRATE), fitted by least squares as
 * `1/rps = base + slope * us`. A route's rps then reads as "a bare server plus N µs of work per
 * request": N = (1/rps - base) / slope. On a VM the slope is above 1 (a slower server also pays
 * more in the kernel per answer: its client sleeps between answers and each wake-up is dearer), so
 * the ratios alone overstate what the service's own code costs.
 */
interface Calibration {
  base: number;
  slope: number;
  points: { us: number; rps: number }[];
}
const calibrations: Calibration[] = [];
/** Per round: the coalesced bare server's rps as a multiple of the plain one's, at the hello-world and at `us` µs of work. */
const coalesced: { us: number; hello: number; worked: number }[] = [];
function fit(points: Calibration['points']): Calibration {
  const xs = points.map((p) => p.us);
  const ys = points.map((p) => 1e6 / p.rps);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const slope = xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return { base: my - slope * mx, slope, points };
}
/** The µs of work per request a bare server would need to answer at `rps` (this round's fit). */
const addedWork = (c: Calibration, rps: number): number => (1e6 / rps - c.base) / c.slope;
const bareRuns: number[] = [];
const fixed = new Map<string, Figures[]>();
const loads: string[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  loads.push(load1());
  setLimited(false);
  let bareFig = await probed(() => load(bareUrl), undefined, bareProbe);
  console.error(`round ${round}: bare Fastify ${Math.round(bareFig.rps)} rps (load ${load1()})`);
  // The bare server at the same fixed rates: the p99 this machine gives a hello-world, the floor
  // under every route's.
  if (ROUTES.some((r) => r.rate)) await fixedRate(BARE, undefined, bareUrl, round);
  if (CALIBRATE.length) {
    const points = [{ us: 0, rps: bareFig.rps }];
    for (const us of CALIBRATE) {
      const fig = await load(bareUrl.replace(/\/$/, `/work/${us}`), undefined, undefined, BARE_SECONDS || SECONDS);
      points.push({ us, rps: fig.rps });
    }
    const c = fit(points);
    calibrations.push(c);
    console.error(`round ${round}: calibration: ${points.map((p) => `bare + ${p.us} µs ${Math.round(p.rps)} rps`).join(', ')}; 1/rps = ${c.base.toFixed(1)} µs + ${c.slope.toFixed(2)} × work`);
    // The same bare server with the service's write coalescing, at the hello-world and at the
    // calibration's middle amount of work: what coalescing alone is worth on this machine.
    const us = CALIBRATE[Math.floor(CALIBRATE.length / 2)]!;
    const plain = points.find((p) => p.us === us)!.rps;
    const hello = await load(coalescedUrl, undefined, undefined, BARE_SECONDS || SECONDS);
    const worked = await load(coalescedUrl.replace(/\/$/, `/work/${us}`), undefined, undefined, BARE_SECONDS || SECONDS);
    coalesced.push({ us, hello: hello.rps / bareFig.rps, worked: worked.rps / plain });
    console.error(`round ${round}: bare with coalesced writes: hello-world ${Math.round(hello.rps)} rps (${(hello.rps / bareFig.rps).toFixed(3)}x the plain one), + ${us} µs ${Math.round(worked.rps)} rps (${(worked.rps / plain).toFixed(3)}x)`);
  }
  for (const r of ROUTES) {
    // On a shared machine the load moves within a round: the ratio is to the bare server measured
    // just before the route.
    setLimited(false);
    if (BARE_SECONDS > 0) {
      bareFig = await probed(() => load(bareUrl, undefined, undefined, BARE_SECONDS), undefined, bareProbe);
      bareRuns.push(bareFig.rps);
    }
    const same = matchedRequests(r);
    const matched = same ? await probed(() => load(bareUrl, same, undefined, BARE_SECONDS || SECONDS), undefined, bareProbe) : undefined;
    setLimited(r.limited === true);
    const batchesBefore = billing?.ledger.batches ?? 0;
    billing?.ledger.writeTimes.reset();
    // Every row's server CPU per request too (and the limited rows' profiles with BENCH_PROFILE).
    const redisBefore = r.limited ? await redisCpu() : null;
    const fig = await probed(() => load(base, r.requests), r.limited ? `${r.name}-saturation-round${round}` : undefined);
    const redisAfter = redisBefore === null ? null : await redisCpu();
    const redisUs = redisAfter === null || redisBefore === null ? null : ((redisAfter - redisBefore) * 1e6) / (fig.rps * SECONDS);
    if (redisUs !== null) redisCpuUs.set(r.name, [...(redisCpuUs.get(r.name) ?? []), redisUs]);
    const batches = (billing?.ledger.batches ?? 0) - batchesBefore;
    const wt = (p: number): string => ((billing?.ledger.writeTimes.percentile(p) ?? 0) / 1000).toFixed(2);
    results.set(r.name, [...(results.get(r.name) ?? []), { fig, bare: bareFig, ...(matched ? { matched } : {}) }]);
    const faults = (f: Figures): string => `${f.server!.pageFaults.minor}${f.server!.pageFaults.major ? ` + ${f.server!.pageFaults.major} major` : ''}`;
    const gen = (f: Figures): string => (f.generatorCpuUs === undefined ? '?' : f.generatorCpuUs.toFixed(0));
    const cpu = `; server CPU ${fig.server!.cpuPerRequestUs.toFixed(0)} µs/request (${(100 * fig.server!.cpuShare).toFixed(0)} % of a core; hello-world ${bareFig.server!.cpuPerRequestUs.toFixed(0)}), GC ${fig.server!.gcMs.toFixed(0)} ms, page faults ${faults(fig)} (hello-world's ${faults(bareFig)}), generator CPU ${gen(fig)} µs/request (hello-world's ${gen(bareFig)})${batches ? `, ${batches} metering batches (${((fig.rps * SECONDS) / batches).toFixed(1)} calls each, written in p50 ${wt(50)} / p90 ${wt(90)} ms)` : ''}`;
    const same1 = matched ? `; bare Fastify, same HTTP work (${answerBytes.get(r.name)} bytes): ${Math.round(matched.rps)} rps, ${matched.server!.cpuPerRequestUs.toFixed(0)} µs/request, generator ${gen(matched)}` : '';
    const redis1 = redisUs === null ? '' : `; Redis CPU ${redisUs.toFixed(0)} µs/request`;
    console.error(`round ${round}: ${r.name} ${Math.round(fig.rps)} rps p50 ${fig.p50} ms p99 ${fig.p99} ms${fig.non2xx ? ` (${fig.non2xx} non-2xx/errors)` : ''}${cpu}${redis1}${same1}`);
    if (r.rate) await fixedRate(r.name, r.requests, base, round);
  }
  loads.push(load1());
}
setLimited(true);
await billing?.ledger.flush();

console.log(
  `\n${COMPANIES} companies, ${CONNECTIONS} connections, ${SECONDS} s per route per round, ${ROUNDS} rounds interleaved; medians over rounds; ` +
    `bare Fastify in ${bareProcess ? `a process of its own` : 'the server process'}; autocannon in ${generator.where}${WORKERS ? ` (${WORKERS} worker thread(s), which still decode every response body: test/bench/load-generator.ts)` : ''}${PIN ? ', server pinned to CPU 0' : ''}; logger ${LOGGER ? `at ${env.logLevel}` : 'off'}; node ${process.execArgv.filter((a) => a !== '--import' && a !== 'tsx').join(' ') || '(no flags)'}; limit store ${limits?.store.kind ?? 'none'}, user store ${services.store.kind}; load average (1/5/15 min) ${loads.join(' -> ')}\n`,
);
console.log(
  '| route | answer bytes | rps | p50 ms | p99 ms | rps / bare Fastify hello-world (run just before) | server CPU µs/request (hello-world\'s just before) | rps / bare Fastify doing the same HTTP work (run just before) | as a bare hello-world plus N µs of work per request (calibration) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
const bares = bareRuns.length ? bareRuns : ([...results.values()][0]?.map((x) => x.bare.rps) ?? []);
console.log(`| bare Fastify hello-world${bareRuns.length ? ` (median of ${bareRuns.length} runs, one before each route)` : ''} | 17 | ${Math.round(median(bares))} | | | 1.00 | | | |`);
for (const [name, rs] of results) {
  const errs = rs.reduce((s, x) => s + x.fig.non2xx, 0);
  const cpu = (f: Figures): number => f.server!.cpuPerRequestUs;
  const matchedErrs = rs.reduce((s, x) => s + (x.matched?.non2xx ?? 0), 0);
  const matched = rs.every((x) => x.matched) ? `${median(rs.map((x) => x.fig.rps / x.matched!.rps)).toFixed(3)}${matchedErrs ? ` (${matchedErrs} non-2xx)` : ''}` : '';
  const work = calibrations.length === rs.length ? median(rs.map((x, i) => addedWork(calibrations[i]!, x.fig.rps))).toFixed(0) : '';
  console.log(
    `| ${name} | ${answerBytes.get(name)} | ${Math.round(median(rs.map((x) => x.fig.rps)))} | ${median(rs.map((x) => x.fig.p50))} | ${median(rs.map((x) => x.fig.p99))} | ${median(rs.map((x) => x.fig.rps / x.bare.rps)).toFixed(3)}${errs ? ` (${errs} non-2xx)` : ''} | ` +
      `${median(rs.map((x) => cpu(x.fig))).toFixed(0)} (${median(rs.map((x) => cpu(x.bare))).toFixed(0)}) | ${matched} | ${work} |`,
  );
}
const keyedRatio = (() => {
  const a = results.get('data?ticker= (cached) anonymous, limited');
  const k = results.get('data?ticker= (cached) keyed, limited, metered');
  return a && k ? median(k.map((x, i) => x.fig.rps / a[i]!.fig.rps)) : null;
})();
if (calibrations.length) {
  const slope = median(calibrations.map((c) => c.slope));
  const base = median(calibrations.map((c) => c.base));
  console.log(
    `\nCalibration (bare hello-world plus ${CALIBRATE.join(', ')} µs of busy work per request, each round): 1/rps = ${base.toFixed(1)} µs + ${slope.toFixed(2)} × work (medians); ` +
      `so a 0.5x ratio is a bare server plus ${(base / slope).toFixed(0)} µs of work per request on this machine.`,
  );
}
if (coalesced.length) {
  console.log(
    `The bare server with the service's write coalescing (api/write-coalescing.ts; medians over rounds): hello-world ${median(coalesced.map((c) => c.hello)).toFixed(3)}x the plain one's rps, ` +
      `with ${coalesced[0]!.us} µs of work per request ${median(coalesced.map((c) => c.worked)).toFixed(3)}x.`,
  );
}
for (const [name, us] of redisCpuUs) console.log(`Redis CPU per request (the limit script; INFO cpu around the run, median over rounds), ${name}: ${median(us).toFixed(1)} µs`);
if (keyedRatio !== null) console.log(`\nkeyed, limited, metered ÷ anonymous (cached /api/data, same round): ${keyedRatio.toFixed(3)}`);
if (fixed.size) {
  console.log(
    `\nAt a fixed offered rate of ${RATES.join(', ')} req/s (same connections; medians over rounds). paced: evenly spaced (request i due at start + i/rate), ` +
      `latency from the due time, µs resolution (test/bench/paced-load.ts); autocannon: overallRate, i.e. each connection's share sent back to back at the start of every second, whole ms:\n`,
  );
  // The machine's own tail at that rate: the bare hello-world's p99 in the same round, taken from each
  // route's (rounds line up: every round runs the bare server and then each route, at each rate).
  console.log(
    `| route | offered req/s | load | achieved rps | p50 ms | p99 ms | p99 over the bare hello-world's in the same round, ms | p99.9 / max ms | ${PACED_WARMUP > 0 ? `the first ${PACED_WARMUP} s's p99 / max ms (warm-up, paced)` : 'warm-up (none: BENCH_PACED_WARMUP=0)'} | p99 from the write ms | rate sustained | server CPU µs/request (% of a core) | server loop delay p99 / max ms | server GC per run (minor + major, total ms, longest ms) | generator loop delay max / longest GC ms (paced) | server stalls of ${STALL_MS}+ ms per run: count, ms (of them when the generator stalled too) (paced) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const f2 = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));
  for (const [k, fs] of fixed) {
    const [name, rate, pacer] = k.split('\t') as [string, string, string];
    const RATE = Number(rate);
    const errs = fs.reduce((s, x) => s + x.non2xx, 0);
    const achieved = median(fs.map((x) => x.rps));
    // Below the offered rate the server was saturated after all: that p99 is a queue again.
    const sustained = achieved >= 0.95 * RATE ? 'yes' : 'no (saturated: the p99 is a queue)';
    const sv = fs.map((x) => x.server!);
    const ps = fs.flatMap((x) => (x.paced ? [x.paced] : []));
    const tail = ps.length ? `${median(ps.map((x) => x.p999)).toFixed(2)} / ${median(ps.map((x) => x.max)).toFixed(1)}` : '';
    const service = ps.length ? median(ps.map((x) => x.serviceP99)).toFixed(2) : '';
    const warm = ps.flatMap((x) => (x.warmup ? [x.warmup] : []));
    const warmTail = warm.length ? `${median(warm.map((w) => w.p99)).toFixed(2)} / ${median(warm.map((w) => w.max)).toFixed(1)}` : '';
    const gc = `${median(sv.map((x) => x.minorGcs))} + ${median(sv.map((x) => x.majorGcs))}, ${median(sv.map((x) => x.gcMs)).toFixed(0)}, ${median(sv.map((x) => x.gcMaxMs)).toFixed(1)}`;
    const bareRounds = fixed.get(`${BARE}\t${rate}\t${pacer}`) ?? [];
    const overBare = name === BARE || bareRounds.length !== fs.length ? '' : median(fs.map((x, i) => x.p99 - bareRounds[i]!.p99)).toFixed(2);
    const gen = ps.flatMap((x) => (x.generator ? [x.generator] : []));
    const generator = gen.length ? `${median(gen.map((g) => g.loopMax)).toFixed(1)} / ${median(gen.map((g) => g.gcMaxMs)).toFixed(1)}` : '';
    const st = fs.flatMap((x) => (x.paced ? [stallFigures(x.server!, x.paced)] : []));
    const stalls = st.length ? `${median(st.map((x) => x.count))}, ${median(st.map((x) => x.ms)).toFixed(0)} (${median(st.map((x) => x.shared))}, ${median(st.map((x) => x.sharedMs)).toFixed(0)})` : '';
    console.log(
      `| ${name} | ${RATE} | ${pacer} | ${Math.round(achieved)} | ${f2(median(fs.map((x) => x.p50)))} | ${f2(median(fs.map((x) => x.p99)))}${errs ? ` (${errs} non-2xx)` : ''} | ${overBare} | ${tail} | ${warmTail} | ${service} | ${sustained} | ` +
        `${median(sv.map((x) => x.cpuPerRequestUs)).toFixed(0)} (${(100 * median(sv.map((x) => x.cpuShare))).toFixed(0)} %) | ${median(sv.map((x) => x.loopP99)).toFixed(1)} / ${median(sv.map((x) => x.loopMax)).toFixed(1)} | ${gc} | ${generator} | ${stalls} |`,
    );
  }
}
generator.close();
bareProcess?.close();
await app.close();
await bare?.close();
await coalescedBare?.close();
