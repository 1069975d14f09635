/**
 * DATA_DIR is checked (and created) before a command or the server writes there: Node's recursive
 * mkdir never returns when the kernel answers ENOENT for a folder whose parent exists
 * (`DATA_DIR=/proc/nope`: `fs.mkdir(dir, { recursive: true })` spins at 100 % CPU forever), so
 * each missing level is created on its own here, and the first error is the reason to refuse.
 */
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates `dir` (each missing level) when it is not there; returns why it cannot be DATA_DIR, or
 * null. `writable: false` (the server): a folder it only reads is fine (a read-only volume of
 * snapshots, with PostgreSQL, Redis and SMTP configured); what it writes there refuses on its own.
 */
export function dataDirProblem(dir: string, options: { writable?: boolean } = {}): string | null {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !existsSync(at); at = path.dirname(at)) {
    if (path.dirname(at) === at) break;
    missing.unshift(at);
  }
  try {
    for (const level of missing) {
      try {
        mkdirSync(level);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    if (!statSync(dir).isDirectory()) return `DATA_DIR ${dir} is not a directory`;
    if (options.writable !== false) accessSync(dir, constants.W_OK);
    return null;
  } catch (err) {
    return `DATA_DIR ${dir} cannot be used: ${(err as Error).message} (set DATA_DIR to a writable folder)`;
  }
}
