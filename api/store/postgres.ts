/**
 * The user store on PostgreSQL via `pg` (a connection pool). `schema` puts every table in a
 * dedicated schema (created if missing) through the connection's search_path; tests use it to
 * run against a real server without touching other data.
 */
import pg from 'pg';
import type { Queryable, StatementOptions, UserStore } from './interface.ts';

export interface PostgresStoreOptions {
  /** `postgres://user@host:port/db` */
  url: string;
  /** A schema to use instead of the URL's default search_path. */
  schema?: string;
  /** Pool size (default 10). */
  max?: number;
  /** How long a query waits for a free connection (or a new one to open) before failing (default 5,000 ms). */
  waitMs?: number;
}

// int8 -> number, as PGlite does (counters stay far below 2^53); numeric stays a string in both.
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Names of the statements run `prepared` (`StatementOptions`), one per text: `pg` prepares a named
 * statement on a connection the first time it runs there and reuses it after (parse and plan once).
 */
const statementNames = new Map<string, string>();
function statement(sql: string, params: unknown[], options: StatementOptions | undefined): pg.QueryConfig {
  if (!options?.prepared) return { text: sql, values: params, types } as pg.QueryConfig;
  let name = statementNames.get(sql);
  if (name === undefined) statementNames.set(sql, (name = `almanac_${statementNames.size + 1}`));
  return { name, text: sql, values: params, types } as pg.QueryConfig;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = [], options?: StatementOptions) {
      return (await client.query(statement(sql, params, options))).rows as T[];
    },
    async execute(sql: string, params: unknown[] = [], options?: StatementOptions) {
      return (await client.query(statement(sql, params, options))).rowCount ?? 0;
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** Opens a pool; the first connection checks the server is reachable. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<UserStore> {
  if (options.schema !== undefined && !IDENT.test(options.schema)) throw new Error(`invalid schema name: ${options.schema}`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.waitMs ?? 5000,
    idleTimeoutMillis: 30_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  if (options.schema) {
    const admin = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
    } finally {
      await admin.end();
    }
  }
  await pool.query('SELECT 1');
  const base = wrap(pool);
  return {
    kind: 'postgres',
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async ping() {
      try {
        return (await pool.query('SELECT 1 AS ok')).rows.length === 1;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end();
    },
  };
}
