/**
 * companyfacts straight into columns: one pass over the bytes that writes each fact into typed
 * arrays (dates as day numbers, strings as ids of a shared dictionary), with no object per fact and
 * no string per date, accession or form. It is the bulk load's parser (issue 14: `companyfacts.zip`
 * at >= 0.5x `JSON.parse`); `parseCompanyFacts` (companyfacts.ts) stays the reference.
 *
 * The scan accepts only the shape the SEC publishes, validated as strictly as `JSON.parse` plus
 * `toFact` would (string escapes, number grammar, literals, dates that exist). Anything else -- an
 * escape inside a fact's value, a value of an unexpected type, a unit named like an array index, a
 * repeated key whose last value would win -- makes `scanCompanyFacts` return null, and the caller
 * parses that document with the reference parser (`factColumnsOf`), which loads it the same way or
 * quarantines it with its own message. So the rows never depend on which path read a document.
 */
import { indexCompanyFacts, factBatches, nameOf, type FactRecord } from './companyfacts.ts';
import { cikNumber } from './values.ts';

/** Null in an Int32 column: dates, fy and string ids never take this value. */
export const NULL_INT = -2147483648;

/**
 * Interned strings: `id(s)` or `idOfBytes(bytes, from, to)` (ASCII bytes, no copy when seen
 * before). Shared by every document of a batch, so a batch sends each distinct string once.
 */
export class StringDictionary {
  readonly values: string[] = [];
  private byString = new Map<string, number>();
  private slots = new Int32Array(1 << 12).fill(-1);
  private hashes = new Int32Array(1 << 12);
  /** False for a dictionary rebuilt from its values: the map is built when first needed. */
  private indexed = true;

  /** A dictionary holding `values` (ids = positions), as another thread's dictionary sent here. */
  static of(values: string[]): StringDictionary {
    const d = new StringDictionary();
    d.values.push(...values);
    d.indexed = false;
    return d;
  }

  id(s: string): number {
    if (!this.indexed) {
      this.byString = new Map(this.values.map((v, i) => [v, i]));
      this.indexed = true;
    }
    let id = this.byString.get(s);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(s);
      this.byString.set(s, id);
    }
    return id;
  }

  /** The id of the ASCII text `b[from, to)`; an open-addressing table keyed by an FNV-1a hash of the bytes. */
  idOfBytes(b: Uint8Array, from: number, to: number): number {
    let h = 0x811c9dc5 | 0;
    for (let k = from; k < to; k++) h = Math.imul(h ^ b[k]!, 0x01000193);
    const mask = this.slots.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const id = this.slots[i]!;
      if (id === -1) {
        let s = '';
        for (let k = from; k < to; k++) s += String.fromCharCode(b[k]!);
        const newId = this.id(s);
        this.slots[i] = newId;
        this.hashes[i] = h;
        if (this.values.length * 2 > this.slots.length) this.grow();
        return newId;
      }
      if (this.hashes[i] === h) {
        const s = this.values[id]!;
        if (s.length === to - from) {
          let same = true;
          for (let k = 0; k < s.length; k++) {
            if (s.charCodeAt(k) !== b[from + k]) {
              same = false;
              break;
            }
          }
          if (same) return id;
        }
      }
    }
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const hashes = new Int32Array(slots.length);
    const mask = slots.length - 1;
    for (let i = 0; i < this.slots.length; i++) {
      const id = this.slots[i]!;
      if (id === -1) continue;
      let j = this.hashes[i]! & mask;
      while (slots[j] !== -1) j = (j + 1) & mask;
      slots[j] = id;
      hashes[j] = this.hashes[i]!;
    }
    this.slots = slots;
    this.hashes = hashes;
  }
}

/** A key of the facts table's string triple (taxonomy, concept, unit). */
export interface FactKey {
  taxonomy: string;
  concept: string;
  unit: string;
}

/**
 * Facts of one or more documents as columns. `key` indexes `keys`; `accession`, `fp`, `form` and
 * `frame` index `strings`; dates are days since 1970-01-01; NULL_INT is null.
 */
export class FactColumns {
  n = 0;
  cik: Int32Array;
  key: Int32Array;
  start: Int32Array;
  end: Int32Array;
  value: Float64Array;
  accession: Int32Array;
  fy: Int32Array;
  fp: Int32Array;
  form: Int32Array;
  filed: Int32Array;
  frame: Int32Array;
  readonly keys: FactKey[] = [];
  private readonly keyIds = new Map<string, number>();

  /** `capacity`: the rows expected (they grow beyond it); a good guess spares the copies of growing (and their garbage). */
  constructor(readonly strings: StringDictionary = new StringDictionary(), capacity = 1024) {
    const n = Math.max(16, capacity);
    this.cik = new Int32Array(n);
    this.key = new Int32Array(n);
    this.start = new Int32Array(n);
    this.end = new Int32Array(n);
    this.value = new Float64Array(n);
    this.accession = new Int32Array(n);
    this.fy = new Int32Array(n);
    this.fp = new Int32Array(n);
    this.form = new Int32Array(n);
    this.filed = new Int32Array(n);
    this.frame = new Int32Array(n);
  }

  keyId(taxonomy: string, concept: string, unit: string): number {
    const k = `${taxonomy}\u0000${concept}\u0000${unit}`;
    let id = this.keyIds.get(k);
    if (id === undefined) {
      id = this.keys.length;
      this.keys.push({ taxonomy, concept, unit });
      this.keyIds.set(k, id);
    }
    return id;
  }

  /** Room for one more row; returns its index. */
  push(): number {
    if (this.n === this.cik.length) {
      const grow = <T extends Int32Array | Float64Array>(a: T): T => {
        const b = new (a.constructor as { new (n: number): T })(a.length * 2);
        b.set(a);
        return b;
      };
      for (const name of COLUMNS) (this as unknown as Record<string, Int32Array | Float64Array>)[name] = grow(this[name]);
    }
    return this.n++;
  }

  /** Drops the rows from `n` on (a document that turned out irregular). */
  truncate(n: number): void {
    this.n = n;
  }

  /**
   * The columns as data for another thread (pipelines/parse-pool.ts): the typed arrays with their
   * buffers to transfer (moved, not copied), the dictionaries as arrays. `FactColumns.of` rebuilds them.
   */
  data(): { data: FactColumnsData; transfer: ArrayBuffer[] } {
    const data = { n: this.n, strings: this.strings.values, keys: this.keys } as FactColumnsData;
    for (const name of COLUMNS) (data as Record<string, unknown>)[name] = this[name];
    return { data, transfer: COLUMNS.map((name) => this[name].buffer as ArrayBuffer) };
  }

  static of(d: FactColumnsData): FactColumns {
    const c = new FactColumns(StringDictionary.of(d.strings), 16);
    c.n = d.n;
    for (const name of COLUMNS) (c as unknown as Record<string, unknown>)[name] = d[name];
    for (const k of d.keys) c.keyId(k.taxonomy, k.concept, k.unit);
    return c;
  }
}

/** The typed-array columns of FactColumns. */
const COLUMNS = ['cik', 'key', 'start', 'end', 'value', 'accession', 'fy', 'fp', 'form', 'filed', 'frame'] as const;

/** FactColumns as plain data (`FactColumns.data`). */
export type FactColumnsData = Pick<FactColumns, 'n' | (typeof COLUMNS)[number]> & { strings: string[]; keys: FactKey[] };

/** What a scanned document adds besides its rows. */
export interface ScannedDocument {
  cik: number;
  entityName: string;
  /** Concept objects in the document (fact_entities.concepts). */
  concepts: number;
  /** Rows `[from, to)` of the columns. */
  from: number;
  to: number;
  /** Latest `filed` as YYYY-MM-DD, or undefined without facts. */
  newest: string | undefined;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = (y >= 0 ? y : y - 399) / 400 | 0;
  const yoe = y - era * 400;
  const doy = (((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) | 0) + d - 1;
  const doe = yoe * 365 + ((yoe / 4) | 0) - ((yoe / 100) | 0) + doy;
  return era * 146097 + doe - 719468;
}

const dayText = (days: number): string => new Date(days * 86_400_000).toISOString().slice(0, 10);

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The reference's day number for a date: `Math.round(Date.parse(`${s}T00:00:00Z`) / 86_400_000)`. */
function dayOf(s: string): number {
  return Math.round(Date.parse(`${s}T00:00:00Z`) / 86_400_000);
}

/** Thrown inside the scan: the document is not of the plain shape; the reference parser reads it. */
class Irregular extends Error {}
const IRREGULAR = new Irregular('irregular');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const MINUS = 0x2d;

const decoder = new TextDecoder('utf-8');

// The scan is plain functions over (bytes, position) returning the next position: V8 keeps the
// position in a register (a position shared by closures lives on the heap, five times slower).
// A function with a second result leaves it here.
let numberValue = 0;
let stringValue = '';
let escaped = false;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function ws(b: Uint8Array, i: number): number {
  for (;;) {
    const c = b[i];
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

function expect(b: Uint8Array, i: number, c: number): number {
  if (b[i] !== c) throw IRREGULAR;
  return i + 1;
}

/** Past the JSON string at i, validated as JSON.parse would; `escaped` says whether it held an escape. */
function skipString(b: Uint8Array, i: number): number {
  if (b[i] !== QUOTE) throw IRREGULAR;
  i++;
  escaped = false;
  const n = b.length;
  for (;;) {
    if (i >= n) throw IRREGULAR;
    const c = b[i++]!;
    if (c === QUOTE) return i;
    if (c < 0x20) throw IRREGULAR;
    if (c === BACKSLASH) {
      escaped = true;
      const e = b[i++];
      if (e === 0x75) {
        if (!(isHex(b[i]!) && isHex(b[i + 1]!) && isHex(b[i + 2]!) && isHex(b[i + 3]!))) throw IRREGULAR;
        i += 4;
      } else if (!(e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74)) throw IRREGULAR;
    }
  }
}

/** A key as text (`stringValue`), decoded like the reference's readString. */
function readString(b: Uint8Array, i: number): number {
  const from = i;
  i = skipString(b, i);
  stringValue = escaped ? (JSON.parse(decoder.decode(b.subarray(from, i))) as string) : decoder.decode(b.subarray(from + 1, i - 1));
  return i;
}

/** Past a JSON number (strict grammar). */
function skipNumber(b: Uint8Array, i: number): number {
  if (b[i] === MINUS) i++;
  if (b[i] === 0x30) i++;
  else if (b[i]! >= 0x31 && b[i]! <= 0x39) while (isDigit(b[i]!)) i++;
  else throw IRREGULAR;
  if (b[i] === 0x2e) {
    i++;
    if (!isDigit(b[i]!)) throw IRREGULAR;
    while (isDigit(b[i]!)) i++;
  }
  if (b[i] === 0x65 || b[i] === 0x45) {
    i++;
    if (b[i] === 0x2b || b[i] === MINUS) i++;
    if (!isDigit(b[i]!)) throw IRREGULAR;
    while (isDigit(b[i]!)) i++;
  }
  return i;
}

/** A number token's value (`numberValue`), as JSON.parse reads it. */
function readNumber(b: Uint8Array, i: number): number {
  const from = i;
  let neg = false;
  if (b[i] === MINUS) {
    neg = true;
    i++;
  }
  const lead = b[i];
  let v = 0;
  let digits = 0;
  for (;;) {
    const c = b[i]!;
    if (c < 0x30 || c > 0x39) break;
    v = v * 10 + (c - 0x30);
    i++;
    digits++;
  }
  const c = b[i];
  // Up to 15 digits an integer is exact in a double; no leading zero (not JSON).
  if (digits > 0 && digits <= 15 && c !== 0x2e && c !== 0x65 && c !== 0x45 && (digits === 1 || lead !== 0x30)) {
    numberValue = neg ? -v : v;
    return i;
  }
  // Fractions, exponents, long integers: the platform's correctly rounded conversion, as JSON.parse.
  i = skipNumber(b, from);
  numberValue = Number(String.fromCharCode(...b.subarray(from, i)));
  return i;
}

/** Past `word` at i, or -1. */
function literal(b: Uint8Array, i: number, word: string): number {
  for (let k = 0; k < word.length; k++) if (b[i + k] !== word.charCodeAt(k)) return -1;
  return i + word.length;
}

/** Past a scalar value (string, number, true, false, null); objects and arrays are irregular here. */
function skipScalar(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c === QUOTE) return skipString(b, i);
  if (c === MINUS || isDigit(c)) return skipNumber(b, i);
  let j = literal(b, i, 'null');
  if (j < 0) j = literal(b, i, 'true');
  if (j < 0) j = literal(b, i, 'false');
  if (j < 0) throw IRREGULAR;
  return j;
}

/** Past any JSON value, validated (nested objects and arrays included). */
function skipValue(b: Uint8Array, i: number, depth: number): number {
  if (depth > 64) throw IRREGULAR;
  const c = b[i];
  if (c === LBRACE) {
    i = ws(b, i + 1);
    if (b[i] === RBRACE) return i + 1;
    for (;;) {
      i = ws(b, skipString(b, ws(b, i)));
      i = ws(b, expect(b, i, COLON));
      i = ws(b, skipValue(b, i, depth + 1));
      if (b[i] === COMMA) {
        i++;
        continue;
      }
      return expect(b, i, RBRACE);
    }
  }
  if (c === LBRACKET) {
    i = ws(b, i + 1);
    if (b[i] === RBRACKET) return i + 1;
    for (;;) {
      i = ws(b, skipValue(b, ws(b, i), depth + 1));
      if (b[i] === COMMA) {
        i++;
        continue;
      }
      return expect(b, i, RBRACKET);
    }
  }
  return skipScalar(b, i);
}

function digitAt(b: Uint8Array, i: number): number {
  const c = b[i]! - 0x30;
  if (c < 0 || c > 9) throw IRREGULAR;
  return c;
}

/** The `"YYYY-MM-DD"` string at i (12 bytes) of a date that exists, as days; anything else is irregular. */
function readDate(b: Uint8Array, i: number): number {
  if (b[i] !== QUOTE || b[i + 11] !== QUOTE || b[i + 5] !== MINUS || b[i + 8] !== MINUS) throw IRREGULAR;
  const y = digitAt(b, i + 1) * 1000 + digitAt(b, i + 2) * 100 + digitAt(b, i + 3) * 10 + digitAt(b, i + 4);
  const m = digitAt(b, i + 6) * 10 + digitAt(b, i + 7);
  const d = digitAt(b, i + 9) * 10 + digitAt(b, i + 10);
  // A day past the month's end would go through Date.parse differently in the reference: irregular.
  if (y < 1000 || m < 1 || m > 12 || d < 1 || d > (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : DAYS_IN_MONTH[m]!)) throw IRREGULAR;
  const days = daysFromCivil(y, m, d);
  return days;
}

/** End of the plain string (no escapes, ASCII, no control characters) at i, or irregular. */
function plainStringEnd(b: Uint8Array, i: number): number {
  if (b[i] !== QUOTE) throw IRREGULAR;
  const n = b.length;
  for (let k = i + 1; k < n; k++) {
    const c = b[k]!;
    if (c === QUOTE) return k + 1;
    if (c < 0x20 || c >= 0x80 || c === BACKSLASH) throw IRREGULAR;
  }
  throw IRREGULAR;
}

function accessionAt(b: Uint8Array, i: number): void {
  // \d{10}-\d{2}-\d{6}
  if (b[i] !== QUOTE || b[i + 21] !== QUOTE || b[i + 11] !== MINUS || b[i + 14] !== MINUS) throw IRREGULAR;
  for (let k = 1; k <= 20; k++) if (k !== 11 && k !== 14 && !isDigit(b[i + k]!)) throw IRREGULAR;
}

// Fact fields by the key's length and first bytes (the keys the SEC writes).
const F_OTHER = 0;
const F_END = 1;
const F_VAL = 2;
const F_ACCN = 3;
const F_FY = 4;
const F_FP = 5;
const F_FORM = 6;
const F_FILED = 7;
const F_FRAME = 8;
const F_START = 9;

/** The field of the key string at i (0 = another key). */
function fieldOf(b: Uint8Array, i: number): number {
  const a = b[i + 1];
  const c = b[i + 2];
  if (b[i + 3] === QUOTE) {
    if (a === 0x66 && c === 0x79) return F_FY; // fy
    if (a === 0x66 && c === 0x70) return F_FP; // fp
    return F_OTHER;
  }
  if (b[i + 4] === QUOTE) {
    if (a === 0x65 && c === 0x6e && b[i + 3] === 0x64) return F_END; // end
    if (a === 0x76 && c === 0x61 && b[i + 3] === 0x6c) return F_VAL; // val
    return F_OTHER;
  }
  if (b[i + 5] === QUOTE) {
    if (a === 0x61 && c === 0x63 && b[i + 3] === 0x63 && b[i + 4] === 0x6e) return F_ACCN; // accn
    if (a === 0x66 && c === 0x6f && b[i + 3] === 0x72 && b[i + 4] === 0x6d) return F_FORM; // form
    return F_OTHER;
  }
  if (b[i + 6] === QUOTE) {
    if (a === 0x66 && c === 0x69 && b[i + 3] === 0x6c && b[i + 4] === 0x65 && b[i + 5] === 0x64) return F_FILED; // filed
    if (a === 0x66 && c === 0x72 && b[i + 3] === 0x61 && b[i + 4] === 0x6d && b[i + 5] === 0x65) return F_FRAME; // frame
    if (a === 0x73 && c === 0x74 && b[i + 3] === 0x61 && b[i + 4] === 0x72 && b[i + 5] === 0x74) return F_START; // start
  }
  return F_OTHER;
}

const KEY_LENGTH = [0, 5, 5, 6, 4, 4, 6, 7, 7, 7];

/** Latest `filed` (days) of the current document. */
let newestFiled = NULL_INT;

/** The unit's list of facts at i into `out`; returns the position after it. */
function scanFacts(b: Uint8Array, i: number, out: FactColumns, key: number): number {
  const strings = out.strings;
  i = ws(b, expect(b, i, LBRACKET));
  if (b[i] === RBRACKET) return i + 1;
  for (;;) {
    i = ws(b, expect(b, ws(b, i), LBRACE));
    let start = NULL_INT;
    let end = NULL_INT;
    let value = 0;
    let hasValue = false;
    let accession = NULL_INT;
    let fy = NULL_INT;
    let fp = NULL_INT;
    let form = NULL_INT;
    let filed = NULL_INT;
    let frame = NULL_INT;
    if (b[i] === RBRACE) i++;
    else {
      for (;;) {
        i = ws(b, i);
        if (b[i] !== QUOTE) throw IRREGULAR;
        const field = fieldOf(b, i);
        if (field === F_OTHER) {
          i = skipString(b, i);
          // An escaped key could spell a field's name.
          if (escaped) throw IRREGULAR;
        } else i += KEY_LENGTH[field]!;
        i = ws(b, expect(b, ws(b, i), COLON));
        const c = b[i]!;
        switch (field) {
          case F_END:
            end = readDate(b, i);
            i += 12;
            break;
          case F_VAL:
            if (c !== MINUS && !isDigit(c)) throw IRREGULAR;
            i = readNumber(b, i);
            value = numberValue;
            if (!Number.isFinite(value)) throw IRREGULAR;
            hasValue = true;
            break;
          case F_ACCN:
            accessionAt(b, i);
            accession = strings.idOfBytes(b, i + 1, i + 21);
            i += 22;
            break;
          case F_FY:
            // toFact: an integer number, else null (a string, a fraction, null).
            if (c === MINUS || isDigit(c)) {
              i = readNumber(b, i);
              const v = numberValue;
              if (Number.isInteger(v)) {
                if (v <= NULL_INT || v > 2147483647) throw IRREGULAR;
                fy = v;
              } else fy = NULL_INT;
            } else {
              i = skipScalar(b, i);
              fy = NULL_INT;
            }
            break;
          case F_FP:
          case F_FRAME: {
            // toFact: a non-empty string, else null.
            let id = NULL_INT;
            if (c === QUOTE) {
              const to = plainStringEnd(b, i);
              if (to - i > 2) id = strings.idOfBytes(b, i + 1, to - 1);
              i = to;
            } else i = skipScalar(b, i);
            if (field === F_FP) fp = id;
            else frame = id;
            break;
          }
          case F_FORM: {
            const to = plainStringEnd(b, i);
            if (to - i <= 2) throw IRREGULAR;
            form = strings.idOfBytes(b, i + 1, to - 1);
            i = to;
            break;
          }
          case F_FILED:
            filed = readDate(b, i);
            i += 12;
            break;
          case F_START: {
            const j = literal(b, i, 'null');
            if (j >= 0) {
              start = NULL_INT;
              i = j;
            } else {
              start = readDate(b, i);
              i += 12;
            }
            break;
          }
          default:
            i = skipValue(b, i, 0);
        }
        i = ws(b, i);
        if (b[i] === COMMA) {
          i++;
          continue;
        }
        i = expect(b, i, RBRACE);
        break;
      }
    }
    if (end === NULL_INT || !hasValue || accession === NULL_INT || form === NULL_INT || filed === NULL_INT) throw IRREGULAR;
    const r = out.push();
    out.key[r] = key;
    out.start[r] = start;
    out.end[r] = end;
    out.value[r] = value;
    out.accession[r] = accession;
    out.fy[r] = fy;
    out.fp[r] = fp;
    out.form[r] = form;
    out.filed[r] = filed;
    out.frame[r] = frame;
    if (filed > newestFiled) newestFiled = filed;
    i = ws(b, i);
    if (b[i] === COMMA) {
      i++;
      continue;
    }
    return expect(b, i, RBRACKET);
  }
}

const INDEX_KEY = /^(?:0|[1-9]\d{0,9})$/;

/** A concept's object at i: `units` read, every other member validated and ignored. */
function scanConcept(b: Uint8Array, i: number, out: FactColumns, taxonomy: string, concept: string): number {
  i = ws(b, expect(b, i, LBRACE));
  if (b[i] === RBRACE) return i + 1;
  let sawUnits = false;
  for (;;) {
    i = ws(b, readString(b, ws(b, i)));
    i = ws(b, expect(b, i, COLON));
    if (stringValue === 'units') {
      // A second "units" would replace the first under JSON.parse.
      if (sawUnits) throw IRREGULAR;
      sawUnits = true;
      i = ws(b, expect(b, i, LBRACE));
      if (b[i] === RBRACE) i++;
      else {
        const seen = new Set<string>();
        for (;;) {
          i = ws(b, readString(b, ws(b, i)));
          const unit = stringValue;
          // Object.entries puts array-index keys first, and a repeated key keeps its first place.
          if (seen.has(unit) || INDEX_KEY.test(unit)) throw IRREGULAR;
          seen.add(unit);
          i = ws(b, expect(b, i, COLON));
          i = ws(b, scanFacts(b, i, out, out.keyId(taxonomy, concept, unit)));
          if (b[i] === COMMA) {
            i++;
            continue;
          }
          i = expect(b, i, RBRACE);
          break;
        }
      }
    } else i = skipValue(b, i, 0);
    i = ws(b, i);
    if (b[i] === COMMA) {
      i++;
      continue;
    }
    return expect(b, i, RBRACE);
  }
}

/**
 * Scans one document into `out`. Returns what it added, or null when the document is not of the
 * plain shape (nothing is left in `out` then); the caller falls back to `factColumnsOf`.
 */
export function scanCompanyFacts(bytes: Uint8Array, out: FactColumns): ScannedDocument | null {
  const first = out.n;
  try {
    return scan(bytes, out, first);
  } catch {
    // Irregular, or a cik cikOf refuses: the reference parser says what, in its own words.
    out.truncate(first);
    return null;
  }
}

function scan(b: Uint8Array, out: FactColumns, first: number): ScannedDocument {
  let cik: number | null = null;
  let entityName: string | null = null;
  let sawFacts = false;
  let concepts = 0;
  newestFiled = NULL_INT;
  let i = ws(b, b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0);
  i = ws(b, expect(b, i, LBRACE));
  if (b[i] !== RBRACE) {
    for (;;) {
      i = ws(b, readString(b, ws(b, i)));
      const key = stringValue;
      i = ws(b, expect(b, i, COLON));
      const from = i;
      if (key === 'cik' || key === 'entityName') {
        i = skipValue(b, i, 0);
        const v = JSON.parse(decoder.decode(b.subarray(from, i))) as unknown;
        if (key === 'cik') cik = cikOf(v);
        else entityName = nameOf(v);
      } else if (key === 'facts') {
        sawFacts = true;
        i = ws(b, expect(b, i, LBRACE));
        if (b[i] === RBRACE) i++;
        else {
          for (;;) {
            i = ws(b, readString(b, ws(b, i)));
            const taxonomy = stringValue;
            i = ws(b, expect(b, i, COLON));
            i = ws(b, expect(b, i, LBRACE));
            if (b[i] === RBRACE) i++;
            else {
              for (;;) {
                i = ws(b, readString(b, ws(b, i)));
                const concept = stringValue;
                i = ws(b, expect(b, i, COLON));
                concepts++;
                i = ws(b, scanConcept(b, i, out, taxonomy, concept));
                if (b[i] === COMMA) {
                  i++;
                  continue;
                }
                i = expect(b, i, RBRACE);
                break;
              }
            }
            i = ws(b, i);
            if (b[i] === COMMA) {
              i++;
              continue;
            }
            i = expect(b, i, RBRACE);
            break;
          }
        }
      } else i = skipValue(b, i, 0);
      i = ws(b, i);
      if (b[i] === COMMA) {
        i++;
        continue;
      }
      i = expect(b, i, RBRACE);
      break;
    }
  } else i++;
  i = ws(b, i);
  if (i !== b.length || cik === null || !sawFacts) throw IRREGULAR;
  out.cik.fill(cik, first, out.n);
  return { cik, entityName: entityName ?? '', concepts, from: first, to: out.n, newest: newestFiled === NULL_INT ? undefined : dayText(newestFiled) };
}

function cikOf(value: unknown): number {
  const n = cikNumber(value);
  if (n === null) throw IRREGULAR;
  return n;
}

/**
 * The reference parser's records of a document into `out` (the irregular documents' path). A
 * document `indexCompanyFacts` refuses throws its QuarantineError here; a fact `toFact` refuses
 * (the reference finds those while loading) comes back as `invalid`, for the load to throw.
 */
export function factColumnsOf(bytes: Uint8Array, out: FactColumns): ScannedDocument & { invalid?: Error } {
  const index = indexCompanyFacts(bytes);
  const first = out.n;
  let newest: string | undefined;
  try {
    for (const batch of factBatches(index)) for (const f of batch) {
      addRecord(out, f);
      if (!newest || f.filed > newest) newest = f.filed;
    }
  } catch (err) {
    out.truncate(first);
    return { cik: index.cik, entityName: index.entityName, concepts: index.concepts.length, from: first, to: first, newest: undefined, invalid: err as Error };
  }
  return { cik: index.cik, entityName: index.entityName, concepts: index.concepts.length, from: first, to: out.n, newest };
}

function addRecord(out: FactColumns, f: FactRecord): void {
  const r = out.push();
  const date = (s: string): number => {
    const d = dayOf(s);
    // A date Date.parse cannot read would have failed the reference's load: refuse it the same way.
    if (!Number.isFinite(d)) throw new Error(`invalid date value: ${s}`);
    return d;
  };
  out.cik[r] = f.cik;
  out.key[r] = out.keyId(f.taxonomy, f.concept, f.unit);
  out.start[r] = f.start === null ? NULL_INT : date(f.start);
  out.end[r] = date(f.end);
  out.value[r] = f.value;
  out.accession[r] = out.strings.id(f.accession);
  // NULL_INT is the one INTEGER a fiscal year cannot be here (the reference would store -2^31).
  if (f.fy !== null && (f.fy <= NULL_INT || f.fy > 2147483647)) throw new Error(`number out of int32 range: fy ${f.fy}`);
  out.fy[r] = f.fy === null ? NULL_INT : f.fy;
  out.fp[r] = f.fp === null ? NULL_INT : out.strings.id(f.fp);
  out.form[r] = out.strings.id(f.form);
  out.filed[r] = date(f.filed);
  out.frame[r] = f.frame === null ? NULL_INT : out.strings.id(f.frame);
}

/** One companyfacts document in its own columns: the scan, or the reference parser for an irregular document. */
export function parseCompanyFactsColumns(bytes: Uint8Array): { columns: FactColumns; doc: ScannedDocument & { invalid?: Error } } {
  // The SEC's documents hold a fact per ~160 bytes.
  const columns = new FactColumns(undefined, Math.ceil(bytes.length / 128));
  return { columns, doc: scanCompanyFacts(bytes, columns) ?? factColumnsOf(bytes, columns) };
}

/** `parseCompanyFactsColumns` in a parse worker (pipelines/parse-pool.ts): the columns' buffers move to the runner's thread. */
export function parseCompanyFactsForTransfer(bytes: Uint8Array): { value: { columns: FactColumnsData; doc: ScannedDocument & { invalid?: Error } }; transfer: ArrayBuffer[] } {
  const { columns, doc } = parseCompanyFactsColumns(bytes);
  const { data, transfer } = columns.data();
  return { value: { columns: data, doc }, transfer };
}

/** The runner's side of `parseCompanyFactsForTransfer`. */
export function reviveCompanyFacts(value: unknown): { columns: FactColumns; doc: ScannedDocument & { invalid?: Error } } {
  const v = value as { columns: FactColumnsData; doc: ScannedDocument & { invalid?: Error } };
  return { columns: FactColumns.of(v.columns), doc: v.doc };
}
