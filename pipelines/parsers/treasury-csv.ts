/**
 * The Treasury daily par yield curve CSV download (`Date,1 Mo,...,30 Yr`). Quirks handled: the
 * Treasury serves `MM/DD/YYYY` dates, re-saved copies use ISO; rows run newest first; the column
 * set changes over time (`4 Mo` from 2022-10-19, `1.5 Month` from 2025: see tenorOfColumn) and empty
 * cells are missing.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { csvLines, rowCells, splitCsvLine } from './prices-csv.ts';
import { TENORS, type CurvePoint } from './treasury-xml.ts';
import { calendarDate, decimal, isCalendarDate } from './values.ts';

/** `MM/DD/YYYY` (the Treasury's own) or ISO -> ISO; null for anything else or a day not on the calendar. */
function isoDate(s: string): string | null {
  const t = s.trim().replace(/^"|"$/g, '');
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return isCalendarDate(t) ? t : null;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  return m ? calendarDate(m[3]!, m[1]!, m[2]!) : null;
}

/**
 * The tenor a column title names, whatever the unit's spelling: the Treasury's download writes
 * `1 Mo` and `1 Yr` but `1.5 Month` for the bill added in 2025, and re-saved copies vary
 * (`1.5 Mo`, `3 Months`, `1 Year`). A length no tenor has is unknown (undefined).
 */
export function tenorOfColumn(title: string): (typeof TENORS)[number] | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*(mo|mos|mth|mths|month|months|yr|yrs|year|years)\.?$/i.exec(title.trim());
  if (!m) return undefined;
  const months = Number(m[1]) * (/^(yr|year)/i.test(m[2]!) ? 12 : 1);
  return TENORS.find((t) => t.months === months);
}

/** Parses a Treasury yield curve CSV; unknown columns are refused rather than ignored. */
export function parseTreasuryCsv(text: string): CurvePoint[] {
  const lines = csvLines(text);
  if (lines.length === 0) throw new QuarantineError('empty Treasury CSV');
  const header = splitCsvLine(lines[0]!).map((h) => h.trim().replace(/^"|"$/g, ''));
  if (header[0]?.toLowerCase() !== 'date') throw new QuarantineError('Treasury CSV must start with a Date column');
  const cols = header.slice(1).map((h) => {
    const t = tenorOfColumn(h);
    if (!t) throw new QuarantineError(`unknown Treasury CSV column "${h}"`);
    return t;
  });
  // Two titles of one tenor (`12 Mo` and `1 Yr`) would give a date two points of it.
  const twice = cols.find((t, i) => cols.indexOf(t) !== i);
  if (twice) throw new QuarantineError(`Treasury CSV names the ${twice.tenor} tenor twice`);
  const out: CurvePoint[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const cells = rowCells(lines[i]!, header.length, i + 1);
    const date = isoDate(cells[0] ?? '');
    if (!date) throw new QuarantineError(`line ${i + 1}: invalid date "${cells[0] ?? ''}"`);
    if (seen.has(date)) throw new QuarantineError(`line ${i + 1}: duplicate date ${date}`);
    seen.add(date);
    cols.forEach((t, j) => {
      const v = (cells[j + 1] ?? '').trim();
      if (v === '' || v === 'N/A') return;
      const n = decimal(v);
      if (n === null) throw new QuarantineError(`line ${i + 1}: ${t.csv} is not a number: "${v}"`);
      out.push({ date, tenor: t.tenor, months: t.months, value: n });
    });
  }
  return out.sort((a, b) => (a.date === b.date ? a.months - b.months : a.date < b.date ? -1 : 1));
}
