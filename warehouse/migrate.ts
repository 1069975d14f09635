/**
 * Applies `warehouse/migrations/*.sql` to the build database, in file-name order, once each.
 * Each migration runs in its own transaction and is recorded in `_migrations`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { queryRows, transaction } from './db.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

/** Applies pending migrations; returns the names applied by this call. */
export async function migrate(conn: DuckDBConnection, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await conn.run('CREATE TABLE IF NOT EXISTS _migrations (name VARCHAR PRIMARY KEY, applied_at TIMESTAMP NOT NULL)');
  const done = new Set((await queryRows<{ name: string }>(conn, 'SELECT name FROM _migrations')).map((r) => r.name));
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    await transaction(conn, async () => {
      await conn.run(sql);
      await conn.run('INSERT INTO _migrations VALUES ($1, now()::TIMESTAMP)', [file]);
    });
    applied.push(file);
  }
  return applied;
}
