/**
 * The billing ledger (user store table `billing_ledger`, migration 0100_billing.sql): one row per
 * successful metered call of an account, keyed by a server-generated request id. Writes are
 * group-committed: `record()` resolves once the row's batch is committed, and the API sends the
 * response only after that, so a call the client saw succeed is always in the ledger (durable,
 * batched, never lost). `ON CONFLICT DO NOTHING` makes a retried batch harmless.
 */
import type { PlanId } from '../../schema/tiers.ts';
import type { Queryable, UserStore } from '../store/interface.ts';

export interface LedgerRow {
  requestId: string;
  accountId: string;
  keyId: string | null;
  plan: PlanId | null;
  month: string;
  costMicros: number;
  route: string;
  at: Date;
}

interface Pending {
  row: LedgerRow;
  resolve(): void;
  reject(err: unknown): void;
}

export interface LedgerWriterOptions {
  /** Rows per INSERT. Default 200. */
  maxBatch?: number;
  /** Attempts per batch before its calls fail (each failed call answers 503). Default 3. */
  attempts?: number;
}

export class LedgerWriter {
  readonly #store: UserStore;
  readonly #maxBatch: number;
  readonly #attempts: number;
  #queue: Pending[] = [];
  #flushing: Promise<void> | null = null;
  /** Batches committed (benchmarks and tests). */
  batches = 0;

  constructor(store: UserStore, options: LedgerWriterOptions = {}) {
    this.#store = store;
    this.#maxBatch = options.maxBatch ?? 200;
    this.#attempts = options.attempts ?? 3;
  }

  /** Queues a row; resolves when it is committed, rejects when it could not be written. */
  record(row: LedgerRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ row, resolve, reject });
      // Rows arriving while a batch is being written wait for the next one (group commit).
      this.#flushing ??= this.#drain();
    });
  }

  /** Resolves when everything queued so far is written (or has failed). */
  async flush(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  async #drain(): Promise<void> {
    try {
      // Let the rows of concurrently finishing requests join this batch.
      await new Promise<void>((r) => setImmediate(r));
      while (this.#queue.length) {
        const batch = this.#queue.splice(0, this.#maxBatch);
        let lastErr: unknown;
        let ok = false;
        for (let attempt = 0; attempt < this.#attempts && !ok; attempt++) {
          try {
            await insertLedgerRows(this.#store, batch.map((p) => p.row));
            ok = true;
          } catch (err) {
            lastErr = err;
            await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
          }
        }
        this.batches++;
        for (const p of batch) (ok ? p.resolve() : p.reject(lastErr));
      }
    } finally {
      this.#flushing = null;
    }
  }
}

/** Inserts rows in one statement; a row whose request id is already there is skipped. */
export async function insertLedgerRows(db: Queryable, rows: LedgerRow[]): Promise<number> {
  if (!rows.length) return 0;
  const values: unknown[] = [];
  const tuples = rows.map((r, i) => {
    values.push(r.requestId, r.accountId, r.keyId, r.plan, r.month, r.costMicros, r.route, r.at);
    const b = i * 8;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8})`;
  });
  return db.execute(
    `INSERT INTO billing_ledger (request_id, account_id, key_id, plan, month, cost_micros, route, created_at)
     VALUES ${tuples.join(', ')} ON CONFLICT (request_id) DO NOTHING`,
    values,
  );
}

export interface MonthUsage {
  /** Successful metered calls of the account this month (all keys and sessions). */
  calls: number;
  /** Of those, calls made under a developer plan (they count against its allowance). */
  planCalls: number;
  /** Calls billed at the extra-call rate. */
  extraCalls: number;
  accruedMicros: number;
}

/** Month-to-date usage of an account, summed from the ledger. */
export async function monthUsage(db: Queryable, accountId: string, month: string): Promise<MonthUsage> {
  const [row] = await db.query<MonthUsage>(
    `SELECT count(*)::int AS calls,
            count(plan)::int AS "planCalls",
            count(*) FILTER (WHERE cost_micros > 0)::int AS "extraCalls",
            coalesce(sum(cost_micros), 0)::bigint AS "accruedMicros"
     FROM billing_ledger WHERE account_id = $1 AND month = $2`,
    [accountId, month],
  );
  return row ?? { calls: 0, planCalls: 0, extraCalls: 0, accruedMicros: 0 };
}
