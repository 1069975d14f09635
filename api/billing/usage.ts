/**
 * Per-key usage (user store table `key_usage`, migration 0101_key_usage.sql): how many calls each
 * API key had admitted in each UTC minute. The limiter records every admitted call of a key here
 * (group-committed, awaited before the response leaves) and, when the limit store has lost a key's
 * minute, trial-day or month counter (Redis restarted or flushed), rebuilds it from these rows
 * (`counts`): the same role the billing ledger plays for the developer-plan meter.
 */
import type { Queryable, UserStore } from '../store/interface.ts';
import { GroupCommit, type GroupCommitOptions } from './group-commit.ts';

const MINUTE_MS = 60_000;

interface Call {
  keyId: string;
  minute: number;
}

/** Adds the calls of a batch to their (key, minute) rows, one statement. */
async function upsertUsage(db: Queryable, calls: Call[]): Promise<void> {
  // One row per (key, minute) in the statement: ON CONFLICT cannot touch a row twice.
  const sums = new Map<string, { keyId: string; minute: number; n: number }>();
  for (const c of calls) {
    const id = `${c.keyId}:${c.minute}`;
    const s = sums.get(id);
    if (s) s.n++;
    else sums.set(id, { keyId: c.keyId, minute: c.minute, n: 1 });
  }
  const values: unknown[] = [];
  const tuples = [...sums.values()].map((s, i) => {
    values.push(s.keyId, s.minute, s.n);
    return `($${i * 3 + 1}::uuid, $${i * 3 + 2}::bigint, $${i * 3 + 3}::int)`;
  });
  await db.execute(
    `INSERT INTO key_usage (key_id, minute, calls) VALUES ${tuples.join(', ')}
     ON CONFLICT (key_id, minute) DO UPDATE SET calls = key_usage.calls + EXCLUDED.calls`,
    values,
  );
}

export class KeyUsage {
  readonly #store: UserStore;
  readonly #writer: GroupCommit<Call>;

  constructor(store: UserStore, options: GroupCommitOptions = {}) {
    this.#store = store;
    this.#writer = new GroupCommit((calls) => upsertUsage(store, calls), options);
  }

  /** Records one admitted call of `keyId` at `at` (ms); resolves once it is committed. */
  record(keyId: string, at: number): Promise<void> {
    return this.#writer.record({ keyId, minute: Math.floor(at / MINUTE_MS) });
  }

  /**
   * Calls of `keyId` from each window start in `since` (ms, minute-aligned) up to `now`, in the
   * order given: the values a lost minute, day or month counter is rebuilt with.
   */
  async counts(keyId: string, since: number[], now: number): Promise<number[]> {
    if (!since.length) return [];
    const starts = since.map((s) => Math.floor(s / MINUTE_MS));
    const cols = starts.map((_, i) => `coalesce(sum(calls) FILTER (WHERE minute >= $${i + 3}), 0)::int AS c${i}`);
    const [row] = await this.#store.query<Record<string, number>>(
      `SELECT ${cols.join(', ')} FROM key_usage WHERE key_id = $1 AND minute >= $2 AND minute <= $${starts.length + 3}`,
      [keyId, Math.min(...starts), ...starts, Math.floor(now / MINUTE_MS)],
    );
    return starts.map((_, i) => Number(row?.[`c${i}`] ?? 0));
  }

  /** Deletes rows of minutes before `before` (ms); returns how many. */
  purge(before: number): Promise<number> {
    return this.#store.execute('DELETE FROM key_usage WHERE minute < $1', [Math.floor(before / MINUTE_MS)]);
  }

  /** Resolves when every queued call is written. */
  flush(): Promise<void> {
    return this.#writer.flush();
  }
}
