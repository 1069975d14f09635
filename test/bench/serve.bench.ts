/**
 * `npm run bench:serve` (issue 15): a bare Fastify hello-world and the server on the
 * 5,000-company bench warehouse (test/bench/market-warehouse.ts), both listening on localhost in
 * this process, loaded with autocannon; every route below and the bare server are run interleaved,
 * ROUNDS rounds, and each route's rps, p50 and p99 are printed with its rps ratio to the bare
 * server measured in the same round (ratios are comparable across machines and load; absolute
 * figures are not). Anonymous callers; per-IP limits off (one client IP); the Investor tier for
 * bulk and the universe by a test header.
 *
 * Not part of `npm test`. Env: BENCH_COMPANIES (5000), BENCH_SECONDS (5), BENCH_ROUNDS (3),
 * BENCH_CONNECTIONS (50), BENCH_ONLY (comma-separated substrings of route names).
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createApp } from '../../api/app.ts';
import { tierHeader } from '../fixtures/fundamentals/build.ts';
import { seedUserStore, testConfig } from '../helpers.ts';
import { scaledMarketWarehouse } from './market-warehouse.ts';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY;
const UA = 'almanac-bench/1.0 (bench@example.com)';

const { dataDir, tickers } = await scaledMarketWarehouse(COMPANIES);
const config = testConfig({ dataDir });
await seedUserStore(config);
const { app, services } = await createApp(config, { plugins: [tierHeader] });
(services as { limits?: unknown }).limits = undefined;
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
  /** Requests cycled by autocannon (several tickers so no single answer is hot). */
  requests: { method?: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }[];
}
const many = (f: (t: string) => Route['requests'][number]): Route['requests'] => Array.from({ length: 64 }, (_, i) => f(pick(i)));
const ROUTES = ([
  { name: 'GET /api/health', requests: [{ path: '/api/health' }] },
  { name: 'ticker-search?q=app', requests: [{ path: '/api/ticker-search?q=app' }] },
  { name: 'fundamentals-pit?ticker=', requests: many((t) => ({ path: `/api/fundamentals-pit?ticker=${t}&date=${asOf}` })) },
  { name: 'data?ticker= (cached)', requests: many((t) => ({ path: `/api/data?ticker=${t}` })) },
  { name: 'data?ticker=&nocache=1', requests: many((t) => ({ path: `/api/data?ticker=${t}&nocache=1` })) },
  { name: 'data/bulk 100 JSON', requests: [{ path: `/api/data/bulk?tickers=${bulk100}` }] },
  { name: 'data/bulk 100 Parquet', requests: [{ path: `/api/data/bulk?tickers=${bulk100}&format=parquet` }] },

  {
    name: 'GraphQL 16 companies',
    requests: [{ method: 'POST', path: '/graphql', body: JSON.stringify({ query: `{ companies(tickers: ${JSON.stringify(gqlTickers)}) { ticker fundamentals(asOf: "${asOf}") { revenue netMargin } } }` }) }],
  },
  {
    name: 'MCP get_fundamentals',
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
  const q = r.requests[0]!;
  const res = await fetch(`${base}${q.path}`, { method: q.method ?? 'GET', headers: q.headers ?? headers, body: q.body });
  if (res.status !== 200) throw new Error(`${r.name}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer();
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}
async function load(url: string, requests?: Route['requests']): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    ...(requests ? { requests: requests.map((q) => ({ method: q.method ?? 'GET', path: q.path, body: q.body, headers: q.headers ?? headers })) } : {}),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors + result.timeouts };
}

const results = new Map<string, { fig: Figures; bare: number }[]>();
for (let round = 1; round <= ROUNDS; round++) {
  const bareFig = await load(bareUrl);
  console.error(`round ${round}: bare Fastify ${Math.round(bareFig.rps)} rps`);
  for (const r of ROUTES) {
    const fig = await load(base, r.requests);
    results.set(r.name, [...(results.get(r.name) ?? []), { fig, bare: bareFig.rps }]);
    console.error(`round ${round}: ${r.name} ${Math.round(fig.rps)} rps p50 ${fig.p50} ms p99 ${fig.p99} ms${fig.non2xx ? ` (${fig.non2xx} non-2xx/errors)` : ''}`);
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`\n${COMPANIES} companies, ${CONNECTIONS} connections, ${SECONDS} s per route per round, ${ROUNDS} rounds interleaved; medians over rounds\n`);
console.log('| route | rps | p50 ms | p99 ms | rps / bare Fastify (same round) |');
console.log('|---|---|---|---|---|');
const bares = [...results.values()][0]?.map((x) => x.bare) ?? [];
console.log(`| bare Fastify hello-world | ${Math.round(median(bares))} | | | 1.00 |`);
for (const [name, rs] of results) {
  const errs = rs.reduce((s, x) => s + x.fig.non2xx, 0);
  console.log(
    `| ${name} | ${Math.round(median(rs.map((x) => x.fig.rps)))} | ${median(rs.map((x) => x.fig.p50))} | ${median(rs.map((x) => x.fig.p99))} | ${median(rs.map((x) => x.fig.rps / x.bare)).toFixed(3)}${errs ? ` (${errs} non-2xx)` : ''} |`,
  );
}
await app.close();
await bare.close();
