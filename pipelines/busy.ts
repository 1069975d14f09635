/**
 * One writer at a time: DuckDB lets one process hold `build.duckdb` for writing, and a second
 * `run`, `backfill` or scheduled run finds it locked. The CLI commands answer that the same way
 * (75, one line); the scheduler waits and retries, and what it still could not run is kept here
 * (`DATA_DIR/scheduler-missed.json`, beside the database it could not write) for `status`.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EXIT } from '../schema/exit-codes.ts';
import { buildFile } from '../warehouse/snapshots.ts';

type Out = (line: string) => void;

/** True when `error` is DuckDB refusing the build database because another process holds it. */
export function isLockConflict(error: unknown): boolean {
  return /Could not set lock on file|Conflicting lock/i.test(error instanceof Error ? error.message : String(error));
}

/** What every command says when another run holds the build database. */
export const busyMessage = (dataDir: string): string => `another run holds ${buildFile(dataDir)} (one writer at a time): try again when it ends`;

/**
 * Runs a command that writes the build database: a lock conflict is 75 (busy) with `busyMessage`,
 * any other error 1 with its first line (`label failed: ...`), never DuckDB's multi-line text.
 */
export async function writerCommand(label: string, dataDir: string, err: Out, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (e) {
    if (isLockConflict(e)) {
      err(busyMessage(dataDir));
      return EXIT.busy;
    }
    err(`${label} failed: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
    return EXIT.failure;
  }
}

/** A scheduled run that never ran: another process held the build database through every retry. */
export interface MissedRun {
  job: string;
  /** When the scheduler gave up (ISO time, UTC). */
  at: string;
  reason: string;
}

const missedFile = (dataDir: string): string => path.join(dataDir, 'scheduler-missed.json');

/** The latest missed scheduled run of each job, by job name. */
export async function missedRuns(dataDir: string): Promise<MissedRun[]> {
  try {
    return Object.values(JSON.parse(await readFile(missedFile(dataDir), 'utf8')) as Record<string, MissedRun>);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || err instanceof SyntaxError) return [];
    throw err;
  }
}

/** Records a missed run (replacing the job's previous one); the ledger cannot take it: its database is locked. */
export async function recordMissed(dataDir: string, missed: MissedRun): Promise<void> {
  const all = Object.fromEntries((await missedRuns(dataDir)).map((m) => [m.job, m]));
  all[missed.job] = missed;
  const tmp = `${missedFile(dataDir)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, `${JSON.stringify(all, null, 2)}\n`);
  await rename(tmp, missedFile(dataDir));
}
