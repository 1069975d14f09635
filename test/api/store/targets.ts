/**
 * The user stores a contract suite runs against: PGlite always, and PostgreSQL when DATABASE_URL
 * is set (CI sets it), in a fresh dedicated schema dropped at the end, so runs are repeatable and
 * touch nothing else.
 */
import pg from 'pg';
import type { UserStore } from '../../../api/store/interface.ts';
import { openPgliteStore } from '../../../api/store/pglite.ts';
import { openPostgresStore } from '../../../api/store/postgres.ts';

export interface Target {
  name: string;
  open(): Promise<UserStore>;
  cleanup(): Promise<void>;
}

/** `label` names the suite in its schema and its message. */
export function storeTargets(label: string, url = process.env.DATABASE_URL): Target[] {
  const targets: Target[] = [{ name: 'pglite', open: () => openPgliteStore(), cleanup: async () => undefined }];
  if (!url) {
    console.log(`${label}.contract: DATABASE_URL is not set; running against PGlite only`);
    return targets;
  }
  const schema = `almanac_${label.replace(/[^a-z0-9]/gi, '_')}_${process.pid}_${Date.now()}`;
  targets.push({
    name: 'postgres',
    open: () => openPostgresStore({ url, schema, max: 4 }),
    cleanup: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  });
  return targets;
}
