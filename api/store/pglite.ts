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

/**
 * PostgreSQL's buffer cache inside the WebAssembly memory. PGlite's default (PostgreSQL's 128 MB)
 * is set up, page by page, at every start: opening a migrated store took 855-917 ms (955-1,174 ms
 * of CPU), with 16 MB 385-580 ms (458-863), measured 2026-12-01. The embedded store holds one
 * service's accounts, keys and per-user state, and its files stay in the OS page cache beneath;
 * 16 MB holds them many times over. (A shared store is PostgreSQL proper, configured on its own.)
 */
const SHARED_BUFFERS = '16MB';
const START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];

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
    db = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), startParams: START_PARAMS });
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
