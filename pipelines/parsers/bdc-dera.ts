/**
 * The SEC's quarterly BDC Data Sets (DERA): tab-separated `sub.tsv` (one row per submission),
 * `num.tsv` (numeric facts, with XBRL footnotes) and `soi.tsv` (one row per schedule-of-investments
 * holding). Columns are found by header name (the SOI report is "dynamically created": fields may
 * appear or not), per `dera_bdc_metadata.json` and the readme:
 * `Industry Sector Axis`, `Investment, Identifier Axis`, `Investment, Issuer Affiliation Axis`,
 * `Investment Type Axis`, `Investment Interest Rate`, `Investment, Basis Spread, Variable Rate`,
 * `Investment Maturity Date`, `Investment Owned, Balance, Principal Amount`,
 * `Investment Owned, Cost`, `Investment Owned, Fair Value`, `Investment Owned, Net Assets, Percentage`.
 * Rates and percentages are XBRL `pure` fractions (0.0936 = 9.36 %), kept as given.
 *
 * Filings on the 2024 taxonomy may tag a holding's type, industry, affiliation and variable-rate
 * type with the extensible-enumeration elements instead of the axes (`Investment, Type [Extensible
 * Enumeration]` = `http://...#FirstLienSecurityMember`), and its coupon as `Investment, Interest
 * Rate, Paid in Cash` / `Paid in Kind` without `Investment Interest Rate`: those standard columns
 * are read when the older ones are empty (a member's name made words: "First Lien Security").
 * Values under a filer's own (custom) tags are not read: their column is the filer's label
 * ("Adjusted cost basis", "Initial fair value of Investment"), whose meaning no rule here can
 * check, so such a holding keeps a null cost or fair value rather than a guessed one.
 *
 * Each holding is normalized to borrower, instrument (first lien, second lien, unitranche,
 * subordinated, equity, other), reference rate, spread, PIK and non-accrual status, from the
 * identifier and type text (and from optional PIK / non-accrual columns or num.tsv footnotes when
 * the filing tags them).
 */
import { QuarantineError } from '../jobs/interface.ts';
import { calendarDate, cikNumber, decimal, yyyymmdd } from './values.ts';

export interface BdcSubmission {
  adsh: string;
  cik: number;
  name: string;
  form: string;
  /** Balance sheet date `YYYY-MM-DD`. */
  period: string | null;
  filed: string;
  accepted: string | null;
  fileNumber: string | null;
}

export type Instrument = 'first_lien' | 'second_lien' | 'unitranche' | 'subordinated' | 'equity' | 'other';

export interface BdcHolding {
  adsh: string;
  row: number;
  cik: number;
  period: string | null;
  filed: string;
  borrower: string;
  industry: string | null;
  identifier: string | null;
  affiliation: string | null;
  investmentType: string | null;
  instrument: Instrument;
  referenceRate: string | null;
  spread: number | null;
  pik: boolean;
  interestRate: number | null;
  maturity: string | null;
  principal: number | null;
  cost: number | null;
  fairValue: number | null;
  pctNetAssets: number | null;
  nonAccrual: boolean;
}

export interface BdcDataSet {
  submissions: BdcSubmission[];
  holdings: BdcHolding[];
}

/**
 * Splits a DERA TSV (no quoting; tabs never occur inside fields) into header-keyed rows. Every line
 * carries every column (empty ones too), so a line with more or fewer cells than the header is a
 * cut or spliced file: refused, never read with its values under the wrong columns.
 */
export function parseTsv(text: string): Record<string, string>[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.length > 0);
  if (lines.length === 0) return [];
  const header = lines[0]!.split('\t').map((h) => h.trim());
  return lines.slice(1).map((line, i) => {
    const cells = line.split('\t');
    if (cells.length !== header.length) throw new QuarantineError(`line ${i + 2} has ${cells.length} cells, the header ${header.length}`);
    const row: Record<string, string> = {};
    header.forEach((h, j) => (row[h] = cells[j]!.trim()));
    return row;
  });
}

/** `YYYYMMDD` (DERA's own), ISO or `MM/DD/YYYY` -> ISO; null when absent or not a calendar day. */
const ymd = (s: string | undefined): string | null => {
  if (!s) return null;
  if (/^\d{8}$/.test(s)) return yyyymmdd(s);
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return calendarDate(m[1]!, m[2]!, m[3]!);
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  return m ? calendarDate(m[3]!, m[1]!, m[2]!) : null;
};

/** A cell of a column the metadata declares `decimal`: null when empty, else a number or the row refused. */
const amount = (r: Record<string, string>, column: string): number | null => {
  const s = r[column];
  if (s === undefined || s === '') return null;
  const n = decimal(s, { commas: true });
  if (n === null) throw new QuarantineError(`soi.tsv row for ${r.adsh}: ${column} is not a number: ${JSON.stringify(s)}`);
  return n;
};

/** Classifies an instrument from the identifier and investment-type text. */
export function classifyInstrument(text: string): Instrument {
  const t = text.toLowerCase();
  if (/unitranche/.test(t)) return 'unitranche';
  if (/second[- ]lien|2nd[- ]lien|second[- ]out/.test(t)) return 'second_lien';
  if (/first[- ]lien|1st[- ]lien|first[- ]out|senior secured|secured (debt|loan|note)/.test(t)) return 'first_lien';
  if (/subordinat|mezzanine|junior|unsecured|\bnotes?\b|\bbonds?\b/.test(t)) return 'subordinated';
  if (/equity|common|preferred|stock|shares|\bunits?\b|warrant|partnership interest|membership|\bllc interest/.test(t)) return 'equity';
  if (/\bloan|revolv|term|delayed draw/.test(t)) return 'first_lien';
  return 'other';
}

const INSTRUMENT_WORDS =
  /(,|\s-\s|\s)\s*(secured debt|unsecured debt|member(ship)? units|preferred (equity|shares|stock|units)|series [a-z0-9]+ (preferred|units|shares|common)|first[- ]lien|1st[- ]lien|second[- ]lien|2nd[- ]lien|senior secured|senior subordinated|subordinated|unitranche|mezzanine|unsecured|junior|preferred|common (stock|equity|units|shares)|class [a-z0-9]+ (units|shares|common|preferred)|equity|warrants?|revolv|term loan|delayed draw|membership|limited partnership|partnership interest|llc interest|(senior )?notes?\b)/i;

/**
 * The borrower's name: the identifier up to the first instrument word (names contain commas),
 * without a leading schedule section (`Debt Investments`, `Equity and Other Investments`) or the
 * word `Investment` some filers put between the name and the instrument
 * (`Truck-Lite Co., LLC Investment First-lien loan`; a plural is kept: `... Credit Investments`
 * is a name). An industry heading between the section and the name (Sixth Street's `Automotive`)
 * cannot be told from the name's first word here and stays.
 */
export function borrowerOf(identifier: string): string {
  const id = identifier.replace(/^investment,? identifier( \[axis\])?:\s*/i, '').trim();
  const m = INSTRUMENT_WORDS.exec(id);
  const head = m && m.index > 0 ? id.slice(0, m.index) : id;
  const name = head
    .replace(/^(debt|equity|equity and other|other|non-controlled(\/| and )?non-affiliated|controlled|affiliated) investments\s+/i, '')
    .replace(/[\s,;:(–-]+$/, '')
    .replace(/\s+investment$/i, '')
    .trim();
  return name || id;
}

/**
 * An extensible-enumeration cell as words: `http://fasb.org/us-gaap/2024#FirstLienSecurityMember`
 * -> `First Lien Security`; several members (space-separated) joined with `; `; null when empty.
 */
export function enumerationText(cell: string | undefined): string | null {
  if (!cell) return null;
  const words = cell
    .split(/\s+/)
    .filter(Boolean)
    .map((uri) =>
      (uri.split('#').pop() ?? uri)
        .replace(/Member$/, '')
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
        .replace(/(?<=.) (And|Or|Of|The|In|For|To)(?= )/g, (w) => w.toLowerCase())
        .trim(),
    )
    .filter(Boolean);
  return words.length ? words.join('; ') : null;
}

/** Reference rates by their long names, as the taxonomy's members spell them. */
const RATE_NAMES: [RegExp, string][] = [
  [/secured overnight financing rate/i, 'SOFR'],
  [/sterling overnight index average/i, 'SONIA'],
  [/euro interbank offered rate/i, 'EURIBOR'],
  [/london interbank offered rate/i, 'LIBOR'],
  [/bloomberg short[- ]term bank yield/i, 'BSBY'],
  [/canadian dollar offered rate/i, 'CDOR'],
  [/bank bill swap rate/i, 'BBSW'],
  [/swiss average rate overnight/i, 'SARON'],
  [/tokyo overnight average rate/i, 'TONA'],
  [/canadian overnight repo rate average/i, 'CORRA'],
  [/\bprime rate\b/i, 'PRIME'],
];

/** Reference rate named in the text (SOFR, LIBOR, EURIBOR, SONIA, PRIME ...), or null. */
export function referenceRateOf(text: string): string | null {
  const m = /\b(SOFR|SONIA|EURIBOR|LIBOR|BSBY|CDOR|BBSW|SARON|TONA|STIBOR|NIBOR|CORRA|PRIME)\b/i.exec(text);
  if (m) return m[1]!.toUpperCase();
  for (const [name, rate] of RATE_NAMES) if (name.test(text)) return rate;
  if (/\bS\s*\+\s*\d/.test(text)) return 'SOFR';
  if (/\bL\s*\+\s*\d/.test(text)) return 'LIBOR';
  if (/\bE\s*\+\s*\d/.test(text)) return 'EURIBOR';
  if (/\bP\s*\+\s*\d/.test(text) || /\bbase rate\b/i.test(text)) return 'PRIME';
  return null;
}

/** The whole coupon from its cash and paid-in-kind parts (either may be absent); null without both. */
function couponOf(r: Record<string, string>): number | null {
  const cash = amount(r, 'Investment, Interest Rate, Paid in Cash');
  const pik = amount(r, 'Investment, Interest Rate, Paid in Kind');
  // Rounded past the digits a rate is given to: 0.07 + 0.035 is 0.10500000000000001 in binary.
  return cash === null && pik === null ? null : Number(((cash ?? 0) + (pik ?? 0)).toFixed(12));
}

const NON_ACCRUAL = /non[- ]?accrual/i;
/** The soi.tsv column naming each holding's investment. */
const IDENTIFIER = 'Investment, Identifier Axis';
const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

export interface BdcFiles {
  sub: string;
  soi: string;
  /** Optional: facts with XBRL footnotes (non-accrual notes attached to an investment). */
  num?: string;
}

/**
 * Parses one quarterly data set (the three files' text; the set holds BDC filings only). A holding is
 * an `soi.tsv` row of the schedule as of the filing's balance-sheet date that names its investment:
 * - a row whose `ddate` is another date is left out: a 10-Q's schedule also carries the prior
 *   year-end's comparative schedule, the same loans as of that date, already held by the filing
 *   that reported them then (kept, each loan would count twice in the filing's totals);
 * - a row without an `Investment, Identifier Axis` member is left out: the report holds every value
 *   of the schedule's tags, so these are the subtotals by industry or type, the totals, and
 *   values whose identifying axis is the filer's own (excluded from the report): forward contracts,
 *   unfunded commitments. None is one identified holding, and summed with them they double the
 *   schedule.
 */
export function parseBdcDataSet(files: BdcFiles): BdcDataSet {
  const subRows = parseTsv(files.sub);
  if (subRows.length > 0 && !('adsh' in subRows[0]!)) throw new QuarantineError('sub.tsv has no adsh column');
  const submissions: BdcSubmission[] = subRows.map((r) => {
    const filed = ymd(r.filed);
    const cik = cikNumber(r.cik);
    if (!r.adsh || !filed || cik === null) throw new QuarantineError(`sub.tsv row ${r.adsh ?? '?'} lacks adsh, cik or filed`);
    const accepted = r.accepted ? r.accepted.replace(/\.\d+$/, '') : null;
    return { adsh: r.adsh, cik, name: r.name ?? '', form: r.form ?? '', period: ymd(r.period), filed, accepted, fileNumber: r.fileNumber || null };
  });
  const byAdsh = new Map(submissions.map((s) => [s.adsh, s]));

  // Investments a footnote calls non-accrual: normalized identifier members, by accession.
  const footnoted = new Map<string, string[]>();
  if (files.num) {
    for (const r of parseTsv(files.num)) {
      if (!r.footnote || !NON_ACCRUAL.test(r.footnote)) continue;
      const m = /InvestmentIdentifierAxis=([^;]+)/.exec(r.segments ?? '');
      const member = m ? norm(m[1]!.replace(/Member$/, '').replace(/^[a-z-]+:/, '')) : '';
      if (member.length >= 6) footnoted.set(r.adsh!, [...(footnoted.get(r.adsh!) ?? []), member]);
    }
  }

  const soiRows = parseTsv(files.soi);
  if (soiRows.length > 0 && !('adsh' in soiRows[0]!)) throw new QuarantineError('soi.tsv has no adsh column');
  // Without it no row names its investment: refused, not loaded as filings without holdings.
  if (soiRows.length > 0 && !(IDENTIFIER in soiRows[0]!)) throw new QuarantineError(`soi.tsv has no '${IDENTIFIER}' column`);
  const cols = soiRows.length ? Object.keys(soiRows[0]!) : [];
  const pikCol = cols.find((c) => /paid in kind/i.test(c));
  const nonAccrualCol = cols.find((c) => /non-?accrual/i.test(c));
  const counters = new Map<string, number>();
  const holdings: BdcHolding[] = [];
  for (const r of soiRows) {
    const sub = byAdsh.get(r.adsh!);
    const filed = ymd(r.filed) ?? sub?.filed;
    if (!filed) throw new QuarantineError(`soi.tsv row for ${r.adsh} has no filing date and no sub.tsv row`);
    const period = ymd(r.period) ?? sub?.period ?? null;
    const asOf = ymd(r.ddate);
    if (asOf !== null && period !== null && asOf !== period) continue;
    const identifier = r[IDENTIFIER] || null;
    if (identifier === null) continue;
    const type = r['Investment Type Axis'] || enumerationText(r['Investment, Type [Extensible Enumeration]']);
    const affiliation = r['Investment, Issuer Affiliation Axis'] || enumerationText(r['Investment, Issuer Affiliation [Extensible Enumeration]']);
    const rateType = enumerationText(r['Investment, Variable Interest Rate, Type [Extensible Enumeration]']);
    const all = type ? `${identifier} | ${type}` : identifier;
    const row = (counters.get(r.adsh!) ?? 0) + 1;
    counters.set(r.adsh!, row);
    const spread = amount(r, 'Investment, Basis Spread, Variable Rate');
    const nonAccrual =
      NON_ACCRUAL.test(all) ||
      (nonAccrualCol ? /^(1|true|yes)$/i.test(r[nonAccrualCol] ?? '') : false) ||
      (footnoted.get(r.adsh!) ?? []).some((m) => norm(identifier).startsWith(m));
    holdings.push({
      adsh: r.adsh!,
      row,
      cik: cikNumber(r.cik) ?? sub?.cik ?? 0,
      period,
      filed,
      borrower: borrowerOf(identifier),
      industry: r['Industry Sector Axis'] || (enumerationText(r['Investment, Industry Sector [Extensible Enumeration]'])?.replace(/ Sector$/, '') ?? null),
      identifier,
      affiliation,
      investmentType: type,
      instrument: classifyInstrument(all),
      // The rate type names the reference rate only (its words, "Three Month Term ...", are no instrument).
      referenceRate: referenceRateOf(all) ?? (rateType ? referenceRateOf(rateType) : null),
      spread,
      pik: /\bPIK\b|paid[- ]in[- ]kind/i.test(all) || (pikCol ? (decimal(r[pikCol] ?? '') ?? 0) > 0 : false),
      interestRate: amount(r, 'Investment Interest Rate') ?? couponOf(r),
      maturity: ymd(r['Investment Maturity Date']),
      principal: amount(r, 'Investment Owned, Balance, Principal Amount'),
      cost: amount(r, 'Investment Owned, Cost'),
      fairValue: amount(r, 'Investment Owned, Fair Value'),
      pctNetAssets: amount(r, 'Investment Owned, Net Assets, Percentage'),
      nonAccrual,
    });
  }
  return { submissions, holdings };
}
