/**
 * What one metering batch costs PostgreSQL (issue 15, keyed metered calls): the writer's statement
 * (`api/billing/meter-writer.ts`: one text for every batch, its columns as array parameters, kept
 * prepared on each connection) against the statement it replaced, measured in the same run: a
 * VALUES list per batch (eight parameters a ledger row), unnamed, so parsed and planned at every
 * commit. Both insert the same rows (a batch id, the key's usage minute, R ledger rows) into a
 * schema of their own, one batch at a time, interleaved in rounds.
 *
 * Printed per batch: the PostgreSQL server's CPU (every postgres process, from /proc: the pool's
 * backends do the work), this process's CPU, and the wall time; and the writer's ÷ the baseline's.
 * Needs DATABASE_URL (PostgreSQL on this machine); without it, says so and measures nothing.
 * Env: BENCH_BATCHES (1,000 per variant per round), BENCH_ROWS (10 ledger rows a batch: the batch
 * size bench:serve measured for keyed calls), BENCH_ROUNDS (3).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { MeterWriter } from '../../api/billing/meter-writer.ts';
import type { LedgerRow } from '../../api/billing/ledger.ts';
import { migrateStore } from '../../api/store/migrate.ts';
import { openPostgresStore } from '../../api/store/postgres.ts';
import type { UserStore } from '../../api/store/interface.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('meter-batch: DATABASE_URL is not set (PostgreSQL on this machine); nothing measured');
  process.exit(0);
}
const BATCHES = Number(process.env.BENCH_BATCHES ?? 1000);
const ROWS = Number(process.env.BENCH_ROWS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** CPU time (ms) of every postgres process on this machine (clock ticks of 10 ms). */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10;
}

const schema = `almanac_bench_meter_${process.pid}`;
const store: UserStore = await openPostgresStore({ url, schema, max: 4 });
await migrateStore(store);
const writer = new MeterWriter(store, { lingerMs: 0, concurrency: 1 });
const accountId = randomUUID();
const keyId = randomUUID();
const minute = Math.floor(Date.now() / 60_000);
const rows = (): LedgerRow[] =>
  Array.from({ length: ROWS }, () => ({ requestId: randomUUID(), accountId, keyId, plan: 'developer', month: '2026-11', costMicros: 0, route: '/api/data', at: new Date() }));

/** The writer: R calls of one key, each billed, queued together (one batch) and committed. */
async function writerBatch(): Promise<void> {
  await Promise.all(rows().map((row) => writer.bill(row, writer.usage({ keyId, minute }))));
}

/** The baseline: the statement the writer built before, a VALUES list per batch, unnamed. */
async function valuesBatch(): Promise<void> {
  const batch = rows();
  const values: unknown[] = [randomUUID(), keyId, minute, batch.length];
  const tuples = batch.map((r, i) => {
    values.push(r.requestId, r.accountId, r.keyId, r.plan, r.month, r.costMicros, r.route, r.at);
    const b = 4 + i * 8;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8})`;
  });
  await store.execute(
    `WITH batch AS (INSERT INTO meter_batches (batch_id) VALUES ($1::uuid)),
       usage AS (INSERT INTO key_usage (key_id, minute, calls) VALUES ($2::uuid, $3::bigint, $4::int)
         ON CONFLICT (key_id, minute) DO UPDATE SET calls = key_usage.calls + EXCLUDED.calls)
     INSERT INTO billing_ledger (request_id, account_id, key_id, plan, month, cost_micros, route, created_at)
     VALUES ${tuples.join(', ')} ON CONFLICT (request_id) DO NOTHING`,
    values,
  );
}

interface Figures {
  pgUs: number;
  nodeUs: number;
  wallUs: number;
}
async function measure(batch: () => Promise<void>): Promise<Figures> {
  const pg0 = postgresCpuMs();
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < BATCHES; i++) await batch();
  const wall = performance.now() - t0;
  const node = process.cpuUsage(node0);
  return { pgUs: ((postgresCpuMs() - pg0) * 1000) / BATCHES, nodeUs: (node.user + node.system) / BATCHES, wallUs: (wall * 1000) / BATCHES };
}

try {
  // Warm both (the pool's connections, the writer's prepared statement on each, the plan caches).
  for (let i = 0; i < 200; i++) {
    await writerBatch();
    await valuesBatch();
  }
  const results: { values: Figures; writer: Figures }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const values = await measure(valuesBatch);
    const writerFigures = await measure(writerBatch);
    results.push({ values, writer: writerFigures });
    const f = (x: Figures): string => `postgres ${x.pgUs.toFixed(0)} µs, node ${x.nodeUs.toFixed(0)} µs, wall ${x.wallUs.toFixed(0)} µs`;
    console.log(`round ${round}: VALUES unnamed ${f(values)}; writer (prepared, arrays) ${f(writerFigures)}`);
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratio = (k: keyof Figures): string => median(results.map((r) => r.writer[k] / r.values[k])).toFixed(2);
  console.log(`\n${ROWS} ledger rows a batch, ${BATCHES} batches per variant per round, ${ROUNDS} rounds; per batch, writer ÷ VALUES unnamed (median of rounds):`);
  console.log(`  PostgreSQL CPU ${ratio('pgUs')}, node CPU ${ratio('nodeUs')}, wall ${ratio('wallUs')}`);
} finally {
  await store.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await c.end();
}
