/**
 * The build database after a run that did not finish. A run killed mid-write leaves DuckDB's
 * write-ahead log (`build.duckdb.wal`) to be replayed by the next open; with DuckDB 1.5.5 such a
 * log can replay and read back whole and yet crash the process (a segmentation fault) at the next
 * `CHECKPOINT`, which every publish runs: an operator pass saw every later run die there, so
 * nothing was published again and readers stayed on the old snapshot.
 *
 * So before a run opens the build database with a log left behind, the log is folded in by a
 * `CHECKPOINT` in a child process (pipelines/build-check.mjs), where a crash ends the child. When
 * the child does not end cleanly, the database is rebuilt from its own contents: every table,
 * view and macro with its rows copied into a new file (`COPY FROM DATABASE`, in a child too), which
 * then replaces it. The copy keeps what the killed run committed (its documents and ledger rows),
 * so the run that follows goes on from there, as after any interruption.
 *
 * Order, for a crash during the recovery itself: the copy is made under another name first; then
 * the old log is removed (from here the old file alone is the database as of its last checkpoint:
 * consistent, without what the log held, which the next run fetches again); then the copy is
 * renamed over it (atomic).
 */
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildFile } from '../warehouse/snapshots.ts';
import { isLockConflict } from './busy.ts';

const CHECK = fileURLToPath(new URL('./build-check.mjs', import.meta.url));

/** What `recoverBuild` found: no log, a log folded in, or a database rebuilt from its own contents. */
export type BuildRecovery = 'clean' | 'checkpointed' | 'rebuilt';

/**
 * Runs build-check.mjs; null when it ended cleanly, else how it ended (a signal or an exit code, and
 * the error line it wrote). Asynchronous: replaying a large log takes a while, and a scheduler
 * process keeps its timers running meanwhile.
 */
function check(args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CHECK, ...args], { encoding: 'utf8', env: process.env, maxBuffer: 1 << 20 }, (err, _stdout, stderr) => {
      if (!err) return resolve(null);
      const error = (stderr ?? '').trim().split('\n').pop() ?? '';
      const how = err.signal ? `signal ${err.signal}` : `exit code ${typeof err.code === 'number' ? err.code : String(err.code)}`;
      resolve(`${how}${error ? `: ${error.trim().slice(0, 300)}` : ''}`);
    });
  });
}

/** Folds a write-ahead log left by a run that did not finish into the build database, or rebuilds the database when that crashes. */
export async function recoverBuild(dataDir: string, log: (line: string) => void): Promise<BuildRecovery> {
  const file = buildFile(dataDir);
  const wal = `${file}.wal`;
  if (!existsSync(file) || !existsSync(wal)) return 'clean';
  const failed = await check(['checkpoint', file]);
  if (failed === null) return 'checkpointed';
  // Another run holds the database (its log is its own, live): the open that follows says busy.
  if (isLockConflict(failed)) return 'clean';
  log(`the build database's write-ahead log (left by a run that did not finish) could not be checkpointed (${failed}): rebuilding the database from its own contents`);
  const copy = `${file}.recovered`;
  rmSync(copy, { force: true });
  rmSync(`${copy}.wal`, { force: true });
  const copyFailed = await check(['copy', file, copy]);
  if (copyFailed !== null) {
    rmSync(copy, { force: true });
    throw new Error(`the build database ${file} cannot be checkpointed or copied (${copyFailed}); move it aside to rebuild from the sources`);
  }
  rmSync(wal, { force: true });
  await rename(copy, file);
  log('rebuilt the build database from its own contents');
  return 'rebuilt';
}
