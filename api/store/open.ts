/**
 * Opens the configured user store and applies pending migrations: PostgreSQL when
 * `config.databaseUrl` is set, otherwise PGlite under `${dataDir}/userstore`.
 */
import path from 'node:path';
import type { Config } from '../../schema/config.ts';
import type { UserStore } from './interface.ts';
import { migrateStore } from './migrate.ts';
import { openPgliteStore } from './pglite.ts';
import { openPostgresStore } from './postgres.ts';

export async function openUserStore(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseWaitMs'>>): Promise<UserStore> {
  const store = config.databaseUrl
    ? await openPostgresStore({ url: config.databaseUrl, waitMs: config.databaseWaitMs })
    : await openPgliteStore(path.join(config.dataDir, 'userstore'));
  try {
    await migrateStore(store);
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}
