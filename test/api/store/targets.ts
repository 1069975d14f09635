/**
 * The user stores a contract suite runs against: PGlite always (a store of its own as initdb left
 * it: the suite migrates it), and PostgreSQL when DATABASE_URL
 * is set (CI sets it), in a fresh dedicated schema dropped at the end, so runs are repeatable and
 * touch nothing else.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { insertAccount } from '../../../api/store/accounts.ts';
import type { UserStore } from '../../../api/store/interface.ts';
import { STORE_MIGRATIONS_DIR } from '../../../api/store/migrate.ts';
import type { Config } from '../../../schema/config.ts';
import { openPostgresStore } from '../../../api/store/postgres.ts';
import { freshPgliteStore, tempDir } from '../../helpers.ts';

export interface Target {
  name: string;
  open(): Promise<UserStore>;
  cleanup(): Promise<void>;
}

/** `label` names the suite in its schema and its message. */
export function storeTargets(label: string, url = process.env.DATABASE_URL): Target[] {
  const targets: Target[] = [{ name: 'pglite', open: () => freshPgliteStore({ migrated: false }), cleanup: async () => undefined }];
  if (!url) {
    console.log(`${label}.contract: DATABASE_URL is not set; running against PGlite only`);
    return targets;
  }
  const schema = `almanac_${label.replace(/[^a-z0-9]/gi, '_')}_${process.pid}_${Date.now()}`;
  targets.push({
    name: 'postgres',
    // Caps serialise an account's writes on its row lock: 120 concurrent ones queue for the pool,
    // longer than the 5 s default wait on a heavily loaded machine. The suite judges the caps.
    open: () => openPostgresStore({ url, schema, max: 4, waitMs: 60_000 }),
    cleanup: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  });
  return targets;
}

export interface AppTarget {
  name: string;
  /** Configuration overrides that point the app's user store at this target. */
  open(): Promise<Partial<Config>>;
  cleanup(): Promise<void>;
}

/**
 * The same for a whole app (tests/helpers `sampleApp`): PGlite (the default store), and PostgreSQL
 * when DATABASE_URL is set, in a fresh schema selected through the URL's search_path.
 */
export function appStoreTargets(label: string, url = process.env.DATABASE_URL): AppTarget[] {
  const targets: AppTarget[] = [{ name: 'pglite', open: async () => ({}), cleanup: async () => undefined }];
  if (!url) return targets;
  const schema = `almanac_${label.replace(/[^a-z0-9]/gi, '_')}_app_${process.pid}_${Date.now()}`;
  const admin = async (sql: string): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  targets.push({
    name: 'postgres',
    open: async () => {
      await admin(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      return { databaseUrl: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`, databaseWaitMs: 60_000 };
    },
    cleanup: () => admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
  });
  return targets;
}

/** A folder holding the store migrations named before `first` (a database as an older release left it). */
export function migrationsBefore(first: string): string {
  const dir = path.join(tempDir('almanac-migrations-'), 'migrations');
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(STORE_MIGRATIONS_DIR)) if (f < first) cpSync(path.join(STORE_MIGRATIONS_DIR, f), path.join(dir, f));
  return dir;
}

/** A new account in `store` (as registration writes it, unverified), its id. */
export async function accountIn(store: UserStore, email: string): Promise<string> {
  const id = randomUUID();
  await insertAccount(store, { id, email, passwordHash: 'x' });
  return id;
}
