/** Filing lookups the GraphQL and MCP layers need beyond `filings.ts`: form filters and facts per filing. */
import type { Db } from '../db.ts';
import type { FilingSummary } from './filings.ts';

export interface FilingRow extends FilingSummary {
  cik: number;
}

/**
 * Filings of many companies at once (DataLoader batches), newest first per company, at most
 * `limit` per company, optionally only `form` (exact, e.g. `10-K`) and filed on or before `asOf`.
 */
export async function filingsByCiks(
  db: Db,
  ciks: number[],
  opts: { form?: string | null; asOf?: string | null; limit?: number; offset?: number } = {},
): Promise<FilingRow[]> {
  if (ciks.length === 0) return [];
  return db.all<FilingRow>(
    `SELECT f.cik, f.form, strftime(f.filing_date, '%Y-%m-%d') AS filed, f.accession,
       strftime(f.report_date, '%Y-%m-%d') AS "reportDate", f.primary_document AS "primaryDocument"
     FROM filings f
     WHERE list_contains($ciks, f.cik::DOUBLE) AND ($form::VARCHAR IS NULL OR f.form = $form)
       AND ($asOf::DATE IS NULL OR f.filing_date <= $asOf::DATE)
     QUALIFY row_number() OVER (PARTITION BY f.cik ORDER BY f.filing_date DESC, f.acceptance_time DESC NULLS LAST, f.accession DESC)
       BETWEEN $offset + 1 AND $offset + $limit
     ORDER BY f.cik, f.filing_date DESC, f.acceptance_time DESC NULLS LAST, f.accession DESC`,
    { ciks, form: opts.form ?? null, asOf: opts.asOf ?? null, limit: opts.limit ?? 1000, offset: opts.offset ?? 0 },
  );
}

/** How many filings each CIK has (optionally one form, filed on or before asOf). */
export async function filingCounts(db: Db, ciks: number[], opts: { form?: string | null; asOf?: string | null } = {}): Promise<Map<number, number>> {
  if (ciks.length === 0) return new Map();
  const rows = await db.all<{ cik: number; n: number }>(
    `SELECT cik, count(*)::INTEGER AS n FROM filings
     WHERE list_contains($ciks, cik::DOUBLE) AND ($form::VARCHAR IS NULL OR form = $form) AND ($asOf::DATE IS NULL OR filing_date <= $asOf::DATE)
     GROUP BY cik`,
    { ciks, form: opts.form ?? null, asOf: opts.asOf ?? null },
  );
  return new Map(rows.map((r) => [r.cik, r.n]));
}

export interface FactRow {
  accession: string;
  cik: number;
  taxonomy: string;
  concept: string;
  unit: string;
  periodStart: string | null;
  periodEnd: string;
  value: number;
  form: string;
  filed: string;
  frame: string | null;
}

/**
 * The XBRL facts reported in the filings `accessions` (as filed, from companyfacts), optionally
 * one `concept` (case-insensitive), ordered by accession, concept, period end.
 */
export async function factsByAccessions(db: Db, accessions: string[], concept: string | null = null): Promise<FactRow[]> {
  if (accessions.length === 0) return [];
  return db.all<FactRow>(
    `SELECT accession, cik, taxonomy, concept, unit, strftime(period_start, '%Y-%m-%d') AS "periodStart",
       strftime(period_end, '%Y-%m-%d') AS "periodEnd", value, form, strftime(filed, '%Y-%m-%d') AS filed, frame
     FROM facts WHERE list_contains($acc, accession) AND ($concept::VARCHAR IS NULL OR lower(concept) = lower($concept))
     ORDER BY accession, taxonomy, concept, period_end, period_start NULLS FIRST, unit`,
    { acc: accessions, concept },
  );
}

/** Companies by CIK (primary listing per CIK), for batch lookups. */
export async function companiesByCiks(db: Db, ciks: number[]): Promise<{ ticker: string; name: string; exchange: string | null; cik: number }[]> {
  if (ciks.length === 0) return [];
  const serving = db.serving?.();
  if (serving) return serving.companiesByCiks(ciks);
  return db.all(
    `SELECT ticker, name, exchange, cik FROM companies WHERE list_contains($ciks, cik::DOUBLE)
     QUALIFY row_number() OVER (PARTITION BY cik ORDER BY rank) = 1 ORDER BY rank`,
    { ciks },
  );
}

/** Companies by ticker, for batch lookups (unknown tickers are left out). */
export async function companiesByTickers(db: Db, tickers: string[]): Promise<{ ticker: string; name: string; exchange: string | null; cik: number }[]> {
  if (tickers.length === 0) return [];
  const serving = db.serving?.();
  if (serving) return serving.companiesByTickers(tickers);
  return db.all(`SELECT ticker, name, exchange, cik FROM companies WHERE list_contains($t, ticker) ORDER BY rank`, { t: tickers.map((t) => t.toUpperCase()) });
}
