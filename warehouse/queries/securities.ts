/** Security master queries: CUSIP/ISIN/ticker/CIK lookups and the 13F coverage figure. */
import type { Db } from '../db.ts';

export interface SecurityRow {
  cusip: string;
  isin: string | null;
  ticker: string | null;
  cik: number | null;
  issuerName: string;
  title: string | null;
  lei: string | null;
  mappedBy: string | null;
  sources: string;
}

const SECURITY_COLUMNS = `cusip, isin, ticker, cik, issuer_name AS "issuerName", title, lei, mapped_by AS "mappedBy", sources`;

/** The CUSIPs the security master maps to `ticker` (a company can have several share lines). */
export async function cusipsForTicker(db: Db, ticker: string): Promise<string[]> {
  const rows = await db.all<{ cusip: string }>('SELECT cusip FROM securities WHERE ticker = $1 ORDER BY cusip', [ticker.toUpperCase()]);
  return rows.map((r) => r.cusip);
}

/**
 * One security by CUSIP (9 characters), ISIN (12) or ticker; null when unknown.
 * @example await lookupSecurity(db, '037833100') // { cusip: '037833100', ticker: 'AAPL', ... }
 */
export async function lookupSecurity(db: Db, id: string): Promise<SecurityRow | null> {
  const key = id.trim().toUpperCase();
  const rows = await db.all<SecurityRow>(
    `SELECT ${SECURITY_COLUMNS} FROM securities WHERE cusip = $1 OR isin = $1 OR ticker = $1 ORDER BY (cusip = $1) DESC, (isin = $1) DESC, cusip LIMIT 1`,
    [key],
  );
  return rows[0] ?? null;
}

export interface UnmappedCusip {
  cusip: string;
  issuer: string;
  rows: number;
  valueUsd: number;
}

export interface SecurityMasterCoverage {
  /** 13F information-table rows in the warehouse. */
  rows: number;
  /** Of those, rows whose CUSIP maps to a ticker. */
  mappedRows: number;
  /** Total 13F value (USD) and the part mapped to a ticker. */
  value: number;
  mappedValue: number;
  /** Every CUSIP with no ticker, largest 13F value first (listed, never dropped). */
  unmappedCusips: UnmappedCusip[];
}

/**
 * Share of 13F value and rows mapped to a ticker (reported by `almanac pipelines status`).
 * @example const c = await securityMasterCoverage(db); console.log(c.mappedValue / c.value);
 */
export async function securityMasterCoverage(db: Db): Promise<SecurityMasterCoverage> {
  const [totals] = await db.all<{ rows: number; mappedRows: number; value: number; mappedValue: number }>(
    `SELECT count(*)::BIGINT AS rows, count(s.ticker)::BIGINT AS "mappedRows",
            coalesce(sum(h.value_usd), 0) AS value, coalesce(sum(h.value_usd) FILTER (WHERE s.ticker IS NOT NULL), 0) AS "mappedValue"
     FROM f13_holdings h LEFT JOIN securities s ON s.cusip = h.cusip`,
  );
  const unmappedCusips = await db.all<UnmappedCusip>(
    `SELECT h.cusip, arg_max(h.issuer, h.filed) AS issuer, count(*)::BIGINT AS rows, sum(h.value_usd) AS "valueUsd"
     FROM f13_holdings h LEFT JOIN securities s ON s.cusip = h.cusip
     WHERE s.ticker IS NULL GROUP BY h.cusip ORDER BY "valueUsd" DESC, h.cusip`,
  );
  return { rows: totals?.rows ?? 0, mappedRows: totals?.mappedRows ?? 0, value: totals?.value ?? 0, mappedValue: totals?.mappedValue ?? 0, unmappedCusips };
}
