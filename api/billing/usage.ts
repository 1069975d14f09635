/**
 * Per-key usage (user store table `key_usage`, migration 0101_key_usage.sql): how many calls each
 * API key had admitted in each UTC minute. The limiter records every admitted call of a key here
 * (group-committed in the same batches as the ledger's rows, `meter-writer.ts`; awaited before the
 * response leaves) and, when the limit store has lost a key's minute, trial-day or month counter
 * (Redis restarted or flushed), rebuilds it from these rows (`counts`): the same role the billing
 * ledger plays for the developer-plan meter.
 */
import type { UsageRecord } from '../limits/limiter.ts';
import { bareArray } from '../store/array-literal.ts';
import type { UserStore } from '../store/interface.ts';
import type { MeterWriter } from './meter-writer.ts';

const MINUTE_MS = 60_000;

/** One admitted call of a key: its UTC minute (`floor(ms / 60,000)`). */
export interface UsageCall {
  keyId: string;
  minute: number;
}

/**
 * The upsert adding a batch's calls to their (key, minute) rows, its three columns as array
 * parameters `$first`..`$first + 2` (so it can run in front of the ledger insert, `meter-writer.ts`):
 * the statement's text is the same for every batch, so the store keeps it prepared.
 */
export const usageUpsertSql = (first: number): string =>
  `INSERT INTO key_usage (key_id, minute, calls) SELECT * FROM unnest($${first}::uuid[], $${first + 1}::bigint[], $${first + 2}::int[])
     ON CONFLICT (key_id, minute) DO UPDATE SET calls = key_usage.calls + EXCLUDED.calls`;

/**
 * One call less in a (key, minute) row ($1, $2): the row goes when it held only that call (the
 * table holds no empty rows). Its own statement, not in a batch: a batch's upsert cannot subtract
 * (`calls > 0` is checked on the row it proposes), and a failed batch would fail its ledger rows.
 */
export const USAGE_WITHDRAW_SQL = `WITH gone AS (DELETE FROM key_usage WHERE key_id = $1 AND minute = $2 AND calls = 1)
  UPDATE key_usage SET calls = calls - 1 WHERE key_id = $1 AND minute = $2 AND calls > 1`;

/**
 * A batch's calls as `usageUpsertSql`'s three arrays, as array literals (api/store/array-literal.ts):
 * one entry per (key, minute), since ON CONFLICT cannot touch a row twice.
 */
export function usageColumns(calls: UsageCall[]): [string, string, string] {
  const sums = new Map<string, { keyId: string; minute: number; n: number }>();
  for (const c of calls) {
    const id = `${c.keyId}:${c.minute}`;
    const s = sums.get(id);
    if (s) s.n++;
    else sums.set(id, { keyId: c.keyId, minute: c.minute, n: 1 });
  }
  const keys: string[] = [];
  const minutes: number[] = [];
  const counts: number[] = [];
  for (const s of sums.values()) {
    keys.push(s.keyId);
    minutes.push(s.minute);
    counts.push(s.n);
  }
  return [bareArray(keys), bareArray(minutes), bareArray(counts)];
}

export class KeyUsage {
  readonly #store: UserStore;
  readonly #writer: MeterWriter;

  /** `writer` commits the usage rows, with the ledger's in the same batches. */
  constructor(store: UserStore, writer: MeterWriter) {
    this.#store = store;
    this.#writer = writer;
  }

  /** Queues one admitted call of `keyId` at `at` (ms); its `done` resolves once it is committed. */
  record(keyId: string, at: number): UsageRecord {
    return this.#writer.usage({ keyId, minute: Math.floor(at / MINUTE_MS) });
  }

  /** Takes a recorded call out again: a call the service refused for its own capacity (`Limiter.giveBack`). */
  withdraw(record: UsageRecord): Promise<void> {
    return this.#writer.withdraw(record);
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
}
