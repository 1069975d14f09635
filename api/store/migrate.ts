/**
 * Applies `api/store/migrations/*.sql` in file-name order, once each, each in its own transaction,
 * recorded in `_store_migrations`. Areas own number ranges: 0001-0099 accounts and keys (issue 4),
 * 0100-0199 billing (issue 5), 0200-0299 per-user state (issue 8). Several processes may start at
 * once against one PostgreSQL: an advisory lock serialises them.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { UserStore } from './interface.ts';

export const STORE_MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

// Arbitrary constant: the advisory lock id of store migrations.
const MIGRATION_LOCK = 4_202_604;

/** Applies pending migrations; returns the file names applied by this call. */
export async function migrateStore(store: UserStore, dir: string = STORE_MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return store.transaction(async (tx) => {
    if (store.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec('CREATE TABLE IF NOT EXISTS _store_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM _store_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(path.join(dir, file), 'utf8'));
      await tx.query('INSERT INTO _store_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
