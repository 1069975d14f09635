/**
 * Educational intrinsic-value models over point-in-time fundamentals (`alm_intrinsic_value`,
 * GraphQL `Company.intrinsicValue`). Every input is the value as known on `asOf` (the latest
 * fiscal-year statement filed on or before it), so a valuation "as of 2020" never uses a number
 * published later. Not investment advice; no rating is derived from the result.
 *
 * Models (per share; null when an input is missing or the model does not apply):
 * - `dcf`: two-stage discounted cash flow of fiscal-year operating cash flow (OCF). Years 1-5 grow
 *   at `growthRate`, years 6-10 fade linearly to `terminalGrowth`; terminal value by Gordon growth
 *   at year 10; discounted at `discountRate`; less long-term debt; divided by shares outstanding.
 *   Not applied when OCF <= 0 or discountRate <= terminalGrowth.
 * - `graham`: Graham number sqrt(22.5 x EPS x book value per share); not applied when either is <= 0.
 * - `epv`: earnings-power value, net income / discountRate (no growth), per share.
 */
import type { Db } from '../db.ts';
import { fundamentalsHistory, type PitStatement } from './fundamentals.ts';
import { latestQuote } from './prices.ts';
import { perShareMatchesListing } from './snapshot.ts';

export interface ValuationAssumptions {
  discountRate: number;
  growthRate: number;
  terminalGrowth: number;
}

export const DEFAULT_ASSUMPTIONS: ValuationAssumptions = { discountRate: 0.09, growthRate: 0.05, terminalGrowth: 0.025 };

export interface IntrinsicValue {
  ticker: string;
  asOf: string;
  inputs: {
    fiscalYear: number;
    periodEnd: string;
    filingDate: string;
    accession: string;
    operatingCashFlow: number | null;
    netIncome: number | null;
    epsDiluted: number | null;
    stockholdersEquity: number | null;
    longTermDebt: number | null;
    sharesOutstanding: number | null;
  };
  assumptions: ValuationAssumptions;
  models: { dcf: number | null; graham: number | null; epv: number | null };
  /** Latest close on or before asOf, for comparison (null without prices); `synthetic` when the close was generated. */
  price: { date: string; close: number; synthetic: boolean } | null;
  method: string;
}

const r2 = (n: number | null): number | null => (n === null || !Number.isFinite(n) ? null : Math.round(n * 100) / 100);

/** The latest fiscal-year statement of `cik` as known on `asOf` (its latest restatement by then). */
export async function latestAnnualStatement(db: Db, cik: number, asOf: string): Promise<PitStatement | null> {
  const history = await fundamentalsHistory(db, cik, '1900-01-01', asOf);
  let best: PitStatement | null = null;
  for (const entry of history) {
    for (const st of entry.statements) {
      if (st.fiscalPeriod !== 'FY') continue;
      // Later entries are later filings: the same period seen again is a restatement and wins.
      if (!best || st.periodEnd >= best.periodEnd) best = st;
    }
  }
  return best;
}

/** Two-stage DCF per share (see module doc). */
export function dcfPerShare(ocf: number | null, debt: number | null, shares: number | null, a: ValuationAssumptions): number | null {
  if (ocf === null || shares === null || shares <= 0 || ocf <= 0 || a.discountRate <= a.terminalGrowth) return null;
  let cf = ocf;
  let pv = 0;
  for (let year = 1; year <= 10; year++) {
    const g = year <= 5 ? a.growthRate : a.growthRate + ((a.terminalGrowth - a.growthRate) * (year - 5)) / 5;
    cf *= 1 + g;
    pv += cf / (1 + a.discountRate) ** year;
  }
  const terminal = (cf * (1 + a.terminalGrowth)) / (a.discountRate - a.terminalGrowth);
  pv += terminal / (1 + a.discountRate) ** 10;
  return (pv - (debt ?? 0)) / shares;
}

/**
 * The intrinsic-value models for the company `cik` (listed as `ticker`) as known on `asOf`; null
 * when no fiscal-year statement was filed by then.
 */
export async function intrinsicValue(db: Db, ticker: string, cik: number, asOf: string, assumptions: Partial<ValuationAssumptions> = {}): Promise<IntrinsicValue | null> {
  const a = { ...DEFAULT_ASSUMPTIONS, ...Object.fromEntries(Object.entries(assumptions).filter(([, v]) => v !== undefined)) } as ValuationAssumptions;
  const st = await latestAnnualStatement(db, cik, asOf);
  if (!st) return null;
  const f = st.fundamentals;
  const shares = f.sharesOutstanding;
  const eps = f.epsDiluted;
  const bvps = f.stockholdersEquity !== null && shares ? f.stockholdersEquity / shares : null;
  const graham = eps !== null && bvps !== null && eps > 0 && bvps > 0 ? Math.sqrt(22.5 * eps * bvps) : null;
  const epv = f.netIncome !== null && shares ? f.netIncome / a.discountRate / shares : null;
  const quote = await latestQuote(db, ticker, asOf);
  return {
    ticker,
    asOf,
    inputs: {
      fiscalYear: st.fiscalYear,
      periodEnd: st.periodEnd,
      filingDate: st.filingDate,
      accession: st.accession,
      operatingCashFlow: f.operatingCashFlow,
      netIncome: f.netIncome,
      epsDiluted: eps,
      stockholdersEquity: f.stockholdersEquity,
      longTermDebt: f.longTermDebt,
      sharesOutstanding: shares,
    },
    assumptions: a,
    models: { dcf: r2(dcfPerShare(f.operatingCashFlow, f.longTermDebt, shares, a)), graham: r2(graham), epv: r2(epv) },
    price: quote ? { date: quote.date, close: quote.current, synthetic: quote.provenance.synthetic } : null,
    method:
      'dcf: fiscal-year operating cash flow grown at growthRate for 5 years, fading to terminalGrowth by year 10, Gordon terminal value, discounted at discountRate, less long-term debt, per share; graham: sqrt(22.5 x diluted EPS x book value per share); epv: net income / discountRate per share. Educational, not advice.' +
      (perShareMatchesListing(st.form)
        ? ''
        : ` Per ordinary share: the company files ${st.form}, and its listed security may be a depositary share standing for several ordinary shares; compare with the price only at that ratio.`),
  };
}
