/**
 * `npm run bench:workers` (issue 15, "all cores used when the stores are shared"): the server as
 * one node:cluster worker against two, on the same port, loaded alike, interleaved over rounds.
 *
 * Each worker is built as `almanac serve` builds one with ALMANAC_WORKERS (api/main.ts `serve`: a
 * cluster primary forks workers, each a whole server with its own PostgreSQL pool, Redis
 * connection and read-only attach of the snapshot, all on one port) and as bench:serve builds its
 * server: the 5,000-company bench warehouse, the logger at the configured level to /dev/null, the
 * limits and metering off (one client IP would be refused after 200 calls a minute; keyed against
 * anonymous is bench:serve's row). One worker also runs under the cluster primary, so the two
 * configurations differ only in the worker count. The load generator is autocannon in its own
 * process (test/bench/load-generator.ts), as in bench:serve; on a 2-core machine it takes a large
 * share of the second core, so two workers cannot double the rate here: the ratio says how much of
 * the machine one process leaves unused.
 *
 * Latency at a fixed rate: after each route's saturation run, the same requests at BENCH_RATE req/s
 * (default 5,000; 0 = none), evenly spaced over the same connections, latency from each request's
 * due time (test/bench/paced-load.ts, as bench:serve's `paced` rows): the issue's p99 goal for point
 * lookups, with one process and with the cores shared. Each paced run begins with BENCH_PACED_WARMUP
 * (1) seconds at the rate whose latencies are left out, as in bench:serve: the first second after a
 * saturation run is not the steady state.
 *
 * Env: BENCH_COMPANIES (5000), BENCH_SECONDS (3), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50),
 * BENCH_WORKER_COUNTS (`1,2`), BENCH_RATE (5000), BENCH_PACED_WARMUP (1), BENCH_ONLY (comma-separated substrings of route names); DATABASE_URL
 * and REDIS_URL as for `npm start` (the embedded stores are one process: without them, as
 * ALMANAC_WORKERS refuses to start, this benchmark says so and runs nothing).
 */
import cluster, { type Worker } from 'node:cluster';
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../schema/config.ts';
import { tierHeader } from '../fixtures/fundamentals/build.ts';
import { seedUserStore, testConfig } from '../helpers.ts';
import { startGenerator, type LoadFigures } from './load-generator.ts';
import { scaledMarketWarehouse } from './market-warehouse.ts';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const COUNTS = (process.env.BENCH_WORKER_COUNTS ?? '1,2').split(',').map(Number);
const ONLY = process.env.BENCH_ONLY;
const RATE = Number(process.env.BENCH_RATE ?? 5000);
/** Seconds at the rate before each paced run's measured part, timed apart (as bench:serve's, test/bench/paced-load.ts). */
const PACED_WARMUP = Number(process.env.BENCH_PACED_WARMUP ?? 1);
const UA = 'almanac-bench/1.0 (bench@example.com)';

/** A worker: the server on the data folder the primary names, its URL sent back when it listens. */
async function worker(): Promise<void> {
  const env = loadConfig();
  const config = testConfig({ dataDir: process.env.BENCH_DATA_DIR!, redisUrl: env.redisUrl, databaseUrl: env.databaseUrl, redisPrefix: `bench-workers:${process.pid}:` });
  const { app, services } = await createApp(config, { plugins: [tierHeader], logger: { level: env.logLevel, file: '/dev/null' } });
  (services as { limits?: unknown }).limits = undefined;
  (services as { billing?: unknown }).billing = undefined;
  // Port 0 in every worker: node:cluster gives them all the same port.
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` });
  process.on('message', (m) => {
    if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
  });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

/** Forks `n` workers on one port; resolves with its URL once every one listens. */
interface Group {
  url: string;
  /** CPU time of every worker so far, µs. */
  cpuUs(): Promise<number>;
  stop(): Promise<void>;
}

async function startWorkers(n: number, dataDir: string): Promise<Group> {
  const workers: Worker[] = [];
  const urls = await Promise.all(
    Array.from({ length: n }, () => {
      const w = cluster.fork({ BENCH_DATA_DIR: dataDir });
      workers.push(w);
      return new Promise<string>((resolve, reject) => {
        w.once('message', (m: { url: string }) => resolve(m.url));
        w.once('exit', (code) => reject(new Error(`worker exited (${code}) before it listened`)));
      });
    }),
  );
  if (new Set(urls).size !== 1) throw new Error(`workers listen on different ports: ${urls.join(', ')}`);
  const stop = async (): Promise<void> => {
    await Promise.all(workers.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : (w.once('exit', () => resolve()), w.disconnect())))));
  };
  const cpuOf = (w: Worker): Promise<number> =>
    new Promise((resolve) => {
      w.once('message', (m: { cpu: NodeJS.CpuUsage }) => resolve(m.cpu.user + m.cpu.system));
      w.send('cpu');
    });
  return { url: urls[0]!, cpuUs: async () => (await Promise.all(workers.map(cpuOf))).reduce((a, b) => a + b, 0), stop };
}

async function primary(): Promise<void> {
  const env = loadConfig();
  if (COUNTS.some((c) => c > 1) && (!env.databaseUrl || !env.redisUrl)) {
    // `npm run bench` runs every benchmark, with or without the shared stores.
    console.log('bench:workers not run: more than one worker needs DATABASE_URL and REDIS_URL (the embedded stores serve one process)');
    return;
  }
  const { dataDir, tickers } = await scaledMarketWarehouse(COMPANIES);
  await seedUserStore(testConfig({ dataDir, databaseUrl: env.databaseUrl }));
  const pick = (i: number): string => tickers[(i * 7919) % tickers.length]!;
  const many = (f: (t: string) => string): string[] => Array.from({ length: 64 }, (_, i) => f(pick(i)));
  const mcp = (t: string): string => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_fundamentals', arguments: { ticker: t, asOf: '2025-06-01' } } });
  const headers = { 'user-agent': UA, 'x-test-tier': 'investor' };
  const routes: { name: string; requests: { method: string; path: string; body?: string; headers?: Record<string, string> }[] }[] = [
    { name: 'GET /api/health', requests: [{ method: 'GET', path: '/api/health' }] },
    { name: 'ticker-search?q=app', requests: [{ method: 'GET', path: '/api/ticker-search?q=app' }] },
    { name: 'fundamentals-pit?ticker=', requests: many((t) => `/api/fundamentals-pit?ticker=${t}&date=2025-06-01`).map((path) => ({ method: 'GET', path })) },
    { name: 'data?ticker= (cached)', requests: many((t) => `/api/data?ticker=${t}`).map((path) => ({ method: 'GET', path })) },
    { name: 'data?ticker=&nocache=1', requests: many((t) => `/api/data?ticker=${t}&nocache=1`).map((path) => ({ method: 'GET', path })) },
    {
      name: 'MCP get_fundamentals',
      requests: tickers.slice(0, 64).map((t) => ({ method: 'POST', path: '/api/mcp', body: mcp(t), headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } })),
    },
  ].filter((r) => !ONLY || ONLY.split(',').some((o) => r.name.includes(o)));

  const generator = await startGenerator();
  const load = (url: string, requests: (typeof routes)[number]['requests'], duration: number, rate = 0): Promise<LoadFigures> =>
    generator.load({
      url,
      connections: CONNECTIONS,
      duration,
      headers,
      requests: requests.map((q) => ({ ...q, headers: q.headers ?? headers })),
      ...(rate > 0 ? { overallRate: rate, paced: true, ...(PACED_WARMUP > 0 ? { warmup: PACED_WARMUP } : {}) } : {}),
    });
  type Run = LoadFigures & { cores: number };
  const results = new Map<string, Map<number, Run[]>>();
  const paced = new Map<string, Map<number, Run[]>>();
  const keep = (into: Map<string, Map<number, Run[]>>, name: string, n: number, fig: Run): void => {
    const byCount = into.get(name) ?? new Map<number, Run[]>();
    byCount.set(n, [...(byCount.get(n) ?? []), fig]);
    into.set(name, byCount);
  };
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate the order so neither count always runs first.
    for (const n of round % 2 ? COUNTS : [...COUNTS].reverse()) {
      const group = await startWorkers(n, dataDir);
      try {
        for (const r of routes) await load(group.url, r.requests, 1); // warm-up: JIT and first misses, every worker
        // The workers' CPU over a run, in cores (1.0 = one core busy the whole time).
        const measured = async (run: () => Promise<LoadFigures>): Promise<Run> => {
          const cpu0 = await group.cpuUs();
          const t0 = performance.now();
          const fig = await run();
          return { ...fig, cores: ((await group.cpuUs()) - cpu0) / ((performance.now() - t0) * 1000) };
        };
        for (const r of routes) {
          const fig = await measured(() => load(group.url, r.requests, SECONDS));
          keep(results, r.name, n, fig);
          console.error(`round ${round}: ${n} worker(s) ${r.name} ${Math.round(fig.rps)} rps p50 ${fig.p50} ms p99 ${fig.p99} ms, workers' CPU ${fig.cores.toFixed(2)} cores${fig.non2xx ? ` (${fig.non2xx} non-2xx/errors)` : ''}`);
          if (RATE <= 0) continue;
          const at = await measured(() => load(group.url, r.requests, SECONDS, RATE));
          keep(paced, r.name, n, at);
          console.error(
            `round ${round}: ${n} worker(s) ${r.name} at ${RATE} req/s (paced): ${Math.round(at.rps)} rps p50 ${at.p50.toFixed(2)} ms p99 ${at.p99.toFixed(2)} ms p99.9 ${at.paced!.p999.toFixed(2)} ms${at.paced!.warmup ? ` (the ${at.paced!.warmup.seconds} s warm-up before it: p99 ${at.paced!.warmup.p99.toFixed(2)} ms)` : ''}, workers' CPU ${at.cores.toFixed(2)} cores${at.non2xx ? ` (${at.non2xx} non-2xx/errors)` : ''}`,
          );
        }
      } finally {
        await group.stop();
      }
    }
  }
  generator.close();
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`\n${COMPANIES} companies, ${CONNECTIONS} connections, ${SECONDS} s per route, ${ROUNDS} rounds; medians over rounds; node:cluster workers on one port; autocannon in a child process; limits and metering off; user store ${env.databaseUrl ? 'postgres' : 'pglite'}\n`);
  const [first, ...rest] = COUNTS;
  console.log(`| route | ${COUNTS.map((c) => `${c} worker${c > 1 ? 's' : ''}: rps (p99 ms, cores busy)`).join(' | ')} | ${rest.map((c) => `${c} ÷ ${first}`).join(' | ')} |`);
  console.log(`|---|${COUNTS.map(() => '---|').join('')}${rest.map(() => '---|').join('')}`);
  for (const [name, byCount] of results) {
    const rps = (c: number): number => median(byCount.get(c)!.map((f) => f.rps));
    const cells = COUNTS.map((c) => `${Math.round(rps(c))} (${median(byCount.get(c)!.map((f) => f.p99))}, ${median(byCount.get(c)!.map((f) => f.cores)).toFixed(2)})`);
    const errs = [...byCount.values()].flat().reduce((s, f) => s + f.non2xx, 0);
    console.log(`| ${name} | ${cells.join(' | ')} | ${rest.map((c) => (rps(c) / rps(first!)).toFixed(2)).join(' | ')}${errs ? ` (${errs} non-2xx)` : ''} |`);
  }
  if (paced.size === 0) return;
  console.log(`\nAt ${RATE} req/s, evenly spaced over the same connections (latency from each request's due time; medians over rounds):\n`);
  console.log(`| route | ${COUNTS.map((c) => `${c} worker${c > 1 ? 's' : ''}: p50 / p99 / p99.9 ms (cores busy)`).join(' | ')} |`);
  console.log(`|---|${COUNTS.map(() => '---|').join('')}`);
  for (const [name, byCount] of paced) {
    const cells = COUNTS.map((c) => {
      const runs = byCount.get(c)!;
      const short = runs.some((f) => f.rps < 0.95 * RATE) ? ', rate not sustained in a round' : '';
      return `${median(runs.map((f) => f.p50)).toFixed(2)} / ${median(runs.map((f) => f.p99)).toFixed(2)} / ${median(runs.map((f) => f.paced!.p999)).toFixed(2)} (${median(runs.map((f) => f.cores)).toFixed(2)}${short})`;
    });
    const errs = [...byCount.values()].flat().reduce((s, f) => s + f.non2xx, 0);
    console.log(`| ${name} | ${cells.join(' | ')}${errs ? ` (${errs} non-2xx)` : ''} |`);
  }
}

if (cluster.isPrimary) {
  await primary();
  process.exit(0);
}
else await worker();
