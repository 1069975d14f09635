/**
 * The metering writes, group-committed together (issue 15): every admitted keyed call's per-key
 * usage (`usage.ts`, table `key_usage`) and every billed call's ledger row (`ledger.ts`, table
 * `billing_ledger`) go into one queue (`group-commit.ts`), and a batch is one statement: the batch
 * id's insert (below) and the usage upsert as data-modifying `WITH`s in front of the ledger insert.
 * So one transaction and one commit per batch cover both tables, across all the requests that
 * finished meanwhile.
 *
 * A keyed call's usage is queued at admission (it is counted whatever the call's outcome, unless the
 * service refused the call for its own capacity: `withdraw`); when the
 * call is billed, its ledger row joins that same queued entry unless the entry's batch has already
 * been taken (`bill`), so a billed call waits for one commit, not two, and its usage and its ledger
 * row are committed together. A cached answer is admitted and settled within one turn of the event
 * loop, between two batches, so it always pairs.
 *
 * A failed batch is retried (`GroupCommitOptions.attempts`), and a batch is written once as a whole
 * however often it is tried: the failure may have come after a commit the store did not
 * acknowledge (the connection dropped after COMMIT), and the usage upsert, unlike the ledger's
 * request ids, would add its counts again. So each batch gets an id when it is cut, the same on
 * every attempt, and its statement also inserts that id into `meter_batches` (migration 0103): if
 * an earlier attempt committed, the id is there, the statement fails on its primary key and writes
 * nothing, and the writer takes that failure as the batch's success. Still one statement and one
 * commit per batch. Ids over an hour old are pruned hourly (`prune`, api/app.ts).
 *
 * A refused insert rather than `ON CONFLICT DO NOTHING RETURNING 1` with the usage and ledger rows
 * selected `WHERE EXISTS` that: those conditional inserts cost every batch 0.11-0.49 ms more, the
 * id's plain insert 0.02-0.09 ms (README "Metering"), and a refusal happens only on a retry after
 * a lost acknowledgement.
 */
import type { UsageRecord } from '../limits/limiter.ts';
import type { UserStore } from '../store/interface.ts';
import { GroupCommit, type GroupCommitOptions } from './group-commit.ts';
import { ledgerColumns, ledgerInsertSql, type LedgerRow } from './ledger.ts';
import { USAGE_WITHDRAW_SQL, usageColumns, usageUpsertSql, type UsageCall } from './usage.ts';
import { firstUuidv7, uuidv7 } from './uuid7.ts';

interface Entry {
  usage: UsageCall | null;
  ledger: LedgerRow | null;
  /**
   * The id of the entry's batch, set when the batch is taken for writing (a ledger row can no
   * longer join it); a retry of the batch finds it here.
   */
  batchId: string | null;
}

/** Batch ids younger than this are kept (`prune`): far beyond a batch's retries, seconds apart. */
export const BATCH_IDS_KEPT_MS = 3_600_000;

/** True when `err` is the store refusing a batch id already there (SQLSTATE 23505, unique violation). */
function isWrittenBatch(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'meter_batches_pkey';
}

/** A usage entry in the queue; `bill` attaches the call's ledger row to it while it waits. */
class QueuedUsage implements UsageRecord {
  /** Taken out again (`MeterWriter.withdraw`). */
  withdrawn = false;
  constructor(
    readonly entry: Entry,
    readonly done: Promise<void>,
  ) {}
}

/** A batch: its id ($1), the usage upsert ($2-$4) and the ledger insert ($5-$12), one statement. */
const BATCH_SQL = `WITH batch AS (INSERT INTO meter_batches (batch_id) VALUES ($1::uuid)), usage AS (${usageUpsertSql(2)}) ${ledgerInsertSql(5)}`;

/** Writes one batch of entries in one statement (one transaction), at most once whatever the attempts. */
async function writeBatch(store: UserStore, entries: Entry[]): Promise<void> {
  // GroupCommit retries a batch with the same entries: the first attempt stamped its id on them.
  const batchId = entries[0]?.batchId ?? uuidv7();
  const calls: UsageCall[] = [];
  const rows: LedgerRow[] = [];
  for (const e of entries) {
    e.batchId = batchId;
    if (e.usage) calls.push(e.usage);
    if (e.ledger) rows.push(e.ledger);
  }
  // One text for every batch (empty arrays insert nothing), prepared once per connection.
  try {
    await store.execute(BATCH_SQL, [batchId, ...usageColumns(calls), ...ledgerColumns(rows)], { prepared: true });
  } catch (err) {
    // The id is there: an earlier attempt of this batch committed although it reported a failure,
    // and this attempt, refused as a whole, wrote nothing. (Ids have 74 random bits per ms: one
    // batch's id is never another's.)
    if (isWrittenBatch(err)) return;
    throw err;
  }
}

export class MeterWriter {
  readonly #store: UserStore;
  readonly #commits: GroupCommit<Entry>;

  constructor(store: UserStore, options: GroupCommitOptions = {}) {
    this.#store = store;
    // Entries get their batch id inside the write, synchronously, as their batch is cut. One batch
    // in flight and no linger: entries arriving while a batch commits form the next batch, cut as
    // soon as it has committed (classic group commit: under load the batches grow with the commit's
    // time). A batch's cost to PostgreSQL is mostly fixed (its commit: 220 µs of PostgreSQL CPU for 1
    // ledger row, 320 for 9, 400 for 18, `npm run bench meter-batch` on an idle machine), and the
    // writer's node side about the same again, so fewer and larger batches leave more of the 2
    // shared cores to the server. Against 3 in flight (kept from 2026-11-25), keyed cached
    // /api/data rps in bench:serve was higher in each of three A/B pairs, 2 rounds each
    // (2026-11-29 03:45-03:51 UTC, the warm second rounds: 5,633 / 5,541 / 4,680 against 4,225 / 3,648 /
    // 4,483; batches of 16-18 calls against 8-9; p50 8-9 ms against 10-12 ms; server CPU 161-194
    // against 185-244 µs a call).
    //
    // A linger (waiting up to N ms after a batch is cut before cutting the next) trades latency for
    // fewer commits. It pays only when the cores are the limit: with one batch in flight, a linger
    // shorter than the commit costs nothing and does nothing, and a longer one holds every waiting
    // call for the difference. Measured both ways, by machine speed: on 2026-11-30 15:43 UTC (bare
    // hello-world 42-53k rps) a 2 ms linger while calls shared batches gave keyed ÷ anonymous
    // 0.72-0.84 against 0.64-0.67 (three A/B pairs); on 2026-11-30 17:20-17:30 UTC (55-62k rps, commits
    // 0.8 ms) no linger gave keyed cached /api/data 11,377-12,327 rps against 9,793-10,735 in five
    // runs of each, alternated (batches of 13-15 calls against 23-31, the 2 ms linger bounding the
    // writer at ~360 commits a second), keyed ÷ anonymous 0.67-0.77 against 0.60-0.70; on the fast
    // machine of 2026-11-25 (58,900-72,000 rps) none had also been ahead in each of five pairs
    // (keyed ÷ anonymous mean 0.74 against 0.61). So none: the commit's own time is the linger,
    // and it grows by itself when PostgreSQL is slower.
    this.#commits = new GroupCommit((entries) => writeBatch(store, entries), { lingerMs: 0, concurrency: 1, ...options });
  }

  /** Batches written (benchmarks and tests). */
  get batches(): number {
    return this.#commits.batches;
  }

  /** Each batch's write time, µs (benchmarks). */
  get writeTimes(): GroupCommit<Entry>['writeTimes'] {
    return this.#commits.writeTimes;
  }

  /** Queues one admitted call of a key (its minute's row in the per-key usage). */
  usage(call: UsageCall): UsageRecord {
    const entry: Entry = { usage: call, ledger: null, batchId: null };
    return new QueuedUsage(entry, this.#commits.record(entry));
  }

  /**
   * Takes a usage record out again (a call the service refused for its own capacity,
   * `Limiter.giveBack`): dropped from its entry while that still waits for a batch, else, once its
   * batch has committed, one call less in its minute's row (`USAGE_WITHDRAW_SQL`; a record that was
   * never written is left alone). Once per record; resolves when done, never rejects.
   */
  async withdraw(record: UsageRecord): Promise<void> {
    if (!(record instanceof QueuedUsage) || record.withdrawn || !record.entry.usage) return;
    record.withdrawn = true;
    const { entry } = record;
    const call = entry.usage!;
    if (entry.batchId === null) {
      entry.usage = null;
      return;
    }
    // Not retried (a retry after a lost acknowledgement would take a second call out). Lost, it
    // leaves the row one call high: a counter rebuilt from it refuses one call early, never admits
    // one more.
    await record.done.then(() => this.#store.execute(USAGE_WITHDRAW_SQL, [call.keyId, call.minute])).catch(() => undefined);
  }

  /**
   * Queues a billed call's ledger row, with the call's usage record when that is still queued;
   * resolves once the row is committed, rejects when it could not be written.
   */
  bill(row: LedgerRow, usage: UsageRecord | null = null): Promise<void> {
    if (usage instanceof QueuedUsage && usage.entry.batchId === null && !usage.entry.ledger) {
      usage.entry.ledger = row;
      return usage.done;
    }
    return this.#commits.record({ usage: null, ledger: row, batchId: null });
  }

  /** Resolves when everything queued so far is written (or has failed). */
  flush(): Promise<void> {
    return this.#commits.flush();
  }

  /** Deletes the ids of batches cut before `before` (ms); returns how many. */
  prune(before: number): Promise<number> {
    return this.#store.execute('DELETE FROM meter_batches WHERE batch_id < $1::uuid', [firstUuidv7(before)]);
  }
}
