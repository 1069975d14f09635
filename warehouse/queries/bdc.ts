/**
 * The private-credit corpus: business development companies (file number 814-) and their
 * loan-level holdings from the SEC BDC Data Sets. Rates, spreads and percent of net assets are
 * fractions (0.0936 = 9.36 %). Point in time: `asOf` keeps filings filed on or before that date.
 */
import { filingIndexProvenance, type ProvenanceData } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';

const FAR = '9999-12-31';

export interface BdcRow {
  cik: number;
  name: string;
  ticker: string | null;
  fileNumber: string | null;
  latestPeriod: string | null;
  latestFiled: string;
  latestForm: string;
  holdings: number;
  fairValue: number | null;
  cost: number | null;
  /** The latest filing the totals are summed from; `synthetic` when it or any of its rows was generated. */
  provenance: ProvenanceData;
}

/**
 * Every BDC with its latest filing's holdings count, cost and fair value.
 * @example await bdcList(db)
 */
export async function bdcList(db: Db, asOf: string = FAR): Promise<BdcRow[]> {
  const rows = await db.all<Omit<BdcRow, 'provenance'> & { adsh: string; synthetic: boolean }>(
    `WITH latest AS (SELECT * FROM bdc_filings WHERE filed <= $asOf::DATE AND adsh IN (SELECT DISTINCT adsh FROM bdc_holdings)
                     QUALIFY row_number() OVER (PARTITION BY cik ORDER BY period DESC NULLS LAST, filed DESC, adsh DESC) = 1),
     tick AS (SELECT cik, arg_min(ticker, rank) AS ticker FROM companies GROUP BY cik)
     SELECT l.cik, l.name, tick.ticker, l.file_number AS "fileNumber", l.period AS "latestPeriod", l.filed AS "latestFiled", l.form AS "latestForm",
            count(h.row)::INTEGER AS holdings, sum(h.fair_value) AS "fairValue", sum(h.cost) AS cost,
            l.adsh, bool_or(l.synthetic OR coalesce(h.synthetic, false)) AS synthetic
     FROM latest l LEFT JOIN bdc_holdings h ON h.adsh = l.adsh LEFT JOIN tick ON tick.cik = l.cik
     GROUP BY ALL ORDER BY "fairValue" DESC NULLS LAST, l.cik`,
    { asOf },
  );
  // Totals of generated holdings are generated too: synthetic when the filing or any row summed was.
  return rows.map(({ adsh, synthetic, ...r }) => ({ ...r, provenance: filingIndexProvenance(r.cik, adsh, synthetic) }));
}

export interface BdcHoldingRow {
  bdcCik: number;
  bdcName: string;
  adsh: string;
  period: string | null;
  filed: string;
  borrower: string;
  industry: string | null;
  identifier: string | null;
  affiliation: string | null;
  investmentType: string | null;
  instrument: string;
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
  /** The filing (EDGAR filing index of `adsh`); `synthetic` for rows of a generated data-set file. */
  provenance: ProvenanceData;
}

type RawHolding = Omit<BdcHoldingRow, 'provenance'> & { synthetic: boolean };
const withProvenance = (rows: RawHolding[]): BdcHoldingRow[] =>
  rows.map(({ synthetic, ...r }) => ({ ...r, provenance: filingIndexProvenance(r.bdcCik, r.adsh, synthetic) }));

const HOLDING = `h.cik AS "bdcCik", f.name AS "bdcName", h.adsh, h.period, h.filed, h.borrower, h.industry, h.identifier, h.affiliation,
  h.investment_type AS "investmentType", h.instrument, h.reference_rate AS "referenceRate", h.spread, h.pik, h.interest_rate AS "interestRate",
  h.maturity, h.principal, h.cost, h.fair_value AS "fairValue", h.pct_net_assets AS "pctNetAssets", h.non_accrual AS "nonAccrual", h.synthetic`;

const LATEST = `latest AS (SELECT adsh FROM bdc_filings WHERE filed <= $asOf::DATE AND adsh IN (SELECT DISTINCT adsh FROM bdc_holdings)
  QUALIFY row_number() OVER (PARTITION BY cik ORDER BY period DESC NULLS LAST, filed DESC, adsh DESC) = 1)`;

/**
 * Positions whose borrower (or investment identifier) contains `q`, across every BDC's latest
 * filing; the same borrower lent to by several BDCs shows once per position.
 * @example await searchBorrowers(db, 'auctane')
 */
export async function searchBorrowers(db: Db, q: string, opts: { limit?: number; offset?: number; asOf?: string } = {}): Promise<BdcHoldingRow[]> {
  const text = q.trim().toLowerCase();
  if (text.length < 2) return [];
  return db.all<RawHolding>(
    `WITH ${LATEST}
     SELECT ${HOLDING} FROM bdc_holdings h JOIN latest USING (adsh) JOIN bdc_filings f USING (adsh)
     WHERE contains(lower(h.borrower), $q) OR contains(lower(coalesce(h.identifier, '')), $q)
     ORDER BY h.fair_value DESC NULLS LAST, h.adsh, h.row LIMIT $limit OFFSET $offset`,
    { q: text, limit: opts.limit ?? 100, offset: opts.offset ?? 0, asOf: opts.asOf ?? FAR },
  ).then(withProvenance);
}

/** One BDC's positions in its latest filing (or the filing for `period`). */
export async function bdcHoldings(db: Db, cik: number, opts: { period?: string; limit?: number; offset?: number; asOf?: string } = {}): Promise<BdcHoldingRow[]> {
  return db.all<RawHolding>(
    `WITH pick AS (SELECT adsh FROM bdc_filings WHERE cik = $cik AND filed <= $asOf::DATE AND ($period IS NULL OR period = $period::DATE)
                   AND adsh IN (SELECT DISTINCT adsh FROM bdc_holdings) ORDER BY period DESC NULLS LAST, filed DESC, adsh DESC LIMIT 1)
     SELECT ${HOLDING} FROM bdc_holdings h JOIN pick USING (adsh) JOIN bdc_filings f USING (adsh)
     ORDER BY h.fair_value DESC NULLS LAST, h.row LIMIT $limit OFFSET $offset`,
    { cik, period: opts.period ?? null, limit: opts.limit ?? 500, offset: opts.offset ?? 0, asOf: opts.asOf ?? FAR },
  ).then(withProvenance);
}

export interface CreditQuality {
  cik: number;
  name: string;
  adsh: string;
  form: string;
  period: string | null;
  filed: string;
  holdings: number;
  cost: number;
  fairValue: number;
  /** Fair value / cost. */
  fairValueToCost: number | null;
  /** Non-accrual positions' share of the portfolio at cost and at fair value (fractions). */
  nonAccrualShareCost: number | null;
  nonAccrualShareFairValue: number | null;
  nonAccrualPositions: number;
  /** First-lien (incl. unitranche) share of fair value. */
  firstLienShare: number | null;
  /** Cost-weighted average interest rate of accruing debt positions with a stated rate (fraction). */
  weightedAverageYield: number | null;
  /** The filing (EDGAR filing index of `adsh`); `synthetic` when it or any of its holdings was generated. */
  provenance: ProvenanceData;
}

/**
 * Credit quality per BDC and quarter (one row per filing, newest first): fair value to cost,
 * non-accrual share at cost and fair value, first-lien share, weighted average yield.
 * @example await bdcCreditQuality(db, 1287750)
 */
export async function bdcCreditQuality(db: Db, cik: number, asOf: string = FAR): Promise<CreditQuality[]> {
  const rows = await db.all<Omit<CreditQuality, 'provenance'> & { synthetic: boolean }>(
    `SELECT f.cik, f.name, f.adsh, f.form, f.period, f.filed, count(*)::INTEGER AS holdings, bool_or(f.synthetic OR h.synthetic) AS synthetic,
            coalesce(sum(h.cost), 0) AS cost, coalesce(sum(h.fair_value), 0) AS "fairValue",
            round(sum(h.fair_value) / nullif(sum(h.cost), 0), 6) AS "fairValueToCost",
            round(coalesce(sum(h.cost) FILTER (WHERE h.non_accrual), 0) / nullif(sum(h.cost), 0), 6) AS "nonAccrualShareCost",
            round(coalesce(sum(h.fair_value) FILTER (WHERE h.non_accrual), 0) / nullif(sum(h.fair_value), 0), 6) AS "nonAccrualShareFairValue",
            count(*) FILTER (WHERE h.non_accrual)::INTEGER AS "nonAccrualPositions",
            round(coalesce(sum(h.fair_value) FILTER (WHERE h.instrument IN ('first_lien', 'unitranche')), 0) / nullif(sum(h.fair_value), 0), 6) AS "firstLienShare",
            round(sum(h.interest_rate * h.cost) FILTER (WHERE h.instrument NOT IN ('equity') AND NOT h.non_accrual AND h.interest_rate IS NOT NULL AND h.cost > 0)
                  / nullif(sum(h.cost) FILTER (WHERE h.instrument NOT IN ('equity') AND NOT h.non_accrual AND h.interest_rate IS NOT NULL AND h.cost > 0), 0), 6) AS "weightedAverageYield"
     FROM bdc_filings f JOIN bdc_holdings h USING (adsh)
     WHERE f.cik = $cik AND f.filed <= $asOf::DATE
     GROUP BY ALL ORDER BY f.period DESC NULLS LAST, f.filed DESC`,
    { cik, asOf },
  );
  // The row keeps its adsh (a field of the answer) beside the provenance that names it.
  return rows.map(({ synthetic, ...r }) => ({ ...r, provenance: filingIndexProvenance(r.cik, r.adsh, synthetic) }));
}
