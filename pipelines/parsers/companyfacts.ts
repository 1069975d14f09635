/**
 * SEC XBRL companyfacts JSON (`data.sec.gov/api/xbrl/companyfacts/CIK##########.json`):
 * `{ cik, entityName, facts: { <taxonomy>: { <concept>: { label, description, units: { <unit>: [fact] } } } } }`
 * with each fact `{ start?, end, val, accn, fy, fp, form, filed, frame? }`.
 *
 * The biggest filers' files are hundreds of MB, so the document is never turned into one object
 * tree: `indexCompanyFacts` walks the bytes once, keeping only the offsets of each concept, and
 * `factBatches` then `JSON.parse`s one concept at a time. Peak memory is the document's bytes plus
 * one concept and one batch of rows. Quirks (shared/data/QUIRKS.md): `cik` can be a zero-padded
 * string; `fy`/`fp` describe the filing, not the fact's period; some filers report only `ifrs-full`.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { cikNumber, isCalendarDate } from './values.ts';

export interface FactRecord {
  cik: number;
  taxonomy: string;
  concept: string;
  unit: string;
  start: string | null;
  end: string;
  value: number;
  accession: string;
  fy: number | null;
  fp: string | null;
  form: string;
  filed: string;
  frame: string | null;
}

export interface ConceptSpan {
  taxonomy: string;
  concept: string;
  /** Byte offsets of the concept's JSON object in the document. */
  from: number;
  to: number;
}

export interface CompanyFactsIndex {
  cik: number;
  entityName: string;
  concepts: ConceptSpan[];
  bytes: Uint8Array;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

const decoder = new TextDecoder('utf-8');

function fail(message: string, at: number): never {
  throw new QuarantineError(`companyfacts: ${message} at byte ${at}`);
}

function skipWs(b: Uint8Array, i: number): number {
  while (i < b.length) {
    const c = b[i]!;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
  return i;
}

/** End (exclusive) of the string starting at `i` (which must be a quote). */
function stringEnd(b: Uint8Array, i: number): number {
  if (b[i] !== QUOTE) fail('expected a string', i);
  const n = b.length;
  // A tight byte loop: most strings here are short (keys, dates, accessions), where a native
  // indexOf call per string costs more than it saves.
  for (let k = i + 1; k < n; k++) {
    const c = b[k];
    if (c === QUOTE) return k + 1;
    if (c === BACKSLASH) k++;
  }
  return fail('unterminated string', i);
}

function readString(b: Uint8Array, i: number): [string, number] {
  const end = stringEnd(b, i);
  // Keys rarely hold escapes; JSON.parse handles them when they do.
  let hasEscape = false;
  for (let k = i + 1; k < end - 1; k++) if (b[k] === BACKSLASH) hasEscape = true;
  const text = hasEscape ? (JSON.parse(decoder.decode(b.subarray(i, end))) as string) : decoder.decode(b.subarray(i + 1, end - 1));
  return [text, end];
}

/**
 * End (exclusive) of the JSON value starting at `i`. Objects and arrays are skipped in one tight
 * state machine (strings inline, no calls): this pass touches every byte of the document, and it
 * runs at several hundred MB/s (four times the earlier call-per-string walk).
 */
function valueEnd(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c === QUOTE) return stringEnd(b, i);
  const n = b.length;
  if (c === LBRACE || c === LBRACKET) {
    let depth = 0;
    const from = i;
    while (i < n) {
      const d = b[i++]!;
      if (d === QUOTE) {
        for (;;) {
          if (i >= n) return fail('unterminated string', from);
          const e = b[i++];
          if (e === QUOTE) break;
          if (e === BACKSLASH) i++;
        }
      } else if (d === LBRACE || d === LBRACKET) depth++;
      else if (d === RBRACE || d === RBRACKET) {
        if (--depth === 0) return i;
      }
    }
    return fail('unbalanced braces', from);
  }
  // number, true, false, null
  while (i < n) {
    const d = b[i]!;
    if (d === COMMA || d === RBRACE || d === RBRACKET || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) return i;
    i++;
  }
  return i;
}

/** Calls `fn(key, valueStart, valueEnd)` for each member of the object starting at `i`; returns its end. */
function members(b: Uint8Array, i: number, fn: (key: string, from: number, to: number) => void): number {
  i = skipWs(b, i);
  if (b[i] !== LBRACE) fail('expected an object', i);
  i = skipWs(b, i + 1);
  if (b[i] === RBRACE) return i + 1;
  for (;;) {
    const [key, afterKey] = readString(b, skipWs(b, i));
    i = skipWs(b, afterKey);
    if (b[i] !== COLON) fail('expected ":"', i);
    const from = skipWs(b, i + 1);
    const to = valueEnd(b, from);
    fn(key, from, to);
    i = skipWs(b, to);
    if (b[i] === COMMA) {
      i++;
      continue;
    }
    if (b[i] === RBRACE) return i + 1;
    fail('expected "," or "}"', i);
  }
}

function cikOf(value: unknown): number {
  const n = cikNumber(value);
  if (n === null) throw new QuarantineError(`companyfacts: invalid cik ${JSON.stringify(value)}`);
  return n;
}

/** `entityName` as kept: a string, else '' (never the text "null"). */
export function nameOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** One pass over the document: the cik, the entity name and where each concept's object lies. */
export function indexCompanyFacts(bytes: Uint8Array): CompanyFactsIndex {
  let cik: number | null = null;
  let entityName: string | null = null;
  const concepts: ConceptSpan[] = [];
  let sawFacts = false;
  const start = skipWs(bytes, bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0);
  const end = members(bytes, start, (key, from, to) => {
    if (key === 'cik') cik = cikOf(JSON.parse(decoder.decode(bytes.subarray(from, to))));
    else if (key === 'entityName') entityName = nameOf(JSON.parse(decoder.decode(bytes.subarray(from, to))));
    else if (key === 'facts') {
      sawFacts = true;
      if (bytes[from] !== LBRACE) fail('"facts" is not an object', from);
      members(bytes, from, (taxonomy, tFrom) => {
        if (bytes[tFrom] !== LBRACE) fail(`taxonomy ${taxonomy} is not an object`, tFrom);
        members(bytes, tFrom, (concept, cFrom, cTo) => {
          if (bytes[cFrom] !== LBRACE) fail(`concept ${taxonomy}:${concept} is not an object`, cFrom);
          concepts.push({ taxonomy, concept, from: cFrom, to: cTo });
        });
      });
    }
  });
  if (skipWs(bytes, end) !== bytes.length) fail('trailing data after the JSON object', end);
  if (cik === null) throw new QuarantineError('companyfacts: no "cik"');
  if (!sawFacts) throw new QuarantineError('companyfacts: no "facts" object');
  return { cik, entityName: entityName ?? '', concepts, bytes };
}

/** A `YYYY-MM-DD` date that exists on the calendar (`2023-02-30` would load as March 2). */
const isDate = (v: unknown): v is string => typeof v === 'string' && isCalendarDate(v);

interface RawFact {
  start?: unknown;
  end?: unknown;
  val?: unknown;
  accn?: unknown;
  fy?: unknown;
  fp?: unknown;
  form?: unknown;
  filed?: unknown;
  frame?: unknown;
}

function toFact(cik: number, taxonomy: string, concept: string, unit: string, f: RawFact): FactRecord {
  const where = `${taxonomy}:${concept} [${unit}]`;
  if (typeof f !== 'object' || f === null || Array.isArray(f)) throw new QuarantineError(`companyfacts: ${where}: a fact is ${JSON.stringify(f)}, not an object`);
  if (!isDate(f.end)) throw new QuarantineError(`companyfacts: ${where}: fact without a valid "end" ${JSON.stringify(f.end)}`);
  if (f.start !== undefined && f.start !== null && !isDate(f.start)) {
    throw new QuarantineError(`companyfacts: ${where}: invalid "start" ${JSON.stringify(f.start)}`);
  }
  if (typeof f.val !== 'number' || !Number.isFinite(f.val)) throw new QuarantineError(`companyfacts: ${where}: non-numeric "val" ${JSON.stringify(f.val)}`);
  if (typeof f.accn !== 'string' || !/^\d{10}-\d{2}-\d{6}$/.test(f.accn)) throw new QuarantineError(`companyfacts: ${where}: invalid accession ${JSON.stringify(f.accn)}`);
  if (!isDate(f.filed)) throw new QuarantineError(`companyfacts: ${where}: invalid "filed" ${JSON.stringify(f.filed)}`);
  if (typeof f.form !== 'string' || f.form === '') throw new QuarantineError(`companyfacts: ${where}: missing "form"`);
  return {
    cik,
    taxonomy,
    concept,
    unit,
    start: typeof f.start === 'string' ? f.start : null,
    end: f.end as string,
    value: f.val,
    accession: f.accn,
    fy: typeof f.fy === 'number' && Number.isInteger(f.fy) ? f.fy : null,
    fp: typeof f.fp === 'string' && f.fp !== '' ? f.fp : null,
    form: f.form,
    filed: f.filed as string,
    frame: typeof f.frame === 'string' && f.frame !== '' ? f.frame : null,
  };
}

/** The facts of one concept (its object parsed on its own). */
export function conceptFacts(index: CompanyFactsIndex, span: ConceptSpan): FactRecord[] {
  const obj = JSON.parse(decoder.decode(index.bytes.subarray(span.from, span.to))) as { units?: Record<string, RawFact[]> };
  const units = obj.units;
  if (units === undefined) return [];
  if (typeof units !== 'object' || units === null) throw new QuarantineError(`companyfacts: ${span.taxonomy}:${span.concept}: "units" is not an object`);
  const out: FactRecord[] = [];
  for (const [unit, list] of Object.entries(units)) {
    if (!Array.isArray(list)) throw new QuarantineError(`companyfacts: ${span.taxonomy}:${span.concept}: unit ${unit} is not a list`);
    for (const f of list) out.push(toFact(index.cik, span.taxonomy, span.concept, unit, f));
  }
  return out;
}

/** Yields the document's facts in batches of at least `size` rows (whole concepts per batch). */
export function* factBatches(index: CompanyFactsIndex, size = 50_000): Generator<FactRecord[]> {
  let batch: FactRecord[] = [];
  for (const span of index.concepts) {
    const facts = conceptFacts(index, span);
    for (const f of facts) batch.push(f);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Parses a whole (small) document into records; tests and tools. The job streams instead. */
export function parseCompanyFacts(bytes: Uint8Array): { cik: number; entityName: string; facts: FactRecord[] } {
  const index = indexCompanyFacts(bytes);
  const facts: FactRecord[] = [];
  for (const batch of factBatches(index)) for (const f of batch) facts.push(f);
  return { cik: index.cik, entityName: index.entityName, facts };
}

