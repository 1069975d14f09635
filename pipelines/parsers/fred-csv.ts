/**
 * FRED series CSVs, three layouts recognised by their header:
 * - legacy download: `DATE,<SERIES>` with `.` for a missing day;
 * - current download (fredgraph.csv): `observation_date,<SERIES>` with empty cells for missing;
 * - vintages (ALFRED, or the FRED API's observations with realtime periods):
 *   `realtime_start,realtime_end,date,value` — each row is the value of `date` as published from
 *   `realtime_start` to `realtime_end` inclusive (`9999-12-31` = still current). The series id then
 *   comes from the file name.
 * A row's value is null when the source marks it missing; it is never zero-filled.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { csvLines, rowCells, splitCsvLine } from './prices-csv.ts';
import { decimal, isCalendarDate } from './values.ts';

export interface MacroObservation {
  seriesId: string;
  date: string;
  value: number | null;
  /** First day this value was known (vintage files); for plain files, the observation date. */
  realtimeStart: string;
  /** Day after the last day this value was current ('9999-12-31' when still current). */
  realtimeEnd: string;
  vintaged: boolean;
}

export const OPEN_END = '9999-12-31';

function dayAfter(iso: string): string {
  if (iso === OPEN_END) return OPEN_END;
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function value(cell: string | undefined, line: number): number | null {
  const s = (cell ?? '').trim();
  if (s === '' || s === '.' || s === '#N/A') return null;
  const n = decimal(s);
  if (n === null) throw new QuarantineError(`line ${line}: value is not a number: "${s}"`);
  return n;
}

function date(cell: string | undefined, line: number, what = 'date'): string {
  const s = (cell ?? '').trim();
  if (!isCalendarDate(s)) throw new QuarantineError(`line ${line}: invalid ${what} "${s}"`);
  return s;
}

/** The series id a FRED document is for: its file name (`fred.stlouisfed.org/series/DGS10.csv` -> `DGS10`). */
export function seriesFromPath(docPath: string): string {
  const base = (docPath.split('/').pop() ?? '').replace(/\.csv$/i, '');
  if (!/^[A-Za-z0-9_]{1,40}$/.test(base)) throw new QuarantineError(`cannot derive a series id from ${docPath}`);
  return base.toUpperCase();
}

/** Parses a FRED or ALFRED CSV. `fallbackSeries` names the series when the header does not. */
export function parseFredCsv(text: string, fallbackSeries?: string): MacroObservation[] {
  const lines = csvLines(text);
  if (lines.length === 0) throw new QuarantineError('empty FRED file');
  const header = splitCsvLine(lines[0]!).map((h) => h.trim());
  const lower = header.map((h) => h.toLowerCase());
  const out: MacroObservation[] = [];
  if (lower.includes('realtime_start')) {
    const [rs, re, d, v] = ['realtime_start', 'realtime_end', 'date', 'value'].map((n) => lower.indexOf(n));
    if (re! < 0 || d! < 0 || v! < 0) throw new QuarantineError('vintage file needs realtime_start, realtime_end, date, value');
    if (!fallbackSeries) throw new QuarantineError('vintage file without a series id');
    for (let i = 1; i < lines.length; i++) {
      const cells = rowCells(lines[i]!, header.length, i + 1);
      const start = date(cells[rs!], i + 1, 'realtime_start');
      const end = date(cells[re!], i + 1, 'realtime_end');
      if (end < start) throw new QuarantineError(`line ${i + 1}: realtime_end before realtime_start`);
      out.push({ seriesId: fallbackSeries, date: date(cells[d!], i + 1), value: value(cells[v!], i + 1), realtimeStart: start, realtimeEnd: dayAfter(end), vintaged: true });
    }
    return out;
  }
  if (header.length !== 2 || !['date', 'observation_date'].includes(lower[0]!)) {
    throw new QuarantineError(`unrecognised FRED header "${lines[0]}"`);
  }
  const seriesId = (header[1] || fallbackSeries || '').toUpperCase();
  if (!seriesId) throw new QuarantineError('FRED file without a series id');
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const cells = rowCells(lines[i]!, header.length, i + 1);
    const d = date(cells[0], i + 1);
    if (seen.has(d)) throw new QuarantineError(`line ${i + 1}: duplicate date ${d}`);
    seen.add(d);
    out.push({ seriesId, date: d, value: value(cells[1], i + 1), realtimeStart: d, realtimeEnd: OPEN_END, vintaged: false });
  }
  return out;
}
