/** Filings lists and company profiles from the SEC submissions JSON (filings job). */
import type { Db } from '../db.ts';
import { callerKeyedTicker, memoized, seedPerTicker, tickerFilter } from '../serving.ts';

export interface FilingSummary {
  form: string;
  filed: string;
  accession: string;
  reportDate: string | null;
  primaryDocument: string | null;
}

/**
 * The `limit` most recent filings of the company listed under `ticker` (newest first; ties by
 * acceptance time, then accession), as used by `/api/data`'s `filings` field. Empty when the
 * ticker is unknown or has no filings loaded.
 *
 * @example
 * await recentFilings(db, 'AAPL', 10); // [{ form: '10-K', filed: '2024-11-01', ... }, ...]
 */
export async function recentFilings(db: Db, ticker: string, limit: number): Promise<FilingSummary[]> {
  const rows = await memoized(db, filingsKey(ticker.toUpperCase(), limit), () => db.all<FilingSummary>(filingsSql(false, limit), [ticker.toUpperCase()]), {
    callerKeyed: callerKeyedTicker(db, ticker),
  });
  return rows.map((r) => ({ ...r }));
}

/** The newest `limit` filings of the company listed under ticker $1 (`many`: under each ticker of the list $1, for `seedPerTicker`). */
function filingsSql(many: boolean, limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`a count of filings, not ${limit}`);
  const f = tickerFilter('c.ticker', many);
  const order = 'f.filing_date DESC, f.acceptance_time DESC NULLS LAST, f.accession DESC';
  return `SELECT f.form, strftime(f.filing_date, '%Y-%m-%d') AS filed, f.accession,
            strftime(f.report_date, '%Y-%m-%d') AS "reportDate", f.primary_document AS "primaryDocument"${f.select}
          FROM filings f JOIN companies c ON c.cik = f.cik WHERE ${f.where}
          ${many ? `QUALIFY row_number() OVER (PARTITION BY c.ticker ORDER BY ${order}) <= ${limit} ORDER BY c.ticker, ${order}` : `ORDER BY ${order} LIMIT ${limit}`}`;
}
const filingsKey = (ticker: string, limit: number): string => `filings:${ticker}:${limit}`;

/** `recentFilings` of many listed tickers (upper case) in one query, kept as it keeps them. */
export function seedRecentFilings(db: Db, tickers: string[], limit: number): Promise<void> {
  return seedPerTicker(db, tickers, (t) => filingsKey(t, limit), filingsSql(true, limit));
}

export interface CompanyProfile {
  name: string;
  cik: number;
  sector: string | null;
  industry: string | null;
  sicCode: string | null;
  sicDescription: string | null;
  exchange: string | null;
  /** MMDD, as the SEC gives it. */
  fiscalYearEnd: string | null;
  stateOfIncorporation: string | null;
  formerNames: { name: string; from: string | null; to: string | null }[];
}

/**
 * The profile of the company listed under `ticker`: submissions header fields (SIC -> sector and
 * industry, fiscal year end, state, former names) over the company list (name, exchange). Null
 * when the ticker is unknown; profile fields are null when the submissions document is not loaded.
 */
export async function companyProfile(db: Db, ticker: string): Promise<CompanyProfile | null> {
  const rows = await memoized(
    db,
    profileKey(ticker.toUpperCase()),
    () => db.all<Omit<CompanyProfile, 'formerNames'> & { formerNames: string | null }>(profileSql(false), [ticker.toUpperCase()]),
    { callerKeyed: callerKeyedTicker(db, ticker) },
  );
  const r = rows[0];
  if (!r) return null;
  return { ...r, formerNames: r.formerNames ? (JSON.parse(r.formerNames) as CompanyProfile['formerNames']) : [] };
}

/** The profile row of ticker $1 (`many`: of each ticker of the list $1, for `seedPerTicker`). */
function profileSql(many: boolean): string {
  const f = tickerFilter('c.ticker', many);
  return `SELECT coalesce(p.name, c.name) AS name, c.cik, p.sector, p.industry, p.sic_code AS "sicCode", p.sic_description AS "sicDescription",
            c.exchange, p.fiscal_year_end AS "fiscalYearEnd", p.state_of_incorporation AS "stateOfIncorporation", p.former_names AS "formerNames"${f.select}
          FROM companies c LEFT JOIN company_profiles p ON p.cik = c.cik WHERE ${f.where}`;
}
/** The memo key of `ticker`'s profile rows (upper case). */
export const profileKey = (ticker: string): string => `profile:${ticker}`;

/** `companyProfile`'s rows of many listed tickers (upper case) in one query, kept as it keeps them. */
export function seedProfiles(db: Db, tickers: string[]): Promise<void> {
  return seedPerTicker(db, tickers, profileKey, profileSql(true));
}

/** Sector per CIK for many companies at once (screener); companies without a profile are left out. */
export async function sectors(db: Db): Promise<{ cik: number; sector: string | null; industry: string | null }[]> {
  return db.all(`SELECT cik, sector, industry FROM company_profiles`);
}
