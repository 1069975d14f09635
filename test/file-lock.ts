/**
 * A lock between test processes on one machine, for the caches they share (the sample warehouse,
 * the migrated user store, the bench warehouse): the first process to miss a cache makes it while
 * the others wait, instead of every suite that starts before it is ready making its own copy. On
 * a cold machine `npm test`'s first three suites and every suite started during the build used to
 * build the sample each (5 min 43 s against 4 min 55 s warm, 2026-12-02).
 *
 * The lock is a folder (mkdir is atomic) holding its owner's pid. A lock whose owner has died (a
 * killed suite) is taken over; a waiter gives up waiting after `waitMs` (or when it cannot move a
 * dead holder's lock) and goes on unlocked, which costs a duplicate build at worst: callers write
 * their cache through a staging folder and a rename.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The pid in a lock folder, or null when there is none yet (or it is not a pid). */
function ownerOf(lockDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(lockDir, 'pid'), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function ownerAlive(lockDir: string): boolean {
  const pid = ownerOf(lockDir);
  if (pid === null) {
    // Made a moment ago and the pid not yet written, or left half-made by a killed process.
    try {
      return Date.now() - statSync(lockDir).mtimeMs < 30_000;
    } catch {
      return false; // gone: released
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `fn` holding the lock named `target` + `.lock` (a folder beside `target`). */
export async function withFileLock<T>(target: string, fn: () => Promise<T>, waitMs = 15 * 60_000): Promise<T> {
  const lockDir = `${target}.lock`;
  mkdirSync(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + waitMs;
  let held = false;
  while (!held && Date.now() < deadline) {
    try {
      mkdirSync(lockDir);
      writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      held = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (!ownerAlive(lockDir)) {
        // A dead holder's lock is moved aside (a rename: of two waiters that saw it dead, one
        // moves it). A waiter that saw it dead late may move the next holder's live lock instead:
        // then two build at once, which costs a duplicate build and nothing else (the cache is
        // written through a staging folder), and each releases only a lock holding its own pid.
        const stale = `${lockDir}.${process.pid}.stale`;
        try {
          renameSync(lockDir, stale);
          rmSync(stale, { recursive: true, force: true });
          continue;
        } catch (e) {
          // Taken over by another waiter first (ENOENT): wait for its build. Anything else (a
          // folder this user may not move): go on without the lock.
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') break;
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    if (held && ownerOf(lockDir) === process.pid) rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Writes the cache folder `target` through a staging folder and a rename, so a reader never sees
 * it half-written. A folder already there (made by a process that gave up waiting) is kept.
 */
export async function saveCache(target: string, write: (staging: string) => void | Promise<void>): Promise<void> {
  const staging = `${target}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await write(staging);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  try {
    renameSync(staging, target);
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * A value from the cache folder `target`, made once across processes: `read` it when there, else
 * under the lock read it again (another process may have made it meanwhile) or `make` it, and
 * `write` what was made into the cache when `write` is given (`make` leaves it out for a result not
 * worth keeping, such as a failed build).
 */
export async function cachedOnce<T>(
  target: string,
  read: () => Promise<T | undefined>,
  make: () => Promise<{ value: T; write?: (staging: string) => void | Promise<void> }>,
): Promise<T> {
  const hit = await read();
  if (hit !== undefined) return hit;
  return withFileLock(target, async () => {
    const madeMeanwhile = await read();
    if (madeMeanwhile !== undefined) return madeMeanwhile;
    const made = await make();
    if (made.write) await saveCache(target, made.write);
    return made.value;
  });
}
