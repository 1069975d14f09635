/**
 * `/api/data` p50/p99, uncached (nocache=1, random tickers) and cached (repeat tickers), on a
 * warehouse scaled to 5,000 companies; the baseline is `/api/ticker-search?q=apple` measured in
 * the same run (one simple indexed query through the same server pipeline).
 *
 * Run: node --import tsx test/bench/data.bench.ts  (BENCH_N, BENCH_COMPANIES)
 */
import { performance } from 'node:perf_hooks';
import { clearDataCache } from '../../api/rest/data.ts';
import { sampleApp } from '../helpers.ts';
import { percentile, scaledMarketWarehouse } from './market-warehouse.ts';

const N = Number(process.env.BENCH_N ?? 500);
const started = performance.now();
const { dataDir, tickers } = await scaledMarketWarehouse(Number(process.env.BENCH_COMPANIES ?? 5000));
process.stdout.write(`scaled warehouse: ${tickers.length} tickers in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
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

let seed = 7;
const pick = (): string => tickers[(seed = (seed * 48271) % 2147483647) % tickers.length]!;
for (let i = 0; i < 50; i++) await time(`/api/data?ticker=${pick()}&nocache=1`); // warm up
clearDataCache();
const base: number[] = [];
const uncached: number[] = [];
const cached: number[] = [];
const hot = Array.from({ length: 20 }, pick);
for (const h of hot) await time(`/api/data?ticker=${h}`);
for (let i = 0; i < N; i++) {
  base.push(await time('/api/ticker-search?q=apple'));
  uncached.push(await time(`/api/data?ticker=${pick()}&nocache=1`));
  cached.push(await time(`/api/data?ticker=${hot[i % hot.length]}`));
}
const line = (name: string, xs: number[]): string =>
  `${name.padEnd(28)} p50 ${percentile(xs, 50).toFixed(2)} ms  p99 ${percentile(xs, 99).toFixed(2)} ms  (x${(percentile(xs, 50) / percentile(base, 50)).toFixed(2)} of baseline p50)`;
process.stdout.write(`${line('baseline ticker-search', base)}\n${line('/api/data uncached', uncached)}\n${line('/api/data cached', cached)}\n`);
await t.close();
