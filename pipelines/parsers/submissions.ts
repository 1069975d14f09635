/**
 * SEC submissions JSON (`data.sec.gov/submissions/CIK##########.json`): a company header (name,
 * SIC, fiscal year end, state, former names, tickers, exchanges) and `filings.recent`, columnar
 * arrays of the latest filings, plus `filings.files[]` naming older pages
 * (`CIK##########-submissions-001.json`), which are the same columnar arrays with no header.
 *
 * Quirks (shared/data/QUIRKS.md): `cik` is a zero-padded string; individuals have `entityType:
 * "other"` and an empty SIC. `acceptanceDateTime` ends in `Z`, but a document's clock is either
 * UTC or US Eastern, and nothing in it says which: QUIRKS.md has Eastern, which holds for the Apple
 * and NVIDIA copies recorded in January 2025, while Tesla's says `2025-01-09T00:00:05.000Z` for the
 * filing whose own header (0000950170-25-003585.txt) has `ACCEPTANCE-DATETIME` 20250108190005,
 * Eastern, and Tesla's and Elon Musk's documents give 114 shared filings times exactly 4 or 5
 * hours apart. Read as Eastern, a UTC document's evening filings fall outside the hours EDGAR
 * accepts filings (06:00-22:00 Eastern), and read as UTC, an Eastern document's morning ones do:
 * each document (a page of filings) is read the way that leaves fewer of its times outside them
 * (`acceptanceClock`). Kept as the Eastern wall clock either way.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { cikNumber, isCalendarDate } from './values.ts';

export interface FilingRecord {
  accession: string;
  form: string;
  filingDate: string;
  /** `YYYY-MM-DD HH:MM:SS`, US Eastern wall clock. */
  acceptanceTime: string | null;
  reportDate: string | null;
  primaryDocument: string | null;
  primaryDocDescription: string | null;
  items: string | null;
  act: string | null;
  fileNumber: string | null;
  filmNumber: string | null;
  size: number | null;
  isXbrl: boolean | null;
  isInlineXbrl: boolean | null;
}

export interface FormerName {
  name: string;
  from: string | null;
  to: string | null;
}

export interface CompanyProfileRecord {
  cik: number;
  name: string;
  entityType: string | null;
  sicCode: string | null;
  sicDescription: string | null;
  sector: string | null;
  industry: string | null;
  /** MMDD */
  fiscalYearEnd: string | null;
  stateOfIncorporation: string | null;
  category: string | null;
  ein: string | null;
  tickers: string[];
  /** Parallel to `tickers` (the exchange of `tickers[i]`); null where the SEC lists none (OTC-less, delisted). */
  exchanges: (string | null)[];
  formerNames: FormerName[];
}

export interface SubmissionsDocument {
  profile: CompanyProfileRecord;
  filings: FilingRecord[];
  /** Older-filings pages to fetch (`data.sec.gov/submissions/<name>`). */
  pages: string[];
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

/**
 * The filer category as text: the SEC joins several with an HTML line break
 * (`"Non-accelerated filer<br>Smaller reporting company"`, or `"<br>Emerging growth company"` with
 * the first left empty); they are joined with "; " here.
 */
function filerCategory(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  const parts = s.split(/<br\s*\/?>/i).map((p) => p.trim()).filter((p) => p !== '');
  return parts.length ? parts.join('; ') : null;
}

function cikOf(value: unknown): number {
  const n = cikNumber(value);
  if (n === null) throw new QuarantineError(`submissions: invalid cik ${JSON.stringify(value)}`);
  return n;
}

function isoDate(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  const d = s.slice(0, 10);
  return isCalendarDate(d) ? d : null;
}

/**
 * `2024-11-01T06:01:36.000Z` -> `2024-11-01 06:01:36`, the clock as written (its zone aside).
 * Midnight exactly is EDGAR's filler where no acceptance time was kept (the 1996-2002 filings of an
 * older page: 56 on CIK0001009672-submissions-001.json): none, not a time. Counted as a time, each
 * filler was a vote for UTC (midnight is outside EDGAR's hours read as Eastern) that tipped that
 * page to UTC against its 149 real times, moving them 5 hours earlier and the fillers to 19:00 the
 * day before their filing date (an outside pass on the corpus found it). A real acceptance at 19:00
 * or 20:00 Eastern sharp in a UTC-written document reads as no time too: none rather than a wrong one.
 */
function acceptance(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(s);
  // Not a time (month 13, 30 February, hour 24): none rather than a wrong one. `Date.parse` rolls
  // 2024-02-30 over to 1 March, so the time must read back as written.
  if (!m || m[2] === '00:00:00') return null;
  const ms = Date.parse(`${m[1]}T${m[2]}Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === `${m[1]}T${m[2]}` ? `${m[1]} ${m[2]}` : null;
}

const EASTERN = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Eastern's offset from UTC (ms, negative) by UTC hour `YYYY-MM-DD HH`: asking Intl costs ~16 µs a call. */
const easternOffsets = new Map<string, number>();

function easternOffsetMs(utcMs: number, hourKey: string): number {
  let offset = easternOffsets.get(hourKey);
  if (offset === undefined) {
    const p = Object.fromEntries(EASTERN.formatToParts(new Date(utcMs)).map((x) => [x.type, Number(x.value)]));
    offset = Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second) - Math.floor(utcMs / 1000) * 1000;
    if (easternOffsets.size >= 200_000) easternOffsets.clear();
    easternOffsets.set(hourKey, offset);
  }
  return offset;
}

/** `YYYY-MM-DD HH:MM:SS` read as UTC -> the same instant on the US Eastern wall clock. */
export function utcToEastern(clock: string): string {
  const utcMs = Date.parse(`${clock.replace(' ', 'T')}Z`);
  const local = new Date(utcMs + easternOffsetMs(utcMs, clock.slice(0, 13))).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

/**
 * Whether an Eastern wall clock is outside the hours EDGAR accepts filings (06:00-22:00; a quarter
 * of an hour's grace after, as a few filings were accepted at 22:05).
 */
function outsideEdgarHours(eastern: string): boolean {
  const minutes = Number(eastern.slice(11, 13)) * 60 + Number(eastern.slice(14, 16));
  return minutes < 6 * 60 || minutes >= 22 * 60 + 15;
}

/**
 * How a document writes its acceptance times (`clocks`, as written): 'utc' when reading them as UTC
 * leaves fewer outside EDGAR's hours than reading them as Eastern, else 'eastern'. A tie (every time
 * fits either way, or a document too small to tell) is read as UTC, as its `Z` says.
 */
export function acceptanceClock(clocks: readonly (string | null)[]): 'utc' | 'eastern' {
  let asEastern = 0;
  let asUtc = 0;
  for (const c of clocks) {
    if (c === null) continue;
    if (outsideEdgarHours(c)) asEastern++;
    if (outsideEdgarHours(utcToEastern(c))) asUtc++;
  }
  return asEastern < asUtc ? 'eastern' : 'utc';
}

function flag(v: unknown): boolean | null {
  if (v === 1 || v === true || v === '1') return true;
  if (v === 0 || v === false || v === '0') return false;
  return null;
}

/** Parses the columnar filing arrays (`filings.recent` or an older page). */
export function parseFilingColumns(cols: unknown): FilingRecord[] {
  if (typeof cols !== 'object' || cols === null) throw new QuarantineError('submissions: filings are not an object');
  const c = cols as Record<string, unknown>;
  const accn = c.accessionNumber;
  if (!Array.isArray(accn)) throw new QuarantineError('submissions: no accessionNumber array');
  const n = accn.length;
  const col = (name: string, required = false): unknown[] => {
    const v = c[name];
    if (v === undefined && !required) return [];
    if (!Array.isArray(v) || v.length !== n) throw new QuarantineError(`submissions: column ${name} has ${Array.isArray(v) ? v.length : 'no'} values for ${n} filings`);
    return v;
  };
  const [filingDate, form] = [col('filingDate', true), col('form', true)];
  const [reportDate, acceptanceDateTime, act, fileNumber, filmNumber, items, size, isXBRL, isInlineXBRL, primaryDocument, primaryDocDescription] = [
    col('reportDate'),
    col('acceptanceDateTime'),
    col('act'),
    col('fileNumber'),
    col('filmNumber'),
    col('items'),
    col('size'),
    col('isXBRL'),
    col('isInlineXBRL'),
    col('primaryDocument'),
    col('primaryDocDescription'),
  ];
  const clocks = Array.from({ length: n }, (_, i) => acceptance(acceptanceDateTime[i]));
  const utc = acceptanceClock(clocks) === 'utc';
  const out: FilingRecord[] = [];
  for (let i = 0; i < n; i++) {
    const accession = str(accn[i]);
    if (!accession || !/^\d{10}-\d{2}-\d{6}$/.test(accession)) throw new QuarantineError(`submissions: invalid accession number ${JSON.stringify(accn[i])}`);
    const filed = isoDate(filingDate[i]);
    if (!filed) throw new QuarantineError(`submissions: ${accession}: invalid filingDate ${JSON.stringify(filingDate[i])}`);
    const f = str(form[i]);
    if (!f) throw new QuarantineError(`submissions: ${accession}: missing form`);
    const sz = size[i];
    out.push({
      accession,
      form: f,
      filingDate: filed,
      acceptanceTime: clocks[i] !== null && utc ? utcToEastern(clocks[i]!) : (clocks[i] ?? null),
      reportDate: isoDate(reportDate[i]),
      primaryDocument: str(primaryDocument[i]),
      primaryDocDescription: str(primaryDocDescription[i]),
      items: str(items[i]),
      act: str(act[i]),
      fileNumber: str(fileNumber[i]),
      filmNumber: str(filmNumber[i]),
      size: typeof sz === 'number' && Number.isFinite(sz) ? sz : null,
      isXbrl: flag(isXBRL[i]),
      isInlineXbrl: flag(isInlineXBRL[i]),
    });
  }
  return out;
}

/**
 * Sector from the SIC code, GICS-like names. SIC has no sectors of its own; ranges follow the SEC's
 * SIC divisions, split where a division mixes sectors (manufacturing, services). The SEC's codes
 * that say what a registrant is rather than what it does have none: 8880 American depositary
 * receipts (the sector is the foreign issuer's), 8888 foreign governments, 9995 non-operating
 * establishments.
 */
export function sicSector(sic: string | null): string | null {
  if (!sic || !/^\d{3,4}$/.test(sic)) return null;
  const n = Number(sic);
  if (n === 8880 || n === 8888 || n === 9995) return null;
  const within = (a: number, b: number): boolean => n >= a && n <= b;
  if (within(1300, 1399) || within(2900, 2999) || n === 4610 || n === 4922 || n === 4923) return 'Energy';
  if (within(4900, 4999)) return 'Utilities';
  if (within(6500, 6553) || n === 6798) return 'Real Estate';
  if (within(6000, 6799)) return 'Financials';
  if (within(2830, 2836) || within(3840, 3851) || within(8000, 8099) || n === 8731 || n === 5047 || n === 5122) return 'Health Care';
  if (within(3570, 3579) || within(3600, 3699) || within(3810, 3829) || within(7370, 7379) || n === 3861) return 'Information Technology';
  if (within(4800, 4899) || within(2700, 2799) || within(7810, 7841)) return 'Communication Services';
  if (within(2000, 2199) || within(5400, 5499) || within(2840, 2844) || n === 5141 || n === 5912) return 'Consumer Staples';
  if (within(3711, 3716) || within(5200, 5999) || within(2200, 2399) || within(2500, 2599) || within(3940, 3949) || within(7000, 7099) || within(5800, 5813) || within(7900, 7999)) {
    return 'Consumer Discretionary';
  }
  if (within(100, 999) || within(1000, 1299) || within(1400, 1499) || within(2400, 2499) || within(2600, 2699) || within(2800, 2899) || within(3200, 3399)) return 'Materials';
  if (within(1500, 1799) || within(3400, 3569) || within(3580, 3599) || within(3700, 3799) || within(4000, 4799) || within(5000, 5199) || within(7300, 7369) || within(8700, 8799)) {
    return 'Industrials';
  }
  if (within(7380, 8999)) return 'Industrials';
  if (within(9100, 9999)) return 'Public Administration';
  return null;
}

/** Industry: the SIC description in title case ("ELECTRONIC COMPUTERS" -> "Electronic Computers"). */
export function sicIndustry(description: string | null): string | null {
  if (!description) return null;
  return description
    .toLowerCase()
    .replace(/\b([a-z])/g, (m) => m.toUpperCase())
    .replace(/\b(And|Of|For|In|Or|The|Nec)\b/g, (w) => (w === 'Nec' ? 'NEC' : w.toLowerCase()));
}

/** Parses a company's main submissions document. */
export function parseSubmissions(json: unknown): SubmissionsDocument {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new QuarantineError('submissions: not a JSON object');
  const d = json as Record<string, unknown>;
  if (!('filings' in d)) {
    throw new QuarantineError(Array.isArray(d.accessionNumber) ? 'submissions: this is an older-filings page, not a company document' : 'submissions: no "filings"');
  }
  const cik = cikOf(d.cik);
  const name = str(d.name);
  if (!name) throw new QuarantineError('submissions: no company name');
  const filings = d.filings as Record<string, unknown> | null;
  if (typeof filings !== 'object' || filings === null) throw new QuarantineError('submissions: "filings" is not an object');
  const recent = parseFilingColumns(filings.recent ?? { accessionNumber: [], filingDate: [], form: [] });
  const files = Array.isArray(filings.files) ? filings.files : [];
  const pages = files.map((f) => {
    const n = str((f as Record<string, unknown> | null)?.name);
    if (!n || !/^[A-Za-z0-9._-]+\.json$/.test(n)) throw new QuarantineError(`submissions: invalid older-filings page name ${JSON.stringify(f)}`);
    return n;
  });
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap((x) => (typeof x === 'string' && x.trim() ? [x.trim()] : [])) : []);
  // `tickers` and `exchanges` are parallel arrays, and an exchange can be null: filtering each on
  // its own would pair a ticker with the next one's exchange.
  const listed = Array.isArray(d.tickers) && Array.isArray(d.exchanges) && d.tickers.length === d.exchanges.length
    ? d.tickers.flatMap((t, i) => (str(t) ? [{ ticker: str(t)!, exchange: str((d.exchanges as unknown[])[i]) }] : []))
    : null;
  const formerNames = Array.isArray(d.formerNames)
    ? d.formerNames.flatMap((f) => {
        const r = f as Record<string, unknown>;
        const n = str(r?.name);
        return n ? [{ name: n, from: isoDate(r.from), to: isoDate(r.to) }] : [];
      })
    : [];
  const sicCode = str(d.sic);
  const sicDescription = str(d.sicDescription);
  const fye = str(d.fiscalYearEnd);
  return {
    profile: {
      cik,
      name,
      entityType: str(d.entityType),
      sicCode,
      sicDescription,
      sector: sicSector(sicCode),
      industry: sicIndustry(sicDescription),
      fiscalYearEnd: fye && /^\d{4}$/.test(fye) ? fye : null,
      stateOfIncorporation: str(d.stateOfIncorporation),
      category: filerCategory(d.category),
      ein: str(d.ein),
      tickers: listed ? listed.map((l) => l.ticker) : list(d.tickers),
      exchanges: listed ? listed.map((l) => l.exchange) : list(d.exchanges),
      formerNames,
    },
    filings: recent,
    pages,
  };
}

/** Parses an older-filings page (no header). */
export function parseSubmissionsPage(json: unknown): FilingRecord[] {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new QuarantineError('submissions page: not a JSON object');
  return parseFilingColumns(json);
}
