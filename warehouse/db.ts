/**
 * DuckDB access shared by the build database (pipelines) and the snapshot reader (API).
 * Rows come back as plain JSON-safe objects: dates as `YYYY-MM-DD`, timestamps as ISO strings
 * without zone, integers and decimals as numbers.
 */
import { DOUBLE, DuckDBInstance, DuckDBTypeId, LIST, listValue, VARCHAR, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';

import type { Serving } from './serving.ts';

export type SqlParam = string | number | boolean | null | bigint | string[] | number[];
export type SqlParams = Record<string, SqlParam> | SqlParam[];
export type Row = Record<string, unknown>;

/** What query modules need: a way to run parameterised SQL and read rows. */
export interface Db {
  all<T = Row>(sql: string, params?: SqlParams): Promise<T[]>;
  /** Runs a statement that returns nothing of interest (DDL, DML). */
  run(sql: string, params?: SqlParams): Promise<void>;
  /**
   * The in-memory serving layer of the snapshot new queries read (warehouse/serving.ts), when the
   * reader built one; query functions answer point lookups from it instead of running SQL.
   */
  serving?(): Serving | null;
}

const NUMERIC_AS_STRING = new Set<DuckDBTypeId>([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.DECIMAL,
]);

/** Converts a materialised result into plain row objects. */
export function toRows<T>(reader: { getRowObjectsJson(): Record<string, unknown>[]; columnTypes(): { typeId: DuckDBTypeId }[]; columnNames(): string[] }): T[] {
  const rows = reader.getRowObjectsJson();
  const names = reader.columnNames();
  const numeric = reader.columnTypes().flatMap((t, i) => (NUMERIC_AS_STRING.has(t.typeId) ? [names[i]!] : []));
  if (numeric.length > 0) {
    for (const row of rows) {
      for (const name of numeric) {
        const v = row[name];
        if (typeof v === 'string') row[name] = Number(v);
      }
    }
  }
  return rows as T[];
}

type Bound = [values: Record<string, DuckDBValue> | DuckDBValue[] | undefined, types: Record<string, DuckDBType> | DuckDBType[] | undefined];

/** Array parameters need an explicit list type (`LIST(VARCHAR)` or `LIST(DOUBLE)`). */
function bindable(params: SqlParams | undefined): Bound {
  if (!params) return [undefined, undefined];
  const conv = (v: SqlParam): [DuckDBValue, DuckDBType | undefined] => {
    if (!Array.isArray(v)) return [v as DuckDBValue, undefined];
    const numeric = v.length > 0 && typeof v[0] === 'number';
    return [listValue(v as DuckDBValue[]), numeric ? LIST(DOUBLE) : LIST(VARCHAR)];
  };
  if (Array.isArray(params)) {
    const pairs = params.map(conv);
    return [pairs.map((p) => p[0]), pairs.some((p) => p[1]) ? (pairs.map((p) => p[1]) as DuckDBType[]) : undefined];
  }
  const values: Record<string, DuckDBValue> = {};
  const types: Record<string, DuckDBType> = {};
  for (const [k, v] of Object.entries(params)) {
    const [value, type] = conv(v);
    values[k] = value;
    if (type) types[k] = type;
  }
  return [values, Object.keys(types).length ? types : undefined];
}

/** Runs a query on a connection and returns plain rows. */
export async function queryRows<T = Row>(conn: DuckDBConnection, sql: string, params?: SqlParams): Promise<T[]> {
  const [values, types] = bindable(params);
  const reader = await conn.runAndReadAll(sql, values, types);
  return toRows<T>(reader);
}

/** A `Db` over one connection (the build database, tests). */
export function connectionDb(conn: DuckDBConnection): Db {
  return {
    all: (sql, params) => queryRows(conn, sql, params),
    run: async (sql, params) => {
      const [values, types] = bindable(params);
      await conn.run(sql, values, types);
    },
  };
}

export interface OpenOptions {
  threads?: number;
  memoryLimit?: string;
  readOnly?: boolean;
}

/** Opens (or creates) a DuckDB database file with the configured resource limits. */
export async function openDatabase(file: string, options: OpenOptions = {}): Promise<DuckDBInstance> {
  const settings: Record<string, string> = {};
  if (options.threads) settings.threads = String(options.threads);
  if (options.memoryLimit) settings.memory_limit = options.memoryLimit;
  if (options.readOnly) settings.access_mode = 'READ_ONLY';
  const instance = await DuckDBInstance.create(file, settings);
  // Every time the warehouse writes or reads (the run ledger's `now()`, `fetchedAt`) is UTC, as
  // the API says it is: DuckDB otherwise takes the host's zone (with TZ=America/New_York the
  // ledger was five hours behind what `status` and the freshness headers read as UTC). Settable
  // only once the instance has loaded ICU, so not among the creation settings.
  const conn = await instance.connect();
  try {
    await conn.run("SET GLOBAL TimeZone = 'UTC'");
  } catch {
    // Without ICU there is no time zone but UTC.
  } finally {
    conn.closeSync();
  }
  return instance;
}

/** Runs `fn` inside a transaction on one connection; rolls back on error. */
export async function transaction<T>(conn: DuckDBConnection, fn: () => Promise<T>): Promise<T> {
  await conn.run('BEGIN TRANSACTION');
  try {
    const result = await fn();
    await conn.run('COMMIT');
    return result;
  } catch (err) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
