/**
 * One process owns an embedded (PGlite) user store: PGlite keeps the database in memory and writes
 * it back to its folder, so a second process opening the same folder (the `almanac accounts` CLI
 * while `npm start` runs) would read a stale copy and its writes would be lost. The owner holds
 * `DATA_DIR/userstore.lock` (its pid, host, command and start time); another process that finds
 * the lock held by a live process refuses with a BusyError naming it (the CLI exits 75). A lock
 * left by a process that is gone (same host, pid not running) is taken over. Within one process
 * the lock is counted, so the server and its tests can open the store more than once.
 *
 * Hand-written rather than proper-lockfile: that library decides staleness by a timer (a crashed
 * server's lock blocks the CLI until it expires), where the owner's pid decides it at once here.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { BusyError } from '../../schema/exit-codes.ts';

interface LockInfo {
  pid: number;
  host: string;
  command: string;
  since: string;
}

const held = new Map<string, number>();
process.on('exit', () => {
  for (const file of held.keys()) release(file);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function read(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    return typeof info.pid === 'number' ? info : null;
  } catch {
    return null;
  }
}

function release(file: string): void {
  held.delete(file);
  if (read(file)?.pid === process.pid) {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  }
}

/** Takes the lock of the embedded store in `dir` (`<dir>.lock`); returns the function that gives it back. */
export function lockEmbeddedStore(dir: string): () => void {
  const file = `${dir}.lock`;
  const count = held.get(file);
  if (count !== undefined) {
    held.set(file, count + 1);
    return once(file);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      const info: LockInfo = { pid: process.pid, host: hostname(), command: process.argv.slice(1).join(' '), since: new Date().toISOString() };
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      held.set(file, 1);
      return once(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const owner = read(file);
    const stale = owner
      ? owner.host === hostname() && owner.pid !== process.pid && !alive(owner.pid)
      : Date.now() - statSync(file).mtimeMs > 5_000; // a lock file its writer never finished
    if (!stale) {
      const who = owner ? `process ${owner.pid} on ${owner.host} (${owner.command}, since ${owner.since})` : 'another process';
      throw new BusyError(
        `the embedded user store ${dir} is in use by ${who}: one process owns it, so stop that process first (e.g. the server) or set DATABASE_URL to a PostgreSQL store that several processes can share`,
      );
    }
    try {
      unlinkSync(file);
    } catch {
      // another process took it over first; the next attempt tells
    }
  }
  throw new BusyError(`the embedded user store ${dir} is being taken over by another process: try again`);
}

function once(file: string): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const n = (held.get(file) ?? 1) - 1;
    if (n > 0) held.set(file, n);
    else release(file);
  };
}
