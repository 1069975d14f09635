/**
 * Safe XML reading for SEC documents (ownership, 13F, N-PORT): fast-xml-parser with entity
 * processing off (no DOCTYPE expansion, so no billion-laughs), an input-size cap, leading
 * whitespace stripped (XML cut out of a full submission `.txt` starts with a newline before
 * `<?xml`), and namespace prefixes removed (13F tables use none, `ns1:` or `n1:`).
 * The five predefined XML entities and numeric character references are decoded by `decodeXml`.
 * Bytes are decoded by `xmlText`: UTF-8 unless a BOM or the declaration says otherwise (filer
 * software still writes `encoding="ISO-8859-1"` / windows-1252 documents).
 */
import { XMLParser } from 'fast-xml-parser';
import { QuarantineError } from '../jobs/interface.ts';
import { calendarDate, decimal } from './values.ts';

/** Largest XML document accepted (bytes). A whole quarter's biggest 13F table is ~30 MB. */
export const MAX_XML_BYTES = 256 * 1024 * 1024;

export type XmlNode = Record<string, unknown>;

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the predefined XML entities and numeric character references (nothing else). */
export function decodeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_, e: string) => {
    if (e[0] !== '#') return NAMED[e]!;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * windows-1252's characters at 0x80-0x9F (the WHATWG Encoding Standard's table; the five bytes it
 * leaves undefined stay C1 controls). Node 20's `TextDecoder('windows-1252')` drops these bytes
 * altogether (`decode([0x41, 0x92, 0x42])` is "AB"), and they are the ones filers paste: curly
 * quotes, dashes, the euro sign.
 */
const CP1252_HIGH = '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/** windows-1252 bytes as text: Latin-1, with 0x80-0x9F mapped through `CP1252_HIGH`. */
function cp1252(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.length).toString('latin1').replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/**
 * UTF-8 bytes with stray windows-1252 bytes among them (a Word apostrophe, 0x92, pasted into a
 * UTF-8 filing): every well-formed UTF-8 sequence as UTF-8, every other byte as windows-1252. Read
 * whole as windows-1252, one stray byte turned every accented name of the document into mojibake
 * ("SociÃ©tÃ©").
 */
function mixedUtf8(b: Uint8Array): string {
  const out: string[] = [];
  let run = 0;
  const flush = (to: number): void => {
    if (to > run) out.push(Buffer.from(b.buffer, b.byteOffset + run, to - run).toString('utf8'));
  };
  for (let i = 0; i < b.length; ) {
    const c = b[i]!;
    const n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    let ok = n > 0 && i + n <= b.length;
    for (let k = 1; ok && k < n; k++) ok = (b[i + k]! & 0xc0) === 0x80;
    // Overlong, surrogate and past-U+10FFFF forms are not UTF-8 either.
    if (ok && n === 3) ok = !(c === 0xe0 && b[i + 1]! < 0xa0) && !(c === 0xed && b[i + 1]! >= 0xa0);
    if (ok && n === 4) ok = !(c === 0xf0 && b[i + 1]! < 0x90) && !(c === 0xf4 && b[i + 1]! >= 0x90);
    if (ok) {
      i += n;
      continue;
    }
    flush(i);
    out.push(cp1252(b.subarray(i, i + 1)));
    i += 1;
    run = i;
  }
  flush(b.length);
  return out.join('');
}

/**
 * The text of an XML document's bytes (XML 1.0 section 4.3.3 and appendix F): a UTF-16 BOM, else
 * the declaration's `encoding` (ISO-8859-1, Latin-1, windows-1252 and US-ASCII read as
 * windows-1252, as the WHATWG Encoding Standard maps those labels), else UTF-8; a byte that is
 * not part of valid UTF-8 under a UTF-8 (or no) declaration is windows-1252, which is what such
 * bytes are in EDGAR filings, rather than U+FFFD in names (`mixedUtf8`). A UTF-8 BOM is dropped.
 */
export function xmlText(input: Buffer | string): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  if (input[0] === 0xff && input[1] === 0xfe) return new TextDecoder('utf-16le').decode(input.subarray(2));
  if (input[0] === 0xfe && input[1] === 0xff) return new TextDecoder('utf-16be').decode(input.subarray(2));
  const body = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? input.subarray(3) : input;
  const declared = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(body.subarray(0, 200).toString('latin1'))?.[1]?.toLowerCase();
  if (declared && /^(?:iso-?8859-1|latin-?1|l1|windows-1252|cp1252|us-ascii|ascii)$/.test(declared)) return cp1252(body);
  try {
    return UTF8.decode(body);
  } catch {
    return mixedUtf8(body);
  }
}

export interface ParseXmlOptions {
  maxBytes?: number;
  /** Element names that are always arrays (repeating elements). */
  arrays?: readonly string[];
}

/** Parses an XML document (bytes or text) into plain objects; attributes keep their names. */
export function parseXml(input: Buffer | string, options: ParseXmlOptions = {}): XmlNode {
  const max = options.maxBytes ?? MAX_XML_BYTES;
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.length;
  if (size > max) throw new QuarantineError(`XML document is ${size} bytes, over the ${max}-byte cap`);
  const text = xmlText(input).trimStart();
  if (!text.startsWith('<')) throw new QuarantineError('not an XML document');
  const arrays = new Set(options.arrays ?? []);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name, _jpath, _leaf, isAttribute) => !isAttribute && arrays.has(name),
  });
  let out: unknown;
  try {
    out = parser.parse(text, true);
  } catch (err) {
    throw new QuarantineError(`malformed XML: ${(err as Error).message}`);
  }
  if (typeof out !== 'object' || out === null) throw new QuarantineError('empty XML document');
  return out as XmlNode;
}

/** The text of an element: a string, `{ '#text': ... }` (element with attributes) or null. */
export function text(node: unknown): string | null {
  if (node === undefined || node === null) return null;
  if (typeof node === 'string') {
    const s = decodeXml(node).trim();
    return s === '' ? null : s;
  }
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return text(node[0]);
  if (typeof node === 'object') {
    const obj = node as XmlNode;
    if ('#text' in obj) return text(obj['#text']);
    // `<value>` with an attribute of its own (`xsi:nil`, `xml:space`) is an object too; a `<value>`
    // written twice is an array, read as its first like any repeated element.
    if ('value' in obj) {
      const v = Array.isArray(obj.value) ? obj.value[0] : obj.value;
      if (typeof v !== 'object' || (v !== null && '#text' in (v as XmlNode))) return text(v);
    }
  }
  return null;
}

/** An attribute value (decoded), or null. */
export function attr(node: unknown, name: string): string | null {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
  const v = (node as XmlNode)[name];
  return typeof v === 'string' ? text(v) : null;
}

/** A child element as an object ({} when absent or empty). */
export function child(node: unknown, name: string): XmlNode {
  if (!node || typeof node !== 'object') return {};
  const v = Array.isArray(node) ? (node[0] as XmlNode | undefined)?.[name] : (node as XmlNode)[name];
  if (Array.isArray(v)) return (v[0] as XmlNode) ?? {};
  return v && typeof v === 'object' ? (v as XmlNode) : {};
}

/** Child elements as an array (absent = []). */
export function children(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  const v = (node as XmlNode)[name];
  if (v === undefined || v === null || v === '') return [];
  return (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'object' && x !== null ? (x as XmlNode) : { '#text': x }));
}

/**
 * A number from text (thousands commas allowed where they group by three), or null when absent or
 * not a decimal number (`0x10`, `Infinity`, `$5`, `12,50`).
 */
export function num(value: string | null): number | null {
  return value === null ? null : decimal(value, { commas: true });
}

/**
 * A number field that must be a number when present: null when absent (or empty), the number, or
 * a QuarantineError naming the field (`what`) and the text, never a silent null for `1O0` or `$5`.
 */
export function numField(value: string | null, what: string): number | null {
  if (value === null || value.trim() === '') return null;
  const n = num(value);
  if (n === null) throw new QuarantineError(`${what} is not a number: ${JSON.stringify(value)}`);
  return n;
}

/** `0/1`, `true/false`, `Y/N` -> boolean; anything else null. */
export function bool(value: string | null): boolean | null {
  if (value === null) return null;
  const v = value.trim().toLowerCase();
  if (v === '1' || v === 'true' || v === 'y' || v === 'yes') return true;
  if (v === '0' || v === 'false' || v === 'n' || v === 'no') return false;
  return null;
}

/**
 * `MM-DD-YYYY` (13F cover pages) or `YYYY-MM-DD` or `YYYYMMDD` -> `YYYY-MM-DD`; null when it is
 * none of them or not a day on the calendar (`2024-02-30`, a day-month swap `31-12-2024`).
 */
export function isoDate(value: string | null): string | null {
  if (!value) return null;
  const v = value.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (m) return calendarDate(m[1]!, m[2]!, m[3]!);
  m = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(v);
  if (m) return calendarDate(m[3]!, m[1]!, m[2]!);
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (m) return calendarDate(m[1]!, m[2]!, m[3]!);
  return null;
}
