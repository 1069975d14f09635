/**
 * The SEC's data-set listing pages (`www.sec.gov/data-research/sec-markets-data/<data set>`, e.g.
 * `form-13f-data-sets`): HTML whose links name each published zip. Two naming styles are in use:
 * quarters (`2024q1_form13f.zip`, the filing dates of a calendar quarter) and, for the Form 13F
 * data sets since 2024, filing-date windows (`01jun2024-31aug2024_form13f.zip`: 1 June to
 * 31 August 2024); the folder can change too. So the files are read from the page's links (any
 * `href` ending in `.zip` whose name matches the data set), not from one layout of the page.
 */
import { calendarDate, monthNumber } from './values.ts';

export interface DatasetFile {
  /** Host-first key of the zip (`www.sec.gov/files/...`), as the sources fetch it. */
  key: string;
  /** The zip's file name. */
  name: string;
  /** First and last filing date the file covers (YYYY-MM-DD). */
  from: string;
  to: string;
}

/** `14`, `feb`, `2024` -> `2024-02-14`, or null when that day does not exist. */
const day = (d: string, mon: string, y: string): string | null => calendarDate(y, monthNumber(mon), d);

/**
 * The filing dates a data-set file covers, from its name: `2024q2_...` (or `2024q2.zip`, the
 * Financial Statement Data Sets) is 2024-04-01..2024-06-30,
 * `01jun2024-31aug2024_...` is 2024-06-01..2024-08-31; null for a name in neither style.
 * @example datasetFileRange('01dec2024-28feb2025_form13f.zip') // { from: '2024-12-01', to: '2025-02-28' }
 */
export function datasetFileRange(name: string): { from: string; to: string } | null {
  const q = /^(\d{4})q([1-4])(?:_|\.zip$)/i.exec(name);
  if (q) {
    const [y, n] = [Number(q[1]), Number(q[2])];
    return { from: calendarDate(y, (n - 1) * 3 + 1, 1)!, to: new Date(Date.UTC(y, n * 3, 0)).toISOString().slice(0, 10) };
  }
  const r = /^(\d{1,2})([a-z]{3})(\d{4})-(\d{1,2})([a-z]{3})(\d{4})_/i.exec(name);
  if (!r) return null;
  const from = day(r[1]!, r[2]!, r[3]!);
  const to = day(r[4]!, r[5]!, r[6]!);
  return from && to && from <= to ? { from, to } : null;
}

/**
 * The data-set zips linked from a listing page: every `href` ending in `.zip` whose file name
 * matches `pattern` and has a date range (`datasetFileRange`), resolved against `pageUrl`, on the
 * SEC's host, each once, in date order.
 */
export function parseDatasetListing(html: string, pageUrl: string, pattern: RegExp): DatasetFile[] {
  const files = new Map<string, DatasetFile>();
  for (const m of html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const href = (m[1] ?? m[2] ?? m[3] ?? '').trim().replace(/&amp;/g, '&');
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if (!/^(www\.)?sec\.gov$/i.test(url.hostname) || !/\.zip$/i.test(url.pathname)) continue;
    const path = decodeURIComponent(url.pathname);
    const name = path.slice(path.lastIndexOf('/') + 1);
    const range = pattern.test(name) ? datasetFileRange(name) : null;
    if (!range) continue;
    const key = `www.sec.gov${path}`;
    files.set(key, { key, name, ...range });
  }
  return [...files.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || a.key.localeCompare(b.key));
}

/** The files whose dates overlap from..to (inclusive), in date order. */
export function datasetFilesFor(files: DatasetFile[], from: string, to: string): DatasetFile[] {
  return files.filter((f) => f.from <= to && f.to >= from);
}

const nextDay = (d: string): string => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const prevDay = (d: string): string => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The stretches of from..to that no file covers (not published yet, or missing from the page). */
export function uncoveredDays(files: DatasetFile[], from: string, to: string): { from: string; to: string }[] {
  const gaps: { from: string; to: string }[] = [];
  let cursor = from;
  for (const f of [...files].sort((a, b) => a.from.localeCompare(b.from))) {
    if (cursor > to) break;
    if (f.to < cursor) continue;
    if (f.from > cursor) gaps.push({ from: cursor, to: f.from > to ? to : prevDay(f.from) });
    if (f.to >= cursor) cursor = nextDay(f.to);
  }
  if (cursor <= to) gaps.push({ from: cursor, to });
  return gaps;
}
