/**
 * Daily price files (`vendor/prices/<TICKER>.csv`): the Yahoo/yfinance CSV layout, which most
 * vendors can export. Columns are found by header name (case-insensitive, any order):
 *
 * | column | required | meaning |
 * |---|---|---|
 * | `Date` | yes | trading day, `YYYY-MM-DD` (a time part after the date is ignored) |
 * | `Open`, `High`, `Low` | no | session prices |
 * | `Close` | yes | closing price, split-adjusted (Yahoo convention) |
 * | `Adj Close` | no | close adjusted for splits and dividends |
 * | `Volume` | no | shares traded |
 * | `Dividends` | no | cash dividend per share going ex on that day (0 = none) |
 * | `Stock Splits` | no | split ratio taking effect that day (0 or 1 = none; 10 = 10-for-1) |
 *
 * Rows may run oldest or newest first; the result is sorted by date. Empty, `null` or `.` cells
 * are missing values; a row without a close is skipped only when the vendor marks the whole row
 * missing (all price cells empty, as Yahoo does for holidays), otherwise the file is refused.
 * Prices from yfinance carry float32 noise (250.17999267578125): see `round6`.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { decimal, isCalendarDate } from './values.ts';

export interface PriceRecord {
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  adjClose: number | null;
  volume: number | null;
  dividend: number;
  splitRatio: number;
}

/** Splits one CSV line (RFC 4180 quotes allowed). */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/**
 * The cells of data line `line` (1-based, for the message), which must be as many as the header's:
 * a row cut short (a truncated download: `2023-07-06,153.42,157.33,152.52,15` loaded a close of 15)
 * or with cells run together is refused, never read with its last cells missing or shifted.
 */
export function rowCells(text: string, width: number, line: number): string[] {
  const cells = splitCsvLine(text);
  // Empty cells past the header's last (`2024-01-02,1,2,` from a writer that ends every row with a
  // comma) are no data: taken as the row without them.
  while (cells.length > width && cells[cells.length - 1]!.trim() === '') cells.pop();
  if (cells.length !== width) throw new QuarantineError(`line ${line}: ${cells.length} cells where the header has ${width} (a row cut short or malformed)`);
  return cells;
}

/** Lines of a text document without the BOM, carriage returns and blank lines. */
export function csvLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() !== '');
}

/**
 * Rounds away yfinance's float32 noise (250.17999267578125 -> 250.18): when the value is the
 * float32 of a 4-decimal price, that price; otherwise 6 decimals (1.640625 stays exact).
 */
const round6 = (n: number): number => {
  const c = Math.round(n * 1e4) / 1e4;
  return Math.fround(c) === Math.fround(n) ? c : Math.round(n * 1e6) / 1e6;
};

function num(cell: string | undefined, what: string, line: number): number | null {
  const s = (cell ?? '').trim();
  if (s === '' || s === '.' || s.toLowerCase() === 'null' || s.toLowerCase() === 'nan') return null;
  const n = decimal(s);
  if (n === null) throw new QuarantineError(`line ${line}: ${what} is not a number: "${s}"`);
  return n;
}

const DATE_RE = /^(\d{4}-\d{2}-\d{2})(?:[ T].*)?$/;

/** Parses a price CSV. Throws QuarantineError on a malformed file. */
export function parsePricesCsv(text: string): PriceRecord[] {
  const lines = csvLines(text);
  if (lines.length === 0) throw new QuarantineError('empty price file');
  const header = splitCsvLine(lines[0]!).map((h) => h.trim().toLowerCase());
  const col = (...names: string[]): number => names.map((n) => header.indexOf(n)).find((i) => i >= 0) ?? -1;
  const c = {
    date: col('date', 'datetime', 'timestamp'),
    open: col('open'),
    high: col('high'),
    low: col('low'),
    close: col('close'),
    adj: col('adj close', 'adj_close', 'adjclose', 'adjusted close'),
    volume: col('volume'),
    div: col('dividends', 'dividend'),
    split: col('stock splits', 'splits', 'split', 'split ratio'),
  };
  if (c.date < 0) throw new QuarantineError('price file has no Date column');
  if (c.close < 0) throw new QuarantineError('price file has no Close column');
  const byDate = new Map<string, PriceRecord>();
  for (let i = 1; i < lines.length; i++) {
    const cells = rowCells(lines[i]!, header.length, i + 1);
    const m = DATE_RE.exec((cells[c.date] ?? '').trim());
    if (!m || !isCalendarDate(m[1]!)) throw new QuarantineError(`line ${i + 1}: invalid date "${cells[c.date] ?? ''}"`);
    const date = m[1]!;
    const get = (idx: number, what: string): number | null => (idx < 0 ? null : num(cells[idx], what, i + 1));
    const close = get(c.close, 'Close');
    const open = get(c.open, 'Open');
    const high = get(c.high, 'High');
    const low = get(c.low, 'Low');
    if (close === null) {
      if (open === null && high === null && low === null) continue; // a vendor "no trading" row
      throw new QuarantineError(`line ${i + 1}: ${date} has prices but no Close`);
    }
    if (close <= 0) throw new QuarantineError(`line ${i + 1}: ${date} close must be positive, got ${close}`);
    if (byDate.has(date)) throw new QuarantineError(`line ${i + 1}: duplicate date ${date}`);
    const volume = get(c.volume, 'Volume');
    const split = get(c.split, 'Stock Splits');
    byDate.set(date, {
      date,
      open: open === null ? null : round6(open),
      high: high === null ? null : round6(high),
      low: low === null ? null : round6(low),
      close: round6(close),
      adjClose: (() => {
        const a = get(c.adj, 'Adj Close');
        return a === null ? null : round6(a);
      })(),
      volume: volume === null ? null : Math.round(volume),
      dividend: round6(get(c.div, 'Dividends') ?? 0),
      splitRatio: split === null || split === 0 ? 1 : split,
    });
  }
  if (byDate.size === 0) throw new QuarantineError('price file has no rows');
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The ticker a price document is for: its file name without extension (`vendor/prices/BRK-B.csv` -> `BRK-B`). */
export function tickerFromPath(docPath: string): string {
  const base = docPath.split('/').pop() ?? '';
  const t = base.replace(/\.(csv|txt)$/i, '').toUpperCase();
  if (!/^[A-Z0-9.\-^]{1,12}$/.test(t)) throw new QuarantineError(`cannot derive a ticker from ${docPath}`);
  return t;
}

export interface PriceTargetRecord {
  ticker: string;
  meanTarget: number;
  analystCount: number | null;
  source: string;
  fetchedOn: string;
}

/**
 * Analyst price-target files (`vendor/price-targets/*.csv`): `ticker,mean_target,analyst_count,source,fetched_on`.
 * `source` (who published the mean) and `fetched_on` (when Almanac fetched it) are required:
 * a target is never served without them (spec section 1). `analyst_count` may be empty when the
 * source does not give it. Ratings columns are refused, never stored.
 */
export function parsePriceTargetsCsv(text: string): PriceTargetRecord[] {
  const lines = csvLines(text);
  if (lines.length === 0) throw new QuarantineError('empty price-target file');
  const header = splitCsvLine(lines[0]!).map((h) => h.trim().toLowerCase());
  const need = ['ticker', 'mean_target', 'analyst_count', 'source', 'fetched_on'];
  for (const n of need) if (!header.includes(n)) throw new QuarantineError(`price-target file has no ${n} column`);
  if (header.some((h) => /rating|recommend/.test(h))) throw new QuarantineError('price-target file carries ratings: refused (no buy/hold/sell ratings are served)');
  const at = (n: string): number => header.indexOf(n);
  const out: PriceTargetRecord[] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = splitCsvLine(lines[i]!).map((s) => s.trim());
    const ticker = (cells[at('ticker')] ?? '').toUpperCase();
    const mean = decimal(cells[at('mean_target')] ?? '') ?? NaN;
    const countCell = cells[at('analyst_count')] ?? '';
    const source = cells[at('source')] ?? '';
    const fetchedOn = cells[at('fetched_on')] ?? '';
    if (!/^[A-Z0-9.\-^]{1,12}$/.test(ticker)) throw new QuarantineError(`line ${i + 1}: invalid ticker "${ticker}"`);
    if (!Number.isFinite(mean) || mean <= 0) throw new QuarantineError(`line ${i + 1}: invalid mean_target`);
    if (!source) throw new QuarantineError(`line ${i + 1}: a target needs its source`);
    if (!isCalendarDate(fetchedOn)) throw new QuarantineError(`line ${i + 1}: fetched_on must be YYYY-MM-DD`);
    const count = countCell === '' ? null : (decimal(countCell) ?? NaN);
    if (count !== null && (!Number.isInteger(count) || count <= 0)) throw new QuarantineError(`line ${i + 1}: invalid analyst_count`);
    out.push({ ticker, meanTarget: mean, analystCount: count, source, fetchedOn });
  }
  return out;
}
