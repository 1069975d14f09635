/**
 * What one metering batch costs PostgreSQL (issue 15, keyed metered calls), three designs measured
 * in the same run, each in a schema of its own holding a ledger of BENCH_LEDGER_ROWS rows already
 * (a month of a busy service: which pages an insert touches depends on the table's size):
 *
 * - `values`: the statement before 849c3cd, a VALUES list per batch (eight parameters a ledger
 *   row), unnamed, so parsed and planned at every commit; random (v4) request ids; the ledger's
 *   two secondary indexes of migration 0100;
 * - `arrays`: the writer's statement (`api/billing/meter-writer.ts`: one text for every batch, its
 *   columns as array parameters, kept prepared on each connection); still random ids, two indexes;
 * - `writer`: the writer as it is: the same statement, time-ordered request ids
 *   (`api/billing/uuid7.ts`) and the one secondary index of migration 0104.
 *
 * Each inserts the same batch (a batch id, the key's usage minute, R ledger rows), one batch at a
 * time, interleaved in rounds. Printed per batch: the PostgreSQL server's CPU (every postgres
 * process, from /proc: the pool's backends do the work), this process's CPU, and the wall time;
 * then the ratios arrays ÷ values and writer ÷ arrays.
 * Needs DATABASE_URL (PostgreSQL on this machine); without it, says so and measures nothing.
 * Env: BENCH_BATCHES (1,000 per variant per round), BENCH_ROWS (10 ledger rows a batch: the batch
 * size bench:serve measured for keyed calls), BENCH_ROUNDS (3), BENCH_LEDGER_ROWS (1,000,000).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { MeterWriter } from '../../api/billing/meter-writer.ts';
import type { LedgerRow } from '../../api/billing/ledger.ts';
import { migrateStore } from '../../api/store/migrate.ts';
import { openPostgresStore } from '../../api/store/postgres.ts';
import { uuidv7 } from '../../api/billing/uuid7.ts';
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

const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const accountId = randomUUID();
const keyId = randomUUID();
const minute = Math.floor(Date.now() / 60_000);

type Ids = 'random' | 'v7';
interface Variant {
  store: UserStore;
  writer: MeterWriter;
  ids: Ids;
}

/**
 * A migrated schema with a ledger of LEDGER_ROWS rows (three accounts, last month, ids of the kind
 * given); `oldIndexes`: migration 0100's two secondary indexes instead of 0104's one.
 */
async function variant(name: string, ids: Ids, oldIndexes: boolean): Promise<Variant> {
  const store = await openPostgresStore({ url: url!, schema: `almanac_bench_meter_${process.pid}_${name}`, max: 4 });
  await migrateStore(store);
  if (oldIndexes) {
    await store.execute('CREATE INDEX billing_ledger_account_month ON billing_ledger (account_id, month)');
    await store.execute('CREATE INDEX billing_ledger_month ON billing_ledger (month)');
    await store.execute('DROP INDEX billing_ledger_month_account');
  }
  // v7 ids of the last LEDGER_ROWS ms before this run (the random bits: an md5 of the row number).
  const id =
    ids === 'random'
      ? 'gen_random_uuid()::text'
      : `(lpad(to_hex(${Date.now() - LEDGER_ROWS} + g), 12, '0') || '7' || substr(md5(g::text), 1, 3) || '8' || substr(md5(g::text), 4, 15))::uuid::text`;
  await store.execute(
    `INSERT INTO billing_ledger (request_id, account_id, key_id, plan, month, cost_micros, route, created_at)
     SELECT ${id}, (ARRAY[$2::uuid, gen_random_uuid(), gen_random_uuid()])[1 + g % 3], NULL, 'developer', '2026-10', 0, '/api/data', now()
       FROM generate_series(1, $1::bigint) g`,
    [LEDGER_ROWS, accountId],
  );
  await store.execute('VACUUM ANALYZE billing_ledger');
  return { store, writer: new MeterWriter(store, { lingerMs: 0, concurrency: 1 }), ids };
}

const rows = (ids: Ids): LedgerRow[] =>
  Array.from({ length: ROWS }, () => ({ requestId: ids === 'v7' ? uuidv7() : randomUUID(), accountId, keyId, plan: 'developer', month: '2026-11', costMicros: 0, route: '/api/data', at: new Date() }));

/** The writer: R calls of one key, each billed, queued together (one batch) and committed. */
async function writerBatch(v: Variant): Promise<void> {
  await Promise.all(rows(v.ids).map((row) => v.writer.bill(row, v.writer.usage({ keyId, minute }))));
}

/** The statement the writer built before 849c3cd, a VALUES list per batch, unnamed. */
async function valuesBatch(v: Variant): Promise<void> {
  const batch = rows(v.ids);
  const values: unknown[] = [randomUUID(), keyId, minute, batch.length];
  const tuples = batch.map((r, i) => {
    values.push(r.requestId, r.accountId, r.keyId, r.plan, r.month, r.costMicros, r.route, r.at);
    const b = 4 + i * 8;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8})`;
  });
  await v.store.execute(
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

const variants: Variant[] = [];
try {
  const t0 = performance.now();
  const values = await variant('values', 'random', true);
  variants.push(values);
  const arrays = await variant('arrays', 'random', true);
  variants.push(arrays);
  const writer = await variant('writer', 'v7', false);
  variants.push(writer);
  console.log(`three ledgers of ${LEDGER_ROWS.toLocaleString('en')} rows written in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const runs: [string, () => Promise<void>][] = [
    ['values (VALUES unnamed, random ids, 2 indexes)', () => valuesBatch(values)],
    ['arrays (prepared arrays, random ids, 2 indexes)', () => writerBatch(arrays)],
    ['writer (prepared arrays, UUIDv7 ids, 1 index)', () => writerBatch(writer)],
  ];
  await store0Checkpoint();
  // Warm each (the pool's connections, the writer's prepared statement on each, the plan caches).
  for (let i = 0; i < 200; i++) for (const [, batch] of runs) await batch();
  const results: Figures[][] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const figures: Figures[] = [];
    for (const [, batch] of runs) figures.push(await measure(batch));
    results.push(figures);
    const f = (x: Figures): string => `postgres ${x.pgUs.toFixed(0)} µs, node ${x.nodeUs.toFixed(0)} µs, wall ${x.wallUs.toFixed(0)} µs`;
    console.log(`round ${round}:\n${runs.map(([name], i) => `  ${name}: ${f(figures[i]!)}`).join('\n')}`);
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratio = (a: number, b: number, k: keyof Figures): string => median(results.map((r) => r[a]![k] / r[b]![k])).toFixed(2);
  const line = (a: number, b: number): string => `PostgreSQL CPU ${ratio(a, b, 'pgUs')}, node CPU ${ratio(a, b, 'nodeUs')}, wall ${ratio(a, b, 'wallUs')}`;
  console.log(`\n${ROWS} ledger rows a batch, ${BATCHES} batches per variant per round, ${ROUNDS} rounds, a ledger of ${LEDGER_ROWS.toLocaleString('en')} rows; per batch (median of rounds):`);
  console.log(`  arrays ÷ values: ${line(1, 0)}`);
  console.log(`  writer ÷ arrays: ${line(2, 1)}`);
  console.log(`  writer ÷ values: ${line(2, 0)}`);
} finally {
  for (const v of variants) await v.store.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const name of ['values', 'arrays', 'writer']) await c.query(`DROP SCHEMA IF EXISTS almanac_bench_meter_${process.pid}_${name} CASCADE`);
  await c.end();
}

/** A checkpoint before measuring: the preload's dirty pages are written, not left to the rounds. */
async function store0Checkpoint(): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('CHECKPOINT');
  } catch (err) {
    // CHECKPOINT needs a superuser or pg_checkpoint: without it the rounds also write the preload's pages.
    console.log(`no checkpoint before the rounds: ${(err as Error).message}`);
  } finally {
    await c.end();
  }
}
