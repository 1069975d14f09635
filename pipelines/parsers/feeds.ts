/**
 * RSS 2.0 and Atom feeds -> news items (title, canonical link, summary as plain text, publication
 * time in UTC). Parsed with fast-xml-parser with entity processing off (DESIGN.md): only the five
 * XML entities and numeric character references are decoded, by hand, so no DTD can expand.
 * The encoding comes from the XML declaration (EDGAR's Atom feed is ISO-8859-1, usgaap.rss
 * windows-1252).
 *
 * Dedupe (`isSameItem`), within a feed and, by the news job, across feeds: two items are the same
 * when they carry the same canonical link, or (inside a feed: a guid is its publisher's own) the
 * same guid (RSS `<guid>`, Atom `<id>`); failing that, when their normalised titles are equal and they were published within 48 hours of each
 * other (a story syndicated under another link). The same title further apart is a new item (a
 * regulator's recurring "Testimony Before ..." titles), and inside one feed two items with
 * different guids are always distinct: the publisher says so (EDGAR's usgaap.rss lists one
 * company's filings minutes apart under the same title). Of one EDGAR filing's entries (one per
 * company in it, `edgarRole`), the one naming the company the filing is about is the item kept.
 */
import { createHash } from 'node:crypto';
import { QuarantineError } from '../jobs/interface.ts';
import { xmlText } from './sec-xml.ts';
import { MAX_XML_BYTES, parseXml } from './treasury-xml.ts';
import { calendarDate, monthNumber } from './values.ts';

export interface FeedItem {
  /** First 16 hex digits of the SHA-1 of the canonical link (and the guid, when another item of the feed has that link). */
  id: string;
  /** RSS `<guid>` / Atom `<id>`, when the feed gives one. */
  guid: string | null;
  title: string;
  /** Dedupe key: lower case, accents and punctuation removed, spaces collapsed. */
  titleKey: string;
  link: string;
  summary: string | null;
  /** `YYYY-MM-DD HH:MM:SS`, UTC. */
  publishedAt: string;
}

export interface Feed {
  kind: 'rss' | 'atom';
  title: string;
  items: FeedItem[];
  /** Items dropped as duplicates of an earlier item in the same feed. */
  duplicates: number;
}

/**
 * Decodes the bytes of an XML document using the encoding its declaration names: UTF-8, UTF-16
 * with a BOM and the Latin-1 / windows-1252 family as every SEC XML document is read (`xmlText`:
 * Node's own windows-1252 decoder drops the curly quotes and dashes at 0x80-0x9F), any other
 * label with `TextDecoder`.
 */
export function decodeXml(bytes: Buffer): string {
  const head = bytes.subarray(0, 200).toString('latin1');
  const m = /<\?xml[^>]*encoding=["']([A-Za-z0-9_-]+)["']/i.exec(head);
  const enc = (m?.[1] ?? 'utf-8').toLowerCase();
  if (XML_TEXT_ENCODINGS.test(enc) || (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return xmlText(bytes);
  try {
    return new TextDecoder(enc).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** Declared encodings `xmlText` reads (UTF-8, and Latin-1 / windows-1252 / US-ASCII as windows-1252). */
const XML_TEXT_ENCODINGS = /^(?:utf-?8|iso-?8859-1|latin-?1|l1|windows-1252|cp1252|us-ascii|ascii)$/;

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ',
  ndash: '\u2013', mdash: '\u2014', lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', hellip: '\u2026',
};

/** Decodes XML/HTML character references (named basics and numeric), nothing else. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return NAMED[ref] ?? all;
  });
}

/** Plain text of a feed field: entities decoded, HTML tags removed, whitespace collapsed. */
export function plainText(s: string): string {
  // Entities first (HTML inside RSS descriptions is escaped once), then tags, then entities again.
  const once = decodeEntities(s).replace(/<!\[CDATA\[|\]\]>/g, '');
  return decodeEntities(once.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .trim();
}

/** Items with the same normalised title are one story only when published this close together. */
export const TITLE_WINDOW_HOURS = 48;

/** Whether two items (same feed or not) are the same story: see the module comment. */
export function isSameItem(
  a: Pick<FeedItem, 'guid' | 'link' | 'titleKey' | 'publishedAt'>,
  b: Pick<FeedItem, 'guid' | 'link' | 'titleKey' | 'publishedAt'>,
  sameFeed: boolean,
): boolean {
  if (a.guid && b.guid && a.guid === b.guid) return true;
  if (sameFeed && a.guid && b.guid) return false;
  if (a.link === b.link) return true;
  if (a.titleKey !== b.titleKey) return false;
  const ms = (t: string): number => Date.parse(`${t.replace(' ', 'T')}Z`);
  return Math.abs(ms(a.publishedAt) - ms(b.publishedAt)) <= TITLE_WINDOW_HOURS * 3600_000;
}

/** The dedupe key of a title. */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A link without fragment, tracking parameters (utm_*), or trailing slash; host lower-cased. */
export function canonicalLink(link: string): string {
  try {
    const u = new URL(link.trim());
    u.hash = '';
    for (const k of [...u.searchParams.keys()]) if (/^utm_/i.test(k)) u.searchParams.delete(k);
    u.hostname = u.hostname.toLowerCase();
    return u.toString().replace(/\/$/, '');
  } catch {
    return link.trim();
  }
}

function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return text(node[0]);
  if (typeof node === 'object') {
    const t = (node as Record<string, unknown>)['#text'];
    return t === undefined ? '' : String(t);
  }
  return '';
}

/** ISO 8601 / RFC 3339 (Atom): date, then optionally a time and a zone. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** RFC 822 / 1123 (RSS): `Tue, 10 Jun 2003 04:00:00 GMT`, the weekday optional. */
const RFC822_DAY = /^(?:[A-Za-z]{3,9},?\s+)?(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/;
/** Month first, as some publishers write it: `June 30, 2003 4:00 PM EDT`, `Jun 30 2003`. */
const MONTH_FIRST = /^(?:[A-Za-z]{3,9},?\s+)?([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/;
/** A zone at the end of a date-time: a name `Date.parse` reads (GMT, UT, UTC, EST ... PDT, Z) or an offset. */
const ZONE = /(?:\b(?:GMT|UTC?|[ECMP][SD]T|Z)|[+-]\d{2}:?\d{2})$/i;

/**
 * A publication time as `YYYY-MM-DD HH:MM:SS` UTC, or null. Read are ISO 8601 (Atom), RFC 822
 * (RSS) and the month-first form; anything else is no date (the feed is then refused naming the
 * item, never loaded with a guess). `Date.parse` alone rolls a day that does not exist over (`30
 * Feb` is 1 March) and reads a time without a zone in the host's zone, so the day is checked against
 * the calendar first and a zone-less time is read as UTC, the same on every machine. A date alone is
 * midnight UTC.
 */
function utc(raw: string): string | null {
  const s = raw.trim().replace(/\s+/g, ' ');
  if (!s) return null;
  let text: string;
  const iso = ISO_TIME.exec(s);
  if (iso) {
    if (!calendarDate(iso[1]!, iso[2]!, iso[3]!)) return null;
    text = `${iso[1]}-${iso[2]}-${iso[3]}T${iso[4] ?? '00:00:00'}${iso[5] ?? 'Z'}`;
  } else {
    const rfc = RFC822_DAY.exec(s);
    const first = rfc ? null : MONTH_FIRST.exec(s);
    const [day, name, year] = rfc ? [rfc[1]!, rfc[2]!, rfc[3]!] : first ? [first[2]!, first[1]!, first[3]!] : [];
    if (!name) return null;
    const month = monthNumber(name);
    if (month === 0 || !calendarDate(year!, month, day!)) return null;
    text = ZONE.test(s) ? s : `${s} UTC`;
  }
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

function atomLink(node: unknown): string {
  const links = Array.isArray(node) ? node : node ? [node] : [];
  const pick = links.find((l) => typeof l === 'object' && l !== null && ((l as Record<string, unknown>)['@_rel'] ?? 'alternate') === 'alternate') ?? links[0];
  if (typeof pick === 'string') return pick;
  return pick && typeof pick === 'object' ? String((pick as Record<string, unknown>)['@_href'] ?? '') : '';
}

/**
 * EDGAR's Atom feeds list a filing once per company in it, under one id, the role last in the title:
 * `4 - Perez Daniel Antonio (0002063236) (Reporting)`, then `4 - Hinge Health, Inc. (0001673743)
 * (Issuer)`, the reporting owner's entry first. 0 for the company the filing is about (issuer,
 * subject company, filer) and for every other feed's titles, 1 for who filed about it (reporting
 * owner, filed by): of one filing's entries the lowest is kept, so its news item names the issuer.
 */
function edgarRole(title: string): number {
  return /\((?:Reporting|Filed by)\)$/.test(title) ? 1 : 0;
}

/** Parses an RSS 2.0 or Atom document. Throws QuarantineError when it is neither. */
export function parseFeed(input: Buffer | string): Feed {
  const xml = typeof input === 'string' ? input : decodeXml(input);
  if (xml.length > MAX_XML_BYTES) throw new QuarantineError(`feed larger than ${MAX_XML_BYTES} bytes`);
  const doc = parseXml(xml, ['item', 'entry', 'link']);
  type Raw = { title: string; link: string; guid: string; summary: string; date: string };
  let kind: Feed['kind'];
  let feedTitle: string;
  let raws: Raw[];
  const rss = doc.rss as Record<string, unknown> | undefined;
  const atom = doc.feed as Record<string, unknown> | undefined;
  if (rss) {
    kind = 'rss';
    const channel = (rss.channel ?? {}) as Record<string, unknown>;
    feedTitle = plainText(text(channel.title));
    raws = ((channel.item as Record<string, unknown>[] | undefined) ?? []).map((it) => ({
      title: text(it.title),
      link: text(it.link) || text(it.guid),
      guid: text(it.guid),
      summary: text(it.description) || text(it.encoded),
      date: text(it.pubDate) || text(it.date) || text(it.updated),
    }));
  } else if (atom) {
    kind = 'atom';
    feedTitle = plainText(text(atom.title));
    raws = ((atom.entry as Record<string, unknown>[] | undefined) ?? []).map((e) => ({
      title: text(e.title),
      link: atomLink(e.link) || text(e.id),
      guid: text(e.id),
      summary: text(e.summary) || text(e.content),
      date: text(e.published) || text(e.updated),
    }));
  } else {
    throw new QuarantineError('neither an RSS 2.0 <rss> nor an Atom <feed> document');
  }
  const items: FeedItem[] = [];
  const ids = new Set<string>();
  let duplicates = 0;
  for (const r of raws) {
    const title = plainText(r.title);
    const link = canonicalLink(decodeEntities(r.link));
    const guid = decodeEntities(r.guid).trim() || null;
    const publishedAt = utc(decodeEntities(r.date));
    // An item without a title, link or date cannot be served or deduplicated: the feed is refused
    // rather than the item silently dropped.
    if (!title || !link) throw new QuarantineError(`item without ${!title ? 'a title' : 'a link'}${title ? `: "${title}"` : ''}`);
    if (!publishedAt) throw new QuarantineError(`item "${title}" has no valid publication date ("${r.date}")`);
    const key = { guid, link, titleKey: normalizeTitle(title), publishedAt };
    const same = items.findIndex((i) => isSameItem(i, key, true));
    if (same >= 0) duplicates++;
    // Of one filing's entries, the one naming the company it is about stands for it.
    if (same >= 0 && edgarRole(title) >= edgarRole(items[same]!.title)) continue;
    if (same >= 0) ids.delete(items[same]!.id);
    const hash = (s: string): string => createHash('sha1').update(s).digest('hex').slice(0, 16);
    let id = hash(link);
    if (ids.has(id)) id = hash(`${link}\n${guid}`);
    ids.add(id);
    const summary = plainText(r.summary);
    const item = { id, title, ...key, summary: summary || null };
    if (same >= 0) items[same] = item;
    else items.push(item);
  }
  return { kind, title: feedTitle || '(untitled feed)', items, duplicates };
}
