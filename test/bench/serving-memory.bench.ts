/**
 * Memory and build time of the in-memory serving layer (warehouse/serving.ts) on the
 * 5,000-company bench warehouse (test/bench/market-warehouse.ts): JS heap after a full GC with the
 * reader opened without and with the serving layer, and the layer's own build time. Then what its
 * memo keeps per ticker for `/api/data`: the snapshot of every ticker asked for one date (its
 * memoised parts and the assembled snapshot), then for a second date (the assembled snapshot
 * alone: the parts do not depend on the date), in bytes of heap per ticker.
 *
 * Run: node --expose-gc --import tsx test/bench/serving-memory.bench.ts   (BENCH_COMPANIES)
 */
import { Warehouse } from '../../warehouse/reader.ts';
import { tickerSnapshot } from '../../warehouse/queries/snapshot.ts';
import { scaledMarketWarehouse } from './market-warehouse.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5000);
const { dataDir } = await scaledMarketWarehouse(COMPANIES);

const heap = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const sql = await Warehouse.open({ dataDir, poolSize: 2, serving: false });
const base = heap();
const mem = await Warehouse.open({ dataDir, poolSize: 2, serving: true });
const withServing = heap();
const s = mem.serving()!;
console.log(JSON.stringify({ ...s.stats, heapMB: Math.round(((withServing - base) / 1e6) * 10) / 10 }));

const tickers = (await mem.all<{ ticker: string }>('SELECT ticker FROM companies ORDER BY ticker')).map((r) => r.ticker);
const askAll = async (day: string): Promise<void> => {
  for (const t of tickers) await tickerSnapshot(mem, t, new Date(`${day}T12:00:00Z`));
};
await askAll('2025-06-02');
const firstDay = heap();
await askAll('2025-06-03');
const secondDay = heap();
const perTicker = (bytes: number): number => Math.round(bytes / tickers.length);
console.log(
  JSON.stringify({
    tickers: tickers.length,
    partsAndSnapshotBytesPerTicker: perTicker(firstDay - withServing),
    snapshotBytesPerTicker: perTicker(secondDay - firstDay),
    memoHeapMB: Math.round(((secondDay - withServing) / 1e6) * 10) / 10,
  }),
);
await sql.close();
await mem.close();
