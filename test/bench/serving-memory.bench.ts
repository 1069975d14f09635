/**
 * Memory and build time of the in-memory serving layer (warehouse/serving.ts) on the
 * 5,000-company bench warehouse (test/bench/market-warehouse.ts): JS heap after a full GC with the
 * reader opened without and with the serving layer, and the layer's own build time.
 *
 * Run: node --expose-gc --import tsx test/bench/serving-memory.bench.ts   (BENCH_COMPANIES)
 */
import { Warehouse } from '../../warehouse/reader.ts';
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
await sql.close();
await mem.close();
