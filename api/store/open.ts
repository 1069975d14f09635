/**
 * Opens the configured user store and applies pending migrations: PostgreSQL when
 * `config.databaseUrl` is set, otherwise PGlite under `${dataDir}/userstore`. Each store's driver
 * is loaded only when it is the one configured (pg and PGlite are not both needed at start-up).
 */
import path from 'node:path';
import type { Config } from '../../schema/config.ts';
import type { UserStore } from './interface.ts';
import { migrateStore } from './migrate.ts';

export async function openUserStore(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseWaitMs'>>): Promise<UserStore> {
  const store = config.databaseUrl
    ? await (await import('./postgres.ts')).openPostgresStore({ url: config.databaseUrl, waitMs: config.databaseWaitMs })
    : await (await import('./pglite.ts')).openPgliteStore(path.join(config.dataDir, 'userstore'));
  try {
    await migrateStore(store);
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}
