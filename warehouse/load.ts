/**
 * Fast bulk loading into the build database with DuckDB's appender.
 *
 * Idempotent loads follow one pattern: inside the runner's per-document transaction, delete the
 * rows the document owns by natural key (accession number, cik, series id + date, ...) and append
 * the new ones. Rerunning the same input therefore leaves the same rows, and a crash mid-load
 * rolls back to the previous state of that document.
 */
import { DuckDBDataChunk, DuckDBTypeId, JSToDuckDBValueConverter, type DuckDBConnection, type DuckDBType } from '@duckdb/node-api';

const CHUNK = 2048;
const typeCache = new WeakMap<DuckDBConnection, Map<string, TableShape>>();

interface TableShape {
  types: DuckDBType[];
  /**
   * The position of the `synthetic` flag (migration 0600), -1 when the table has none: a row one
   * value short leaves it out (usually the last column; on the ownership filing tables
   * `filed_basis` (migration 0620) follows it).
   */
  syntheticAt: number;
}

async function tableShape(conn: DuckDBConnection, table: string): Promise<TableShape> {
  let perConn = typeCache.get(conn);
  if (!perConn) typeCache.set(conn, (perConn = new Map()));
  let shape = perConn.get(table);
  if (!shape) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`invalid table name: ${table}`);
    const result = await conn.runAndReadAll(`SELECT * FROM ${table} LIMIT 0`);
    shape = { types: result.columnTypes(), syntheticAt: result.columnNames().indexOf('synthetic') };
    perConn.set(table, shape);
  }
  return shape;
}

export interface AppendOptions {
  /** The flag stored on rows that leave out the `synthetic` column (default false). */
  synthetic?: boolean;
}

function coerce(value: unknown, type: DuckDBType): unknown {
  if (value === undefined || value === null) return null;
  switch (type.typeId) {
    case DuckDBTypeId.DATE:
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_TZ:
      if (typeof value === 'string') {
        // 'YYYY-MM-DD' and 'YYYY-MM-DD HH:MM:SS' are read as UTC wall-clock values.
        const iso = value.length === 10 ? `${value}T00:00:00Z` : value.includes('Z') || /[+-]\d\d:\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
        const d = new Date(iso);
        if (Number.isNaN(d.getTime())) throw new Error(`invalid date value: ${value}`);
        return d;
      }
      return value;
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.HUGEINT:
      return typeof value === 'number' ? BigInt(Math.trunc(value)) : value;
    case DuckDBTypeId.VARCHAR:
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    default:
      return value;
  }
}

/**
 * Appends rows (arrays in the table's column order) to `table`. Runs in the connection's current
 * transaction, if any. Returns the number of rows appended. On a table ending with the
 * `synthetic` flag, a row that leaves it out is stored as real (`false`), or with
 * `options.synthetic` when given (the rows of a generated document: SourceDocument.synthetic).
 */
export async function appendRows(conn: DuckDBConnection, table: string, rows: readonly (readonly unknown[])[], options: AppendOptions = {}): Promise<number> {
  if (rows.length === 0) return 0;
  const { types, syntheticAt } = await tableShape(conn, table);
  const flag = options.synthetic === true;
  // A generated document must never land in a table that cannot say so.
  if (flag && syntheticAt < 0) throw new Error(`${table} has no synthetic column: generated rows cannot be loaded into it`);
  const appender = await conn.createAppender(table);
  try {
    for (let start = 0; start < rows.length; start += CHUNK) {
      const slice = rows.slice(start, start + CHUNK).map((raw) => {
        const row = syntheticAt >= 0 && raw.length === types.length - 1 ? [...raw.slice(0, syntheticAt), flag, ...raw.slice(syntheticAt)] : raw;
        if (row.length !== types.length) throw new Error(`${table}: expected ${types.length} values, got ${row.length}`);
        return row.map((v, i) => coerce(v, types[i]!));
      });
      const chunk = DuckDBDataChunk.create(types);
      chunk.setRowsConverted(slice as never, JSToDuckDBValueConverter);
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  return rows.length;
}
