/**
 * Tabular exports of query results: CSV (RFC 4180), Arrow IPC stream (export-arrow.ts, loaded on
 * the first Arrow answer) and Parquet (DuckDB `COPY ... TO` a temporary file, read back as bytes).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from './db.ts';

export type ColumnType = 'string' | 'int' | 'double' | 'boolean';

export interface ExportColumn {
  name: string;
  type: ColumnType;
}

export type ExportRow = Record<string, string | number | boolean | null>;

export const MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  arrow: 'application/vnd.apache.arrow.stream',
  parquet: 'application/vnd.apache.parquet',
} as const;

function csvCell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** CSV with a header row; null is an empty cell (never 0). Lines end in CRLF (RFC 4180). */
export function toCsv(columns: ExportColumn[], rows: ExportRow[]): string {
  const lines = [columns.map((c) => csvCell(c.name)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c.name])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const DUCK_TYPES: Record<ColumnType, string> = { string: 'VARCHAR', int: 'INTEGER', double: 'DOUBLE', boolean: 'BOOLEAN' };

const quoteIdent = (s: string): string => `"${s.replaceAll('"', '""')}"`;
const quoteLiteral = (s: string): string => `'${s.replaceAll("'", "''")}'`;

/**
 * A Parquet file of the rows, written by DuckDB: the rows go to a temporary NDJSON file that
 * `COPY (SELECT ... FROM read_json(...)) TO '<tmp>.parquet'` converts with the declared types.
 */
export async function toParquet(db: Db, columns: ExportColumn[], rows: ExportRow[]): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'almanac-export-'));
  try {
    const id = randomBytes(6).toString('hex');
    const input = path.join(dir, `${id}.ndjson`);
    const output = path.join(dir, `${id}.parquet`);
    await writeFile(input, rows.map((r) => JSON.stringify(Object.fromEntries(columns.map((c) => [c.name, r[c.name] ?? null])))).join('\n'));
    const spec = columns.map((c) => `${quoteLiteral(c.name)}: ${quoteLiteral(DUCK_TYPES[c.type])}`).join(', ');
    const select = columns.map((c) => quoteIdent(c.name)).join(', ');
    const source = rows.length
      ? `read_json(${quoteLiteral(input)}, format = 'newline_delimited', columns = {${spec}})`
      : `(SELECT ${columns.map((c) => `NULL::${DUCK_TYPES[c.type]} AS ${quoteIdent(c.name)}`).join(', ')} LIMIT 0)`;
    await db.run(`COPY (SELECT ${select} FROM ${source}) TO ${quoteLiteral(output)} (FORMAT parquet)`);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
