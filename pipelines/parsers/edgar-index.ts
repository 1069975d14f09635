/**
 * EDGAR index files (https://www.sec.gov/os/accessing-edgar-data, "Using the EDGAR index files"):
 * `Archives/edgar/daily-index/YYYY/QTRn/{master,form,company}.YYYYMMDD.idx` and
 * `Archives/edgar/full-index/YYYY/QTRn/{master,form,company,xbrl}.idx`.
 *
 * A header (Description, Last Data Received, ...), a column-title line, a line of dashes, then
 * one line per filing:
 * - `master` / `xbrl`: pipe-delimited `CIK|Company Name|Form Type|Date Filed|File Name`
 *   (Date Filed is `YYYYMMDD` in the daily index, `YYYY-MM-DD` in the full index);
 * - `form` / `company`: fixed-width columns in the order of the title line; the trailing
 *   CIK, date and file name are read from the right, form and company split where the rows'
 *   second column starts. That is not always under its title: daily `form.idx` files of 2026
 *   keep "Company Name" at column 12 in the title line but give the form 17 columns in the rows
 *   (`SCHEDULE 13G/A   Cheer Holding, Inc.`), so the split is the first column at or after the
 *   title's where every row has a word start; the title's position when no column is common.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { calendarDate } from './values.ts';

export interface IndexEntry {
  cik: number;
  company: string;
  form: string;
  /** YYYY-MM-DD */
  filed: string;
  /** `edgar/data/<cik>/<accession>.txt` as listed. */
  fileName: string;
  /** 0001894188-23-000007 */
  accession: string;
}

const ACCESSION = /(\d{10}-\d{2}-\d{6})\.txt$/;
/** A fixed-width row: the form and company part, then CIK, date and file name read from the right. */
const FIXED_WIDTH = /^(.*?)\s+(\d{1,10})\s+(\d{8}|\d{4}-\d{2}-\d{2})\s+(\S+)\s*$/;

function isoDate(d: string): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(d.trim());
  return m ? calendarDate(m[1]!, m[2]!, m[3]!) : null;
}

export function parseEdgarIndex(input: Buffer | string): IndexEntry[] {
  const lines = (typeof input === 'string' ? input : input.toString('latin1')).split(/\r?\n/);
  const dashes = lines.findIndex((l) => /^-{20,}\s*$/.test(l));
  if (dashes < 1) throw new QuarantineError('not an EDGAR index file: no line of dashes under the column titles');
  // The title line is the last non-blank line above the dashes (company.idx wraps it over two lines).
  let t = dashes - 1;
  while (t > 0 && !lines[t]!.trim()) t--;
  const titles = lines[t - 1]?.includes('Company Name') && !lines[t]!.includes('Company Name') ? `${lines[t - 1]}${lines[t]}` : lines[t]!;
  const piped = titles.includes('|');
  const formAt = titles.indexOf('Form Type');
  const companyAt = titles.indexOf('Company Name');
  if (formAt < 0 || companyAt < 0) throw new QuarantineError(`EDGAR index column titles not recognised: "${titles.trim()}"`);
  const rows = lines.slice(dashes + 1);
  // Each fixed-width row read once from the right: its CIK, date and file name, and what is left.
  const fixed = piped ? [] : rows.map((row) => FIXED_WIDTH.exec(row));
  const split = piped ? 0 : secondColumn(rows.map((row, i) => fixed[i]?.[1] ?? row), Math.max(formAt, companyAt));
  const out: IndexEntry[] = [];
  for (const [i, line] of rows.entries()) {
    if (!line.trim()) continue;
    let cik: string, company: string, form: string, date: string, fileName: string;
    if (piped) {
      const c = line.split('|');
      if (c.length < 5) throw new QuarantineError(`EDGAR index line has ${c.length} fields, expected 5: "${line}"`);
      // Only the company name is free text (a name can hold a '|'): the other four fields are
      // read from the two ends.
      const n = c.length;
      [cik, company, form, date, fileName] = [c[0]!, c.slice(1, n - 3).join('|'), c[n - 3]!, c[n - 2]!, c[n - 1]!];
    } else {
      const m = fixed[i];
      if (!m) throw new QuarantineError(`EDGAR index line not in the fixed-width layout: "${line}"`);
      const left = m[1]!;
      // A split inside a word (a ragged file split at its title's column) would cut a form or name.
      if (/\S/.test(left[split - 1] ?? ' ') && /\S/.test(left[split] ?? ' ')) {
        throw new QuarantineError(`EDGAR index line not split into form and company at column ${split + 1}: "${line}"`);
      }
      const first = left.slice(0, split).trim();
      const second = left.slice(split).trim();
      [form, company] = formAt < companyAt ? [first, second] : [second, first];
      [cik, date, fileName] = [m[2]!, m[3]!, m[4]!];
      // A split that leaves either side empty read the columns wrong: refused, never half a row.
      if (!form || !company) throw new QuarantineError(`EDGAR index line not split into form and company at column ${split + 1}: "${line}"`);
    }
    const filed = isoDate(date);
    const acc = ACCESSION.exec(fileName.trim())?.[1];
    if (!filed || !acc || !/^\d+$/.test(cik.trim())) throw new QuarantineError(`EDGAR index line not understood: "${line}"`);
    out.push({ cik: Number(cik), company: company.trim(), form: form.trim(), filed, fileName: fileName.trim(), accession: acc });
  }
  return out;
}

/**
 * Where the second fixed-width column starts in `rows` (each row's form-and-company part, before its
 * CIK): the first position at or after `titleAt` where every non-blank row has a word start (a
 * space, then a non-space), or `titleAt` when no position is common to all rows (a ragged file: the
 * title is the best guess).
 */
function secondColumn(rows: string[], titleAt: number): number {
  let common: Set<number> | undefined;
  for (const row of rows) {
    if (!row.trim()) continue;
    const starts = new Set<number>();
    for (let p = Math.max(1, titleAt); p < row.length; p++) if (row[p - 1] === ' ' && row[p] !== ' ') starts.add(p);
    common = common ? new Set([...common].filter((p) => starts.has(p))) : starts;
    if (common.size === 0) return titleAt;
  }
  return common?.size ? Math.min(...common) : titleAt;
}

/** The quarter (1-4) of a YYYY-MM-DD date. */
export const quarterOf = (day: string): number => Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;

/** `www.sec.gov/Archives/edgar/daily-index/YYYY/QTRn/master.YYYYMMDD.idx` */
export const dailyIndexKey = (day: string): string =>
  `www.sec.gov/Archives/edgar/daily-index/${day.slice(0, 4)}/QTR${quarterOf(day)}/master.${day.replace(/-/g, '')}.idx`;

/** `www.sec.gov/Archives/edgar/full-index/YYYY/QTRn/master.idx` */
export const fullIndexKey = (year: number, quarter: number): string => `www.sec.gov/Archives/edgar/full-index/${year}/QTR${quarter}/master.idx`;

/** Renders entries as a daily `master.YYYYMMDD.idx` in EDGAR's layout (tests and the local imitation). */
export function renderMasterIndex(day: string, entries: Omit<IndexEntry, 'accession'>[]): string {
  const d = new Date(`${day}T00:00:00Z`);
  const received = d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const head = [
    'Description:           Daily Index of EDGAR Dissemination Feed by CIK',
    `Last Data Received:    ${received}`,
    'Comments:              webmaster@sec.gov',
    'Anonymous FTP:         ftp://ftp.sec.gov/edgar/',
    ' ',
    ' ',
    ' ',
    ' ',
    'CIK|Company Name|Form Type|Date Filed|File Name',
    '--------------------------------------------------------------------------------',
  ];
  const rows = entries.map((e) => `${e.cik}|${e.company}|${e.form}|${e.filed.replace(/-/g, '')}|${e.fileName}`);
  return `${[...head, ...rows].join('\n')}\n`;
}
