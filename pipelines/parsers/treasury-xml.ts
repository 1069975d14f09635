/**
 * The US Treasury daily par yield curve XML feed
 * (home.treasury.gov/resource-center/data-chart-center/interest-rates/pages/xml?data=daily_treasury_yield_curve):
 * Atom `<entry>`s wrapping OData `<m:properties>` with `d:NEW_DATE` and one `d:BC_*` element per
 * tenor (percent). Quirks handled: early years lack tenors (1990 has no 1 Mo, 2 Mo, 20 Yr: absent,
 * not zero); `BC_30YEARDISPLAY` is a display field (0.00 when not published) and is ignored;
 * `m:null="true"` or empty elements are missing values.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { QuarantineError } from '../jobs/interface.ts';
import { decimal, isCalendarDate } from './values.ts';

export interface CurvePoint {
  date: string;
  tenor: string;
  months: number;
  value: number;
}

/** Tenors of the par yield curve: feed element, CSV column, label and length in months. */
export const TENORS = [
  { xml: 'BC_1MONTH', csv: '1 Mo', tenor: '1M', months: 1 },
  { xml: 'BC_1_5MONTH', csv: '1.5 Mo', tenor: '1.5M', months: 1.5 },
  { xml: 'BC_2MONTH', csv: '2 Mo', tenor: '2M', months: 2 },
  { xml: 'BC_3MONTH', csv: '3 Mo', tenor: '3M', months: 3 },
  { xml: 'BC_4MONTH', csv: '4 Mo', tenor: '4M', months: 4 },
  { xml: 'BC_6MONTH', csv: '6 Mo', tenor: '6M', months: 6 },
  { xml: 'BC_1YEAR', csv: '1 Yr', tenor: '1Y', months: 12 },
  { xml: 'BC_2YEAR', csv: '2 Yr', tenor: '2Y', months: 24 },
  { xml: 'BC_3YEAR', csv: '3 Yr', tenor: '3Y', months: 36 },
  { xml: 'BC_5YEAR', csv: '5 Yr', tenor: '5Y', months: 60 },
  { xml: 'BC_7YEAR', csv: '7 Yr', tenor: '7Y', months: 84 },
  { xml: 'BC_10YEAR', csv: '10 Yr', tenor: '10Y', months: 120 },
  { xml: 'BC_20YEAR', csv: '20 Yr', tenor: '20Y', months: 240 },
  { xml: 'BC_30YEAR', csv: '30 Yr', tenor: '30Y', months: 360 },
] as const;

/** Largest XML document the parser accepts (a full year is about 0.4 MB). */
export const MAX_XML_BYTES = 32 * 1024 * 1024;

/** An XML parser with entity processing off (DESIGN.md, "Reliability and security rules"). */
export function safeXmlParser(options: { arrays?: string[] } = {}): XMLParser {
  const arrays = new Set(options.arrays ?? []);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => arrays.has(name),
  });
}

/** Parses XML strictly: a document that is not well-formed is refused (QuarantineError). */
export function parseXml(text: string, arrays: string[] = []): Record<string, unknown> {
  const trimmed = text.trimStart();
  const valid = XMLValidator.validate(trimmed);
  if (valid !== true) throw new QuarantineError(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  return safeXmlParser({ arrays }).parse(trimmed) as Record<string, unknown>;
}

function textOf(node: unknown): string | null {
  if (node === undefined || node === null) return null;
  if (typeof node === 'string' || typeof node === 'number') return String(node).trim();
  if (typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o['@_null'] === 'true') return null;
    const t = o['#text'];
    return t === undefined ? '' : String(t).trim();
  }
  return null;
}

/** Parses one year (or any span) of the Treasury XML feed. */
export function parseTreasuryXml(xml: string | Buffer): CurvePoint[] {
  const text = typeof xml === 'string' ? xml : xml.toString('utf8');
  if (text.length > MAX_XML_BYTES) throw new QuarantineError(`Treasury XML larger than ${MAX_XML_BYTES} bytes`);
  const doc = parseXml(text, ['entry']);
  const feed = doc.feed as Record<string, unknown> | undefined;
  if (!feed) throw new QuarantineError('not a Treasury yield curve feed (no <feed>)');
  const entries = (feed.entry as Record<string, unknown>[] | undefined) ?? [];
  const out: CurvePoint[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const props = (entry.content as Record<string, unknown> | undefined)?.properties as Record<string, unknown> | undefined;
    if (!props) throw new QuarantineError('entry without <m:properties>');
    const rawDate = textOf(props.NEW_DATE) ?? textOf(props.Date) ?? '';
    const m = /^(\d{4}-\d{2}-\d{2})/.exec(rawDate);
    if (!m) throw new QuarantineError(`entry with an invalid NEW_DATE "${rawDate}"`);
    const date = m[1]!;
    if (!isCalendarDate(date)) throw new QuarantineError(`entry with an invalid NEW_DATE "${rawDate}"`);
    if (seen.has(date)) throw new QuarantineError(`date ${date} appears twice`);
    seen.add(date);
    for (const t of TENORS) {
      const v = textOf(props[t.xml]);
      if (v === null || v === '') continue;
      const n = decimal(v);
      if (n === null) throw new QuarantineError(`${date} ${t.xml} is not a number: "${v}"`);
      out.push({ date, tenor: t.tenor, months: t.months, value: n });
    }
  }
  return out;
}
