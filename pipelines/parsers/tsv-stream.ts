/**
 * Tab-separated files as the SEC's DERA data sets publish them (Form 13F, Insider Transactions,
 * N-PORT, BDC, Financial Statements): a header row of column names, then one record per line,
 * fields separated by tabs, no quoting, `\n` or `\r\n` line ends, UTF-8. Read from a stream (a zip
 * entry) in chunks: only one chunk and one batch of records are in memory at a time.
 */
import { calendarDate, decimal, isCalendarDate, monthNumber } from './values.ts';

export interface TsvBatch {
  /** Column index by upper-case name, from the header row. */
  columns: Map<string, number>;
  rows: string[][];
  /** Line number (1 = header) of the batch's first record. */
  firstLine: number;
}

/** Reads `stream` and yields records in batches of up to `size`. */
export async function* tsvBatches(stream: AsyncIterable<Buffer | string>, size = 8192): AsyncGenerator<TsvBatch> {
  const decoder = new TextDecoder('utf-8');
  let columns: Map<string, number> | null = null;
  let rest = '';
  let line = 0;
  let rows: string[][] = [];
  let firstLine = 2;
  const take = (text: string): void => {
    line++;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (columns === null) {
      columns = new Map(text.replace(/^\uFEFF/, '').split('\t').map((name, i) => [name.trim().toUpperCase(), i]));
      return;
    }
    if (text === '') return;
    if (rows.length === 0) firstLine = line;
    rows.push(text.split('\t'));
  };
  for await (const chunk of stream) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      take(text.slice(from, nl));
      from = nl + 1;
    }
    rest = text.slice(from);
    if (rows.length >= size && columns) {
      yield { columns, rows, firstLine };
      rows = [];
    }
  }
  rest += decoder.decode();
  if (rest !== '') take(rest);
  if (columns && rows.length) yield { columns, rows, firstLine };
}

/** Accessor for a batch's named column: `get(row, 'CUSIP')` -> the trimmed cell, or null when empty or absent. */
export function columnGetter(columns: Map<string, number>): (row: string[], name: string) => string | null {
  return (row, name) => {
    const i = columns.get(name);
    if (i === undefined) return null;
    const v = row[i]?.trim();
    return v === undefined || v === '' ? null : v;
  };
}


/**
 * A DERA date: `DD-MON-YYYY` (`14-FEB-2024`, the data sets' format), or ISO `YYYY-MM-DD`; null
 * otherwise, and for a day not on the calendar (`31-FEB-2024`).
 */
export function deraDate(v: string | null): string | null {
  if (v === null) return null;
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(v);
  if (m) {
    const mm = monthNumber(m[2]!);
    return mm ? calendarDate(m[3]!, mm, m[1]!) : null;
  }
  return isCalendarDate(v) ? v : null;
}

/**
 * A number cell; null when empty or not a decimal number (`0x10`, `12,50`: thousands commas are
 * read only where they group by three).
 */
export function deraNumber(v: string | null): number | null {
  return v === null ? null : decimal(v, { commas: true });
}
