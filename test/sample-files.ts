/**
 * The sample corpus's documents read in tests, independently of the pipelines: the bytes of a key
 * (decompressed when the sample keeps it as `<key>.gz`) and plain CSV rows, so a test can compute
 * the values it expects from the file the service loaded instead of typing them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SAMPLE_DIR } from '../schema/config.ts';

/** The bytes of the sample document `key` (`<key>.gz` decompressed when only that exists). */
export function sampleBytes(key: string): Buffer {
  const file = path.join(SAMPLE_DIR, key);
  return existsSync(file) ? readFileSync(file) : gunzipSync(readFileSync(`${file}.gz`));
}

/** A sample CSV without quoted fields as header + rows of cells (blank lines dropped). */
export function sampleCsv(key: string): { header: string[]; rows: string[][] } {
  const [header, ...rows] = sampleBytes(key)
    .toString('utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split(','));
  return { header: header!, rows };
}

/**
 * A sample CSV with quoted fields (RFC 4180: commas, doubled quotes and line breaks inside quotes)
 * as records keyed by the header, for the generated FDIC and USAspending files.
 */
export function sampleCsvRecords(key: string): Record<string, string>[] {
  const text = sampleBytes(key).toString('utf8');
  const records: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\n') row.push(cell), records.push(row), (row = []), (cell = '');
    else if (c !== '\r') cell += c;
  }
  if (cell !== '' || row.length) row.push(cell), records.push(row);
  const [header, ...rows] = records.filter((r) => r.some((x) => x !== ''));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

export interface SampleBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  adjClose: number;
  volume: number;
  dividend: number;
  split: number;
}

/** A ticker's generated daily prices in the sample (`vendor/prices/<TICKER>.csv`), oldest first. */
export function samplePrices(ticker: string): SampleBar[] {
  const { header, rows } = sampleCsv(`vendor/prices/${ticker}.csv`);
  const at = (name: string) => header.indexOf(name);
  return rows.map((r) => ({
    date: r[at('Date')]!,
    open: Number(r[at('Open')]),
    high: Number(r[at('High')]),
    low: Number(r[at('Low')]),
    close: Number(r[at('Close')]),
    adjClose: Number(r[at('Adj Close')]),
    volume: Number(r[at('Volume')]),
    dividend: Number(r[at('Dividends')]),
    split: Number(r[at('Stock Splits')]),
  }));
}

/** Rounded to 4 decimals, as the service rounds ratios and changes. */
export const r4 = (n: number): number => Math.round(n * 1e4) / 1e4;

/** The sum of dividends going ex in the 365 days ending on `day` (the technicals job's window). */
export function dividendsTtm(bars: readonly SampleBar[], day: string): number {
  const from = Date.parse(`${day}T00:00:00Z`) - 365 * 86_400_000;
  return bars.filter((b) => b.date <= day && Date.parse(`${b.date}T00:00:00Z`) > from).reduce((s, b) => s + b.dividend, 0);
}

export interface SampleRssItem {
  title: string;
  link: string;
  description: string;
  /** The `<pubDate>` in UTC, `YYYY-MM-DDTHH:MM:SS` (as the API writes times). */
  publishedAt: string;
}

/**
 * The items of a sample RSS 2.0 feed, read with regular expressions (not the feed parser): each
 * `<item>`'s title, link and description with whitespace collapsed and the basic entities decoded
 * (an escaped `&amp;nbsp;` is a space), and its `<pubDate>` converted to UTC.
 */
export function sampleRss(key: string): SampleRssItem[] {
  const field = (item: string, tag: string): string => {
    const raw = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(item)?.[1] ?? '';
    return raw
      .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
      .replace(/&amp;nbsp;|&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim();
  };
  return [...sampleBytes(key).toString('utf8').matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => ({
    title: field(m[1]!, 'title'),
    link: field(m[1]!, 'link'),
    description: field(m[1]!, 'description'),
    publishedAt: new Date(Date.parse(field(m[1]!, 'pubDate'))).toISOString().slice(0, 19),
  }));
}
