/**
 * The first asks after a snapshot swap (warehouse/reader.ts `warm`, issue 15): on the 5,000-company
 * bench warehouse, a reader asked for BENCH_HOT (512) tickers' snapshots, then a new snapshot is
 * published and the reader switches to it; then 64 of those tickers are asked at once, as traffic
 * on hot tickers would. Without the warm-up each of them is assembled by SQL on the shared pool;
 * with it they were assembled before the switch. Prints the switch's time and the 64 asks' for
 * both, alternated over BENCH_ROUNDS (2), and the ratio of the 64 asks' times (warm / cold).
 *
 * Run: npm run bench swap-warm   (BENCH_COMPANIES, BENCH_HOT, BENCH_ROUNDS)
 */
import { tickerSnapshot, warmTickerSnapshots } from '../../warehouse/queries/snapshot.ts';
import { Warehouse } from '../../warehouse/reader.ts';
import { currentVersion, publishSnapshot, snapshotFile } from '../../warehouse/snapshots.ts';
import { scaledMarketWarehouse } from './market-warehouse.ts';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5000);
const HOT = Number(process.env.BENCH_HOT ?? 512);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const { dataDir, tickers } = await scaledMarketWarehouse(COMPANIES);
const hot = tickers.slice(0, HOT);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(warm: boolean): Promise<{ switchMs: number; burstMs: number }> {
  const wh = await Warehouse.open({ dataDir, poolSize: 4, ...(warm ? { warm: (fresh, previous) => warmTickerSnapshots(fresh, previous) } : {}) });
  try {
    // The most recently asked first is what a warm-up takes: ask the 64 of the burst last.
    for (let i = hot.length - 1; i >= 0; i -= 8) await Promise.all(hot.slice(Math.max(0, i - 7), i + 1).map((t) => tickerSnapshot(wh, t)));
    await publishSnapshot(dataDir, snapshotFile(dataDir, (await currentVersion(dataDir))!), 3);
    let t0 = performance.now();
    await wh.refresh();
    const switchMs = performance.now() - t0;
    t0 = performance.now();
    await Promise.all(hot.slice(0, 64).map((t) => tickerSnapshot(wh, t)));
    return { switchMs, burstMs: performance.now() - t0 };
  } finally {
    await wh.close();
  }
}

const cold: { switchMs: number; burstMs: number }[] = [];
const warmed: { switchMs: number; burstMs: number }[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  cold.push(await run(false));
  warmed.push(await run(true));
  console.log(`round ${round}: without the warm-up switch ${cold.at(-1)!.switchMs.toFixed(0)} ms, 64 first asks ${cold.at(-1)!.burstMs.toFixed(1)} ms; with it switch ${warmed.at(-1)!.switchMs.toFixed(0)} ms, 64 first asks ${warmed.at(-1)!.burstMs.toFixed(1)} ms`);
}
const c = median(cold.map((x) => x.burstMs));
const w = median(warmed.map((x) => x.burstMs));
console.log(
  `${COMPANIES} companies, ${HOT} tickers asked before the swap: 64 concurrent first asks after it ${w.toFixed(1)} ms warmed against ${c.toFixed(1)} ms cold (ratio ${(w / c).toFixed(4)}); ` +
    `the switch ${median(warmed.map((x) => x.switchMs)).toFixed(0)} ms against ${median(cold.map((x) => x.switchMs)).toFixed(0)} ms (medians of ${ROUNDS})`,
);
