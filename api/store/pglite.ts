/**
 * The embedded user store: PGlite (PostgreSQL compiled to WASM) in process, persisted under a
 * folder (`DATA_DIR/userstore`) or in memory when no folder is given. One process owns the folder
 * (it holds `DATA_DIR/userstore.lock`, see lock.ts: another process is refused with a BusyError);
 * PGlite runs one statement at a time, which is plenty for the embedded default.
 */
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Queryable, UserStore } from './interface.ts';
import { lockEmbeddedStore } from './lock.ts';

function wrap(db: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    async execute(sql: string, params: unknown[] = []) {
      return (await db.query(sql, params)).affectedRows ?? 0;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

/** Opens (creating if needed) a PGlite database in `dir`, or in memory when `dir` is omitted. */
export async function openPgliteStore(dir?: string): Promise<UserStore> {
  if (dir) mkdirSync(dir, { recursive: true });
  // One process owns the folder (lock.ts): a second one is refused, never silently diverges.
  const unlock = dir ? lockEmbeddedStore(dir) : () => undefined;
  let db: PGlite;
  try {
    db = await PGlite.create(dir ? { dataDir: dir } : {});
  } catch (e) {
    unlock();
    throw e;
  }
  const base = wrap(db);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async ping() {
      try {
        return (await db.query('SELECT 1 AS ok')).rows.length === 1;
      } catch {
        return false;
      }
    },
    async close() {
      if (!db.closed) await db.close();
      unlock();
    },
  };
}
