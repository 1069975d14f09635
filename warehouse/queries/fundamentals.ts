/**
 * Point-in-time fundamentals: the standardized statements derived by the fundamentals job
 * (`fund_periods`, `fund_statements`; see pipelines/jobs/fundamentals.ts). "As known on D" = the
 * statement version with known_from <= D < known_to, of the latest fiscal period first reported
 * on or before D. No value is ever served before its filing date.
 */
import { STANDARD_ITEM_NAMES, itemColumn, type StandardItem } from '../../schema/fundamentals.ts';
import type { Db } from '../db.ts';

export interface LatestFundamentals {
  ticker: string;
  cik: number;
  fiscalYear: number | null;
  fiscalPeriod: string | null;
  periodEnd: string | null;
  filingDate: string | null;
  accession: string | null;
  form: string | null;
  revenue: number | null;
  netIncome: number | null;
  totalAssets: number | null;
  totalLiabilities: number | null;
  stockholdersEquity: number | null;
  operatingCashFlow: number | null;
  epsBasic: number | null;
  epsDiluted: number | null;
  epsDilutedTtm: number | null;
  longTermDebt: number | null;
  sharesOutstanding: number | null;
  grossMargin: number | null;
  operatingMargin: number | null;
  netMargin: number | null;
  roa: number | null;
  roe: number | null;
  currentRatio: number | null;
  dividendsPerShare: number | null;
}

export type Fundamentals = Record<StandardItem, number | null>;

export interface Metrics {
  grossMargin: number | null;
  operatingMargin: number | null;
  netMargin: number | null;
  roa: number | null;
  roe: number | null;
  currentRatio: number | null;
}

export interface ValueSource {
  accession: string;
  form: string;
  filed: string;
  concept: string;
  derived: boolean;
}

export interface PitStatement {
  fiscalYear: number;
  fiscalPeriod: 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4';
  periodEnd: string;
  filingDate: string;
  accession: string;
  form: string;
  restated: boolean;
  fundamentals: Fundamentals;
  metrics: Metrics;
  sources: Record<string, ValueSource>;
}

/** Ratios of one statement row's own values; null (never zero) when an input is missing or a denominator is zero. */
const METRICS_SQL = (s: string, camel = false): string => {
  const as = (snake: string, camelName: string): string => (camel ? `"${camelName}"` : snake);
  return `
  coalesce(${s}.gross_profit, ${s}.revenue - ${s}.cost_of_revenue) / NULLIF(${s}.revenue, 0) AS ${as('gross_margin', 'grossMargin')},
  ${s}.operating_income / NULLIF(${s}.revenue, 0) AS ${as('operating_margin', 'operatingMargin')},
  ${s}.net_income / NULLIF(${s}.revenue, 0) AS ${as('net_margin', 'netMargin')},
  ${s}.net_income / NULLIF(${s}.total_assets, 0) AS roa,
  ${s}.net_income / NULLIF(${s}.stockholders_equity, 0) AS roe,
  ${s}.current_assets / NULLIF(${s}.current_liabilities, 0) AS ${as('current_ratio', 'currentRatio')}`;
};

const ITEM_COLUMNS = (s: string): string => STANDARD_ITEM_NAMES.map((i) => `${s}.${itemColumn(i)}`).join(', ');

/**
 * The latest fiscal period per company as known on `$asOf` (FY preferred over the Q4 of the same
 * end date), restricted to the CIKs of `tick`. Shared by the batch and single-ticker queries.
 */
const LATEST_CTE = `
  latest AS (
    SELECT p.cik, p.fiscal_year, p.fiscal_period, p.period_end, p.known_from AS period_known
    FROM fund_periods p
    WHERE p.known_from <= $asOf::DATE AND p.fiscal_period <> 'Q4' AND p.cik IN (SELECT cik FROM tick)
    QUALIFY row_number() OVER (PARTITION BY p.cik ORDER BY p.period_end DESC, p.fiscal_period = 'FY' DESC, p.known_from DESC) = 1),
  current AS (
    SELECT s.*, l.period_known FROM fund_statements s JOIN latest l USING (cik, fiscal_year, fiscal_period, period_end)
    WHERE s.known_from <= $asOf::DATE AND (s.known_to IS NULL OR s.known_to > $asOf::DATE))`;

/**
 * Point-in-time fundamentals for many tickers at once: the latest fiscal period's standardized
 * values and metrics as known on `asOf` (`YYYY-MM-DD`). `tickers` null = the whole universe.
 * One row per ticker that has data as known on `asOf` (tickers without any are left out); several
 * tickers of one company (GOOGL, GOOG) each get the company's row. `epsDilutedTtm` is the sum of
 * the four latest quarters' diluted EPS known on `asOf` (Q4 derived as FY - nine months), or, when
 * four quarters are not available, the latest fiscal year's diluted EPS; null when neither is.
 * Each value is put on the share basis of `asOf`: divided by the ticker's splits (prices'
 * `split_ratio`) that took effect after the value was filed and on or before `asOf` (NVIDIA's
 * quarter filed before its 2024 10-for-1 split made a TTM of 8.33 next to a fiscal-year 2.94).
 * One SQL statement over the materialized point-in-time tables.
 *
 * @example
 * const [aapl] = await latestFundamentals(db, ['AAPL'], '2025-01-15');
 * const universe = await latestFundamentals(db, null, '2025-01-15');
 */
export async function latestFundamentals(db: Db, tickers: string[] | null, asOf: string): Promise<LatestFundamentals[]> {
  const list = tickers === null ? null : tickers.map((t) => t.toUpperCase());
  if (list !== null && list.length === 0) return [];
  const serving = db.serving?.();
  if (serving) return serving.latestFundamentals(list, asOf);
  return db.all<LatestFundamentals>(
    `WITH tick AS (
       SELECT ticker, cik FROM companies WHERE ${list === null ? 'true' : 'list_contains($tickers, ticker)'}),
     ${LATEST_CTE},
     splits AS (
       SELECT ticker, date, split_ratio FROM prices WHERE split_ratio > 0 AND split_ratio <> 1 AND date <= $asOf::DATE),
     quarters AS (
       SELECT s.cik, s.eps_diluted, s.known_from, row_number() OVER (PARTITION BY s.cik ORDER BY s.period_end DESC) AS rn
       FROM fund_statements s JOIN latest l ON s.cik = l.cik
       WHERE s.fiscal_period IN ('Q1', 'Q2', 'Q3', 'Q4') AND s.period_end <= l.period_end AND s.period_end > l.period_end - INTERVAL 380 DAY
         AND s.known_from <= $asOf::DATE AND (s.known_to IS NULL OR s.known_to > $asOf::DATE)),
     adjusted AS (
       SELECT t.ticker, q.eps_diluted / coalesce((SELECT product(sp.split_ratio) FROM splits sp WHERE sp.ticker = t.ticker AND sp.date > q.known_from), 1) AS eps
       FROM tick t JOIN quarters q ON q.cik = t.cik WHERE q.rn <= 4),
     ttm AS (
       SELECT ticker, CASE WHEN count(*) = 4 AND count(eps) = 4 THEN round(sum(eps), 6) END AS eps FROM adjusted GROUP BY ticker),
     last_fy AS (
       SELECT t.ticker, round(s.eps_diluted / coalesce((SELECT product(sp.split_ratio) FROM splits sp WHERE sp.ticker = t.ticker AND sp.date > s.known_from), 1), 6) AS eps_diluted
       FROM tick t JOIN fund_statements s ON s.cik = t.cik JOIN latest l ON s.cik = l.cik
       WHERE s.fiscal_period = 'FY' AND s.period_end <= l.period_end
         AND s.known_from <= $asOf::DATE AND (s.known_to IS NULL OR s.known_to > $asOf::DATE)
       QUALIFY row_number() OVER (PARTITION BY t.ticker ORDER BY s.period_end DESC) = 1)
     SELECT t.ticker, c.cik, c.fiscal_year AS "fiscalYear", c.fiscal_period AS "fiscalPeriod",
       strftime(c.period_end, '%Y-%m-%d') AS "periodEnd", strftime(c.known_from, '%Y-%m-%d') AS "filingDate",
       c.accession, c.form, c.revenue, c.net_income AS "netIncome", c.total_assets AS "totalAssets",
       c.total_liabilities AS "totalLiabilities", c.stockholders_equity AS "stockholdersEquity",
       c.operating_cash_flow AS "operatingCashFlow", c.eps_basic AS "epsBasic", c.eps_diluted AS "epsDiluted",
       coalesce(ttm.eps, last_fy.eps_diluted) AS "epsDilutedTtm", c.long_term_debt AS "longTermDebt",
       c.shares_outstanding AS "sharesOutstanding",
       ${METRICS_SQL('c', true)}, c.dividends_per_share AS "dividendsPerShare"
     FROM tick t JOIN current c ON c.cik = t.cik
     LEFT JOIN ttm ON ttm.ticker = t.ticker LEFT JOIN last_fy ON last_fy.ticker = t.ticker
     ORDER BY t.ticker`,
    list === null ? { asOf } : { asOf, tickers: list },
  );
}

interface StatementRow extends Record<string, unknown> {
  fiscal_year: number;
  fiscal_period: PitStatement['fiscalPeriod'];
  period_end: string;
  known_from: string;
  accession: string;
  form: string;
  sources: string;
  restated: boolean;
  gross_margin: number | null;
  operating_margin: number | null;
  net_margin: number | null;
  roa: number | null;
  roe: number | null;
  current_ratio: number | null;
}

function toStatement(r: StatementRow): PitStatement {
  const fundamentals = {} as Fundamentals;
  for (const item of STANDARD_ITEM_NAMES) fundamentals[item] = (r[itemColumn(item)] as number | null) ?? null;
  return {
    fiscalYear: r.fiscal_year,
    fiscalPeriod: r.fiscal_period,
    periodEnd: r.period_end,
    filingDate: r.known_from,
    accession: r.accession,
    form: r.form,
    restated: r.restated,
    fundamentals,
    metrics: {
      grossMargin: r.gross_margin,
      operatingMargin: r.operating_margin,
      netMargin: r.net_margin,
      roa: r.roa,
      roe: r.roe,
      currentRatio: r.current_ratio,
    },
    sources: JSON.parse(r.sources) as Record<string, ValueSource>,
  };
}

/**
 * The latest fiscal period's statement for one company as known on `asOf`, with the filing each
 * value came from; null when nothing was filed by then.
 */
export async function pitStatement(db: Db, cik: number, asOf: string): Promise<PitStatement | null> {
  const serving = db.serving?.();
  if (serving) return serving.pitStatement(cik, asOf);
  const rows = await db.all<StatementRow>(
    `WITH tick AS (SELECT $cik::INTEGER AS cik), ${LATEST_CTE}
     SELECT c.fiscal_year, c.fiscal_period, strftime(c.period_end, '%Y-%m-%d') AS period_end, strftime(c.known_from, '%Y-%m-%d') AS known_from,
       c.accession, c.form, c.sources, c.known_from > c.period_known AS restated, ${ITEM_COLUMNS('c')}, ${METRICS_SQL('c')}
     FROM current c`,
    { cik, asOf },
  );
  return rows[0] ? toStatement(rows[0]) : null;
}

export interface HistoryEntry {
  filingDate: string;
  accession: string;
  form: string;
  statements: PitStatement[];
}

/**
 * The point-in-time series of one company: one entry per filing event with `start <= filed <= end`
 * that created or changed a fiscal period's statement (a restatement is a new entry on its filing
 * date), oldest first; each entry lists the statements (as known after that filing) it touched,
 * latest period first.
 */
export async function fundamentalsHistory(db: Db, cik: number, start: string, end: string): Promise<HistoryEntry[]> {
  const serving = db.serving?.();
  if (serving) return serving.fundamentalsHistory(cik, start, end);
  const rows = await db.all<StatementRow>(
    `SELECT s.fiscal_year, s.fiscal_period, strftime(s.period_end, '%Y-%m-%d') AS period_end, strftime(s.known_from, '%Y-%m-%d') AS known_from,
       s.accession, s.form, s.sources, s.known_from > p.known_from AS restated, ${ITEM_COLUMNS('s')}, ${METRICS_SQL('s')}
     FROM fund_statements s JOIN fund_periods p USING (cik, fiscal_year, fiscal_period, period_end)
     WHERE s.cik = $cik AND s.known_from BETWEEN $start::DATE AND $end::DATE
     ORDER BY s.known_from, s.accession, s.period_end DESC, s.fiscal_period = 'FY' DESC, s.fiscal_period DESC`,
    { cik, start, end },
  );
  const entries: HistoryEntry[] = [];
  for (const r of rows) {
    const last = entries.at(-1);
    const st = toStatement(r);
    if (last && last.filingDate === st.filingDate && last.accession === st.accession) last.statements.push(st);
    else entries.push({ filingDate: st.filingDate, accession: st.accession, form: st.form, statements: [st] });
  }
  return entries;
}

export interface UniverseRow {
  ticker: string;
  cik: number;
  fiscalYear: number;
  fiscalPeriod: string;
  periodEnd: string;
  filingDate: string;
}

/** Every ticker with point-in-time fundamentals on `asOf`, with its latest period, by ticker. */
export async function pitUniverse(db: Db, asOf: string): Promise<readonly UniverseRow[]> {
  const serving = db.serving?.();
  if (serving) return serving.pitUniverse(asOf);
  return db.all<UniverseRow>(
    `WITH tick AS (SELECT ticker, cik FROM companies), ${LATEST_CTE}
     SELECT t.ticker, c.cik, c.fiscal_year AS "fiscalYear", c.fiscal_period AS "fiscalPeriod",
       strftime(c.period_end, '%Y-%m-%d') AS "periodEnd", strftime(c.known_from, '%Y-%m-%d') AS "filingDate"
     FROM tick t JOIN current c ON c.cik = t.cik ORDER BY t.ticker`,
    { asOf },
  );
}

export type BulkSourceRow =
  | { ticker: string; status: 'unknown' | 'no-data' }
  | {
      ticker: string;
      status: 'ok';
      cik: number;
      fiscalYear: number;
      fiscalPeriod: string;
      periodEnd: string;
      filingDate: string;
      accession: string;
      form: string;
      fundamentals: Fundamentals;
      metrics: Metrics;
    };

/**
 * Bulk rows (spec 2.6): for each requested ticker, the latest statement as known on `asOf`
 * (`status: 'ok'`), or why there is none: `unknown` (not in the company list) or `no-data`
 * (no filing-derived statement by then), in the order asked. One SQL statement for all tickers.
 */
export async function bulkFundamentals(db: Db, tickers: string[], asOf: string): Promise<BulkSourceRow[]> {
  if (tickers.length === 0) return [];
  const serving = db.serving?.();
  if (serving) return serving.bulkFundamentals(tickers, asOf);
  const rows = await db.all<StatementRow & { ticker: string; cik: number | null; has_data: boolean }>(
    `WITH req AS (SELECT unnest($tickers::VARCHAR[]) AS ticker, generate_subscripts($tickers::VARCHAR[], 1) AS i),
     tick AS (SELECT ticker, cik FROM companies WHERE list_contains($tickers, ticker)), ${LATEST_CTE}
     SELECT r.ticker, t.cik, c.cik IS NOT NULL AS has_data, c.fiscal_year, c.fiscal_period, strftime(c.period_end, '%Y-%m-%d') AS period_end,
       strftime(c.known_from, '%Y-%m-%d') AS known_from, c.accession, c.form, '{}' AS sources, false AS restated,
       ${ITEM_COLUMNS('c')}, ${METRICS_SQL('c')}
     FROM req r LEFT JOIN tick t ON t.ticker = r.ticker LEFT JOIN current c ON c.cik = t.cik ORDER BY r.i`,
    { tickers, asOf },
  );
  return rows.map((r): BulkSourceRow => {
    if (r.cik === null) return { ticker: r.ticker, status: 'unknown' };
    if (!r.has_data) return { ticker: r.ticker, status: 'no-data' };
    return bulkRow(r.ticker, r.cik, toStatement(r));
  });
}

/** A bulk row for a company with data: the statement's fields (SQL path and serving layer alike). */
export function bulkRow(ticker: string, cik: number, st: PitStatement): BulkSourceRow {
  return {
    ticker,
    status: 'ok',
    cik,
    fiscalYear: st.fiscalYear,
    fiscalPeriod: st.fiscalPeriod,
    periodEnd: st.periodEnd,
    filingDate: st.filingDate,
    accession: st.accession,
    form: st.form,
    fundamentals: st.fundamentals,
    metrics: st.metrics,
  };
}

export interface FundamentalsStats {
  companies: number;
  companiesWithFundamentals: number;
  facts: number;
  filings: number;
  statements: number;
  factsFiledFrom: string | null;
  factsFiledTo: string | null;
  filingsFrom: string | null;
  filingsTo: string | null;
  lastRuns: { job: string; status: string; startedAt: string; finishedAt: string | null; docsOk: number; docsQuarantined: number; rowsOut: number }[];
}

/** Database statistics for `/api/fundamentals-pit/stats`; `lastRuns` = the latest run of each job. */
export async function fundamentalsStats(db: Db): Promise<FundamentalsStats> {
  const [counts] = await db.all<Omit<FundamentalsStats, 'lastRuns'>>(
    `SELECT
       (SELECT count(DISTINCT cik) FROM companies)::INTEGER AS companies,
       (SELECT count(DISTINCT cik) FROM fund_statements)::INTEGER AS "companiesWithFundamentals",
       (SELECT count(*) FROM facts)::BIGINT AS facts,
       (SELECT count(*) FROM filings)::BIGINT AS filings,
       (SELECT count(*) FROM fund_statements)::BIGINT AS statements,
       (SELECT strftime(min(filed), '%Y-%m-%d') FROM facts) AS "factsFiledFrom",
       (SELECT strftime(max(filed), '%Y-%m-%d') FROM facts) AS "factsFiledTo",
       (SELECT strftime(min(filing_date), '%Y-%m-%d') FROM filings) AS "filingsFrom",
       (SELECT strftime(max(filing_date), '%Y-%m-%d') FROM filings) AS "filingsTo"`,
  );
  const lastRuns = await db.all<FundamentalsStats['lastRuns'][number]>(
    `SELECT job, status, strftime(started_at, '%Y-%m-%dT%H:%M:%S') AS "startedAt", strftime(finished_at, '%Y-%m-%dT%H:%M:%S') AS "finishedAt",
       docs_ok AS "docsOk", docs_quarantined AS "docsQuarantined", rows_out::BIGINT AS "rowsOut"
     FROM pipeline_runs QUALIFY row_number() OVER (PARTITION BY job ORDER BY started_at DESC) = 1 ORDER BY job`,
  );
  return { ...counts!, lastRuns };
}
