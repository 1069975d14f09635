/**
 * The FRED API's series observations with every vintage (ALFRED):
 * `https://api.stlouisfed.org/fred/series/observations?series_id=X&realtime_start=1776-07-04&realtime_end=9999-12-31&file_type=json`
 * -> `{ "observations": [{ "realtime_start", "realtime_end", "date", "value" }, ...] }` (`.` = no value).
 * Read through the ALFRED CSV parser, so both spellings of a vintage obey the same checks.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { parseFredCsv, type MacroObservation } from './fred-csv.ts';

/** `api.stlouisfed.org/fred/series/observations/<ID>.json` -> `<ID>` */
export function seriesFromApiPath(docPath: string): string {
  const m = /\/([A-Za-z0-9_]{1,40})\.json$/.exec(docPath);
  if (!m) throw new QuarantineError(`cannot derive a series id from ${docPath}`);
  return m[1]!.toUpperCase();
}

export function parseFredApiObservations(bytes: Buffer | string, seriesId: string): MacroObservation[] {
  let body: { observations?: unknown; error_message?: string };
  try {
    body = JSON.parse(bytes.toString());
  } catch {
    throw new QuarantineError('FRED API answer is not JSON');
  }
  if (!Array.isArray(body.observations)) throw new QuarantineError(`FRED API answer has no observations${body.error_message ? `: ${body.error_message}` : ''}`);
  const cell = (v: unknown): string => {
    const s = String(v ?? '');
    if (/[",\n]/.test(s)) throw new QuarantineError(`FRED API observation field not a plain value: ${JSON.stringify(s)}`);
    return s;
  };
  const rows = (body.observations as Record<string, unknown>[]).map((o) => [o.realtime_start, o.realtime_end, o.date, o.value].map(cell).join(','));
  if (rows.length === 0) return [];
  return parseFredCsv(['realtime_start,realtime_end,date,value', ...rows].join('\n'), seriesId);
}
