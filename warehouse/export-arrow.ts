/**
 * Arrow IPC stream exports, built in JS with apache-arrow: the DuckDB Node client has no Arrow
 * output and the arrow extension cannot be installed. Its own module so that apache-arrow (146
 * modules, ~0.2 s of CPU to load) is loaded by the first Arrow answer, not by every start.
 */
import { Bool, Float64, Int32, Table, Utf8, tableToIPC, vectorFromArray, type DataType } from 'apache-arrow';
import type { ColumnType, ExportColumn, ExportRow } from './export.ts';

function arrowType(t: ColumnType): DataType {
  switch (t) {
    case 'string':
      return new Utf8();
    case 'int':
      return new Int32();
    case 'double':
      return new Float64();
    case 'boolean':
      return new Bool();
  }
}

/** An Arrow IPC stream (one record batch) with nullable typed columns. */
export function toArrowStream(columns: ExportColumn[], rows: ExportRow[]): Uint8Array {
  const vectors = Object.fromEntries(columns.map((c) => [c.name, vectorFromArray(rows.map((r) => r[c.name] ?? null), arrowType(c.type))]));
  return tableToIPC(new Table(vectors), 'stream');
}
