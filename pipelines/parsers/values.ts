/**
 * Strict readings of the numbers and dates every parser meets. `Number()` and `Date` are lenient
 * where a filing is not: `Number('0x10')` is 16, `Number('')` is 0, `Number('12,50'.replace(/,/g, ''))`
 * is 1250, and `new Date('2024-02-30')` is 1 March. Each parser reads its cells through these, so a
 * cell that is not what its column promises is refused (or, where the format allows, none) instead
 * of loaded as a different figure or day.
 */

/** XML Schema `xs:decimal` / `xs:double` lexical forms (a leading `+`, `1.`, `.5`, an exponent), nothing else. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Thousands written with commas: every group after the first is three digits (`1,234,567.5`). */
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * A decimal number, or null when the text is not one (`0x10`, `Infinity`, `$5`, `1e999`, ``).
 * With `commas`, thousands separators are read when they group by three (`12,345`), and a comma
 * anywhere else (`12,50`, a European decimal or a typo) makes the text not a number.
 * @example decimal('1,234.5', { commas: true }) // 1234.5
 * @example decimal('12,50', { commas: true }) // null
 */
export function decimal(text: string, opts: { commas?: boolean } = {}): number | null {
  let s = text.trim();
  if (opts.commas && s.includes(',')) {
    if (!GROUPED.test(s)) return null;
    s = s.replace(/,/g, '');
  }
  if (!DECIMAL.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` date that exists on the calendar: not `2024-02-30`, not `2024-13-01`. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The ISO date of a year, month and day written as text or numbers (`'2024'`, `'2'`, `'29'`), or
 * null when that day does not exist (a day-month swap such as 31/12 read as month 31 included).
 * @example calendarDate('2024', '2', '29') // '2024-02-29'
 * @example calendarDate(2023, 2, 29) // null
 */
export function calendarDate(year: string | number, month: string | number, day: string | number): string | null {
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/**
 * A CIK from a JSON number or its text (`320193`, `'0000320193'`), or null when it is not 1 to 10
 * digits naming a positive integer (`'1e3'`, `'0x10'`, `' '`, `'-5'`, `12.5` and `0` included).
 */
export function cikNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value < 1e10 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A month's number from its name or abbreviation, any case (`Feb`, `SEPT`, `december`): 1-12, or 0 for none. */
export const monthNumber = (name: string): number => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/**
 * `YYYYMMDD` (EDGAR headers, DERA data sets) as an ISO date, or null when absent, another form or
 * not a calendar day (`20240230`).
 */
export const yyyymmdd = (s: string | null | undefined): string | null => (s && /^\d{8}$/.test(s) ? calendarDate(s.slice(0, 4), s.slice(4, 6), s.slice(6, 8)) : null);
