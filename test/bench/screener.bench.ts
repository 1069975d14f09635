/**
 * `/api/screener` over the whole universe of a warehouse scaled to 5,000 companies (aim: under
 * 50 ms), against `/api/ticker-search?q=apple` measured in the same run.
 *
 * Run: node --import tsx test/bench/screener.bench.ts  (BENCH_N, BENCH_COMPANIES)
 */
import { performance } from 'node:perf_hooks';
import { screenerUniverse } from '../../warehouse/queries/screener.ts';
import { sampleApp } from '../helpers.ts';
import { percentile, scaledMarketWarehouse } from './market-warehouse.ts';

const N = Number(process.env.BENCH_N ?? 100);
const { dataDir, tickers } = await scaledMarketWarehouse(Number(process.env.BENCH_COMPANIES ?? 5000));
const t = await sampleApp({ build: false, config: { dataDir } });
(t.services as { limits?: unknown }).limits = undefined;
const headers = { 'user-agent': 'almanac-bench/1.0 (bench@example.com)' };

async function time(url: string): Promise<number> {
  const start = performance.now();
  const res = await t.app.inject({ url, headers });
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return ms;
}

const urls = ['/api/screener?limit=500', '/api/screener?mktcap_min=1e10&pe_max=40&sort=pe:asc', '/api/screener?div_yield_min=2&sector=Energy&sort=-dividendYield'];
for (let i = 0; i < 10; i++) for (const u of urls) await time(u);
const base: number[] = [];
const runs: number[][] = urls.map(() => []);
for (let i = 0; i < N; i++) {
  base.push(await time('/api/ticker-search?q=apple'));
  for (let j = 0; j < urls.length; j++) runs[j]!.push(await time(urls[j]!));
}
// The cold path: the universe load (one price query + latestFundamentals for every ticker) that
// the route caches per snapshot version and day.
const cold: number[] = [];
for (let i = 0; i < Math.min(N, 20); i++) {
  const start = performance.now();
  await screenerUniverse(t.services.warehouse);
  cold.push(performance.now() - start);
}
process.stdout.write(`universe: ${tickers.length} tickers; cold universe load p50 ${percentile(cold, 50).toFixed(2)} ms  p99 ${percentile(cold, 99).toFixed(2)} ms\n`);
process.stdout.write(`baseline ticker-search         p50 ${percentile(base, 50).toFixed(2)} ms  p99 ${percentile(base, 99).toFixed(2)} ms\n`);
urls.forEach((u, j) =>
  process.stdout.write(`${u.padEnd(62)} p50 ${percentile(runs[j]!, 50).toFixed(2)} ms  p99 ${percentile(runs[j]!, 99).toFixed(2)} ms  (x${(percentile(runs[j]!, 50) / percentile(base, 50)).toFixed(2)})\n`),
);
await t.close();
