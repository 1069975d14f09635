/**
 * Serving point-in-time fundamentals on a warehouse scaled to BENCH_COMPANIES (default 5,000)
 * companies: the sample's real companyfacts replicated under new CIKs and tickers, derived by the
 * fundamentals job's own finish() step (timed), then p50/p99 latency of `/api/fundamentals-pit`,
 * `/api/fundamentals-pit/universe`, a 100-ticker `/api/data/bulk` (JSON and Parquet), and
 * `latestFundamentals` over the whole universe (the screener's input, aim < 50 ms), each against
 * `/api/ticker-search?q=apple` measured in the same run.
 *
 * Run: node --import tsx test/bench/fundamentals-serving.bench.ts   (BENCH_N, BENCH_COMPANIES)
 */
import { performance } from 'node:perf_hooks';
import { openBuild } from '../../pipelines/runner.ts';
import { buildFile } from '../../warehouse/snapshots.ts';
import { deriveFundamentals } from '../../pipelines/jobs/fundamentals.ts';
import { publishSnapshot } from '../../warehouse/snapshots.ts';
import { latestFundamentals } from '../../warehouse/queries/fundamentals.ts';
import { tierHeader } from '../fixtures/fundamentals/build.ts';
import { buildSample, sampleApp, tempDir } from '../helpers.ts';

const N = Number(process.env.BENCH_N ?? 100);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5000);
const percentile = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const dataDir = tempDir('almanac-bench-');
await buildSample(dataDir, ['companies', 'filings', 'fundamentals']);
const { instance, conn, db } = await openBuild(dataDir, { threads: 2 });
const withFacts = (await db.all<{ n: number }>('SELECT count(DISTINCT cik)::INTEGER AS n FROM facts'))[0]!.n;
const copies = Math.ceil(COMPANIES / withFacts) - 1;
await db.run(`CREATE TEMP TABLE rep AS SELECT range AS i FROM range(1, ${copies + 1})`);
await db.run(
  `INSERT INTO companies SELECT c.cik + rep.i * 3000000, c.ticker || '-X' || lpad(rep.i::VARCHAR, 4, '0'), c.name || ' ' || rep.i, c.exchange, c.rank + rep.i * 100
   FROM companies c, rep WHERE c.cik IN (SELECT DISTINCT cik FROM facts)`,
);
await db.run(`INSERT INTO fact_values SELECT f.* REPLACE (f.cik + rep.i * 3000000 AS cik) FROM fact_values f, rep`);
await db.run(`INSERT INTO filings SELECT f.* REPLACE (f.cik + rep.i * 3000000 AS cik) FROM filings f, rep`);
const facts = (await db.all<{ n: number }>('SELECT count(*)::INTEGER AS n FROM facts'))[0]!.n;
let t0 = performance.now();
await conn.run('BEGIN TRANSACTION');
const statements = await deriveFundamentals({ db });
await conn.run('COMMIT');
const deriveMs = performance.now() - t0;
const companies = (await db.all<{ n: number }>('SELECT count(DISTINCT cik)::INTEGER AS n FROM fund_statements'))[0]!.n;
const tickers = (await db.all<{ ticker: string }>('SELECT ticker FROM companies WHERE cik IN (SELECT cik FROM fund_statements) ORDER BY hash(ticker) LIMIT 100')).map((r) => r.ticker);
await conn.run('CHECKPOINT');
conn.closeSync();
instance.closeSync();
await publishSnapshot(dataDir, buildFile(dataDir));

const t = await sampleApp({ build: false, config: { dataDir }, server: { plugins: [tierHeader] } });
(t.services as { limits?: unknown }).limits = undefined;
const headers = { 'user-agent': 'almanac-bench/1.0 (bench@example.com)', 'x-test-tier': 'investor' };

async function time(url: string, extra: Record<string, string> = {}): Promise<number> {
  const start = performance.now();
  const res = await t.app.inject({ url, headers: { ...headers, ...extra } });
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return ms;
}

const bulk = `/api/data/bulk?tickers=${tickers.join(',')}`;
const cases: [string, () => Promise<number>][] = [
  ['fundamentals-pit (AAPL, 2024-08-15)', () => time('/api/fundamentals-pit?ticker=AAPL&date=2024-08-15')],
  ['fundamentals-pit (random ticker, today)', () => time(`/api/fundamentals-pit?ticker=${tickers[Math.floor(Math.random() * tickers.length)]}`)],
  ['fundamentals-pit/universe (2025-03-01)', () => time('/api/fundamentals-pit/universe?date=2025-03-01')],
  ['data/bulk, 100 tickers, JSON', () => time(bulk)],
  ['data/bulk, 100 tickers, Parquet', () => time(`${bulk}&format=parquet`)],
  ['latestFundamentals(db, null, ...) (query only)', async () => {
    const start = performance.now();
    await latestFundamentals(t.services.warehouse, null, '2025-03-01');
    return performance.now() - start;
  }],
];
for (let i = 0; i < 5; i++) for (const [, run] of cases) await run();
const base: number[] = [];
const runs: number[][] = cases.map(() => []);
for (let i = 0; i < N; i++) {
  base.push(await time('/api/ticker-search?q=apple'));
  for (let j = 0; j < cases.length; j++) runs[j]!.push(await cases[j]![1]());
}
t0 = performance.now();
const universe = await latestFundamentals(t.services.warehouse, null, '2025-03-01');
process.stdout.write(`warehouse: ${companies.toLocaleString('en-US')} companies with statements, ${facts.toLocaleString('en-US')} facts, ${statements.toLocaleString('en-US')} statement versions; derivation (finish) ${(deriveMs / 1000).toFixed(1)} s; universe rows ${universe.length}\n`);
process.stdout.write(`${'baseline ticker-search'.padEnd(48)} p50 ${percentile(base, 50).toFixed(2)} ms  p99 ${percentile(base, 99).toFixed(2)} ms\n`);
cases.forEach(([name], j) =>
  process.stdout.write(`${name.padEnd(48)} p50 ${percentile(runs[j]!, 50).toFixed(2)} ms  p99 ${percentile(runs[j]!, 99).toFixed(2)} ms  (x${(percentile(runs[j]!, 50) / percentile(base, 50)).toFixed(2)})\n`),
);
await t.close();
