/**
 * 13F institutional holdings. Which filings count for a manager's quarter, as known on `asOf`:
 * the latest original report or RESTATEMENT amendment filed by then (a restatement replaces the
 * quarter), plus every NEW HOLDINGS amendment filed after it (they add positions: confidential
 * treatment releases, late additions). A NEW HOLDINGS amendment never removes anything. When no
 * original or restatement of the quarter is loaded (a NEW HOLDINGS amendment alone, e.g. from a
 * partial mirror or a backfill that started after the original), the amendments make up the
 * quarter by themselves and it is marked `amendmentsOnly` (a partial view of the manager).
 */
import { filingProvenance, type FiledBasisValue, type FilingProvenanceData } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';
import { fetchedAt } from './freshness.ts';
import { cusipsForTicker } from './securities.ts';

const FAR = '9999-12-31';

/**
 * CTE `eff(cik, period, accession, amendments_only)`: the filings that make up each manager-quarter
 * as of `$asOf`.
 */
const EFFECTIVE = `
  f AS (SELECT * FROM f13_filings WHERE filed <= $asOf::DATE AND form LIKE '13F-HR%'),
  base AS (
    SELECT cik, period, arg_max(accession, strftime(filed, '%Y%m%d') || accession) AS accession, max(filed) AS filed
    FROM f WHERE NOT is_amendment OR amendment_type = 'RESTATEMENT' OR amendment_type IS NULL GROUP BY cik, period),
  eff AS (
    SELECT cik, period, accession, false AS amendments_only FROM base
    UNION ALL
    SELECT f.cik, f.period, f.accession, false FROM f JOIN base b ON b.cik = f.cik AND b.period = f.period
    WHERE f.is_amendment AND f.amendment_type = 'NEW HOLDINGS'
      AND (f.filed > b.filed OR (f.filed = b.filed AND f.accession > b.accession))
    UNION ALL
    SELECT f.cik, f.period, f.accession, true FROM f ANTI JOIN base b ON b.cik = f.cik AND b.period = f.period
    WHERE f.is_amendment AND f.amendment_type = 'NEW HOLDINGS')`;

/** `2024Q2` or a quarter-end date -> the quarter-end date. */
export function quarterEnd(quarter: string): string {
  const m = /^(\d{4})-?Q([1-4])$/i.exec(quarter.trim());
  if (m) return `${m[1]}-${['03-31', '06-30', '09-30', '12-31'][Number(m[2]) - 1]}`;
  return quarter;
}

function previousQuarterEnd(period: string): string {
  const y = Number(period.slice(0, 4));
  const q = Math.ceil(Number(period.slice(5, 7)) / 3);
  return q === 1 ? `${y - 1}-12-31` : `${y}-${['03-31', '06-30', '09-30'][q - 2]}`;
}

export interface FundHolding {
  issuer: string;
  titleOfClass: string | null;
  cusip: string;
  ticker: string | null;
  valueUsd: number;
  shares: number | null;
  shareType: string | null;
  putCall: string | null;
  /** Percent of the manager's reported value this quarter. */
  pctOfPortfolio: number;
  /** The 13F filing the position comes from (the one reporting most of its value); synthetic when any part was generated. */
  provenance: FilingProvenanceData;
}

export interface FundHoldings {
  cik: number;
  manager: string;
  period: string;
  /** The filings the quarter is made of (original or restatement first, then additions). */
  filings: { accession: string; form: string; filed: string; amendmentType: string | null; provenance: FilingProvenanceData }[];
  /** True when no original report or restatement of the quarter is loaded: only NEW HOLDINGS amendments. */
  amendmentsOnly: boolean;
  positions: number;
  totalValueUsd: number;
  holdings: FundHolding[];
  /** The quarter end the holdings are reported for. */
  dataThrough: string;
  /** Last successful run of the `13f` job in the run ledger. */
  fetchedAt: string | null;
}

/**
 * Whether `cik` filed a 13F holdings report (13F-HR or its amendment) known on `asOf` (default: ever
 * loaded), as the holdings answers read them (`EFFECTIVE`): a manager, for GraphQL's `manager`. A
 * filer of 13F-NT notices alone is none (REST and MCP answer 404).
 */
export async function isManager(db: Db, cik: number, asOf: string = FAR): Promise<boolean> {
  return (await db.all(`SELECT 1 FROM f13_filings WHERE cik = $cik AND filed <= $asOf::DATE AND form LIKE '13F-HR%' LIMIT 1`, { cik, asOf })).length > 0;
}

/**
 * One 13F manager's holdings for its latest quarter (or `quarter`), largest first, positions
 * aggregated by CUSIP, share type and put/call.
 * @example await fundHoldings(db, { cik: 1067983, maxHoldings: 10 })
 */
export async function fundHoldings(db: Db, opts: { cik: number; quarter?: string; maxHoldings?: number; asOf?: string }): Promise<FundHoldings | null> {
  const asOf = opts.asOf ?? FAR;
  const periods = await db.all<{ period: string }>(
    `WITH ${EFFECTIVE} SELECT DISTINCT period FROM eff WHERE cik = $cik AND ($period IS NULL OR period = $period::DATE) ORDER BY period DESC LIMIT 1`,
    { asOf, cik: opts.cik, period: opts.quarter ? quarterEnd(opts.quarter) : null },
  );
  const period = periods[0]?.period;
  if (!period) return null;
  const filings = await db.all<{ accession: string; form: string; filed: string; amendmentType: string | null; manager: string; amendmentsOnly: boolean; synthetic: boolean; docPath: string; filedBasis: FiledBasisValue }>(
    `WITH ${EFFECTIVE} SELECT f.accession, f.form, f.filed, f.amendment_type AS "amendmentType", f.manager_name AS manager, eff.amendments_only AS "amendmentsOnly", f.synthetic,
            f.doc_path AS "docPath", f.filed_basis AS "filedBasis"
     FROM eff JOIN f13_filings f ON f.accession = eff.accession WHERE eff.cik = $cik AND eff.period = $period::DATE ORDER BY f.filed, f.accession`,
    { asOf, cik: opts.cik, period },
  );
  const holdings = await db.all<Omit<FundHolding, 'provenance'> & { total: number; positions: number; accession: string; synthetic: boolean; docPath: string; filedBasis: FiledBasisValue }>(
    `WITH ${EFFECTIVE},
     agg AS (
       SELECT h.cusip, h.share_type, h.put_call, arg_max(h.issuer, h.filed) AS issuer, arg_max(h.title_of_class, h.filed) AS title,
              sum(h.value_usd) AS value, sum(h.shares) AS shares,
              arg_max(h.accession, h.value_usd) AS accession, bool_or(h.synthetic) AS synthetic
       FROM f13_holdings h JOIN eff ON eff.accession = h.accession WHERE eff.cik = $cik AND eff.period = $period::DATE
       GROUP BY h.cusip, h.share_type, h.put_call)
     SELECT a.issuer, a.title AS "titleOfClass", a.cusip, s.ticker, a.value AS "valueUsd", a.shares, a.share_type AS "shareType", a.put_call AS "putCall",
            round(100 * a.value / nullif(sum(a.value) OVER (), 0), 4) AS "pctOfPortfolio", sum(a.value) OVER () AS total, count(*) OVER () AS positions,
            a.accession, a.synthetic, f.doc_path AS "docPath", f.filed_basis AS "filedBasis"
     FROM agg a JOIN f13_filings f ON f.accession = a.accession LEFT JOIN securities s ON s.cusip = a.cusip
     ORDER BY a.value DESC, a.cusip LIMIT $limit`,
    { asOf, cik: opts.cik, period, limit: opts.maxHoldings ?? 50 },
  );
  const last = filings[filings.length - 1]!;
  return {
    cik: opts.cik,
    manager: last.manager,
    period,
    filings: filings.map(({ manager: _m, amendmentsOnly: _a, synthetic, docPath, filedBasis, ...f }) => ({ ...f, provenance: filingProvenance(opts.cik, f.accession, docPath, synthetic, filedBasis) })),
    amendmentsOnly: filings.every((f) => f.amendmentsOnly),
    positions: holdings[0]?.positions ?? 0,
    totalValueUsd: holdings[0]?.total ?? 0,
    holdings: holdings.map(({ total: _t, positions: _p, accession, synthetic, docPath, filedBasis, ...h }) => ({ ...h, provenance: filingProvenance(opts.cik, accession, docPath, synthetic, filedBasis) })),
    dataThrough: period,
    fetchedAt: await fetchedAt(db, ['13f']),
  };
}

export interface InstitutionalHolder {
  cik: number;
  manager: string;
  period: string;
  shares: number;
  valueUsd: number;
  pctOfPortfolio: number;
  previousShares: number | null;
  /** Change in shares from the previous quarter, with the previous count scaled by any split. */
  changeShares: number | null;
  /** `new`, `increased`, `decreased`, `unchanged`. */
  change: string;
  /** The manager's 13F filing for the quarter (the one reporting most of the position); synthetic when any part was generated. */
  provenance: FilingProvenanceData;
}

export interface InstitutionalHolders {
  ticker: string;
  cusips: string[];
  period: string;
  previousPeriod: string;
  /** Split factor applied to previous-quarter shares (1 = none), and where it came from. */
  splitFactor: number;
  splitSource: 'prices' | 'inferred' | null;
  holders: InstitutionalHolder[];
  totalShares: number;
  totalValueUsd: number;
  /** The quarter end the holdings are reported for. */
  dataThrough: string;
  /** Last successful run of the `13f` job in the run ledger. */
  fetchedAt: string | null;
}

// The ratios splits actually use; an unusual ratio needs the prices table to be recognised.
const SPLIT_RATIOS = [2, 3, 4, 5, 10, 15, 20, 1 / 2, 1 / 3, 1 / 4, 1 / 5, 1 / 10, 1 / 20];

/**
 * Infers a split between two quarters from holders present in both: the median share ratio and
 * the implied price ratio must both be near one split ratio (a 50 % price drop alone is not a
 * split, nor is a doubled position).
 */
export function inferSplit(pairs: { shares: number; value: number; previousShares: number; previousValue: number }[]): number {
  const both = pairs.filter((p) => p.shares > 0 && p.previousShares > 0 && p.value > 0 && p.previousValue > 0);
  if (both.length === 0) return 1;
  const ratios = both.map((p) => p.shares / p.previousShares).sort((a, b) => a - b);
  const shareRatio = ratios[Math.floor(ratios.length / 2)]!;
  const sum = (f: (p: (typeof both)[number]) => number): number => both.reduce((s, p) => s + f(p), 0);
  const priceRatio = sum((p) => p.previousValue) / sum((p) => p.previousShares) / (sum((p) => p.value) / sum((p) => p.shares));
  let best = 1;
  let bestErr = Infinity;
  for (const k of SPLIT_RATIOS) {
    const es = Math.abs(Math.log(shareRatio / k));
    const ep = Math.abs(Math.log(priceRatio / k));
    if (es < Math.log(1.5) && ep < Math.log(1.6) && es + ep < bestErr) {
      best = k;
      bestErr = es + ep;
    }
  }
  return best;
}

/**
 * Managers holding `ticker` in the latest quarter (or `quarter`) with shares, value, percent of
 * their portfolio and the change from the previous quarter. Split-aware: previous shares are
 * scaled by the splits in the `prices` table between the two quarter ends, else by a split
 * inferred from the holders' share and price ratios.
 * @example await institutionalHolders(db, { ticker: 'NVDA' })
 */
export async function institutionalHolders(db: Db, opts: { ticker: string; cusips: string[]; quarter?: string; asOf?: string; limit?: number }): Promise<InstitutionalHolders | null> {
  const asOf = opts.asOf ?? FAR;
  if (opts.cusips.length === 0) return null;
  const periods = await db.all<{ period: string }>(
    `WITH ${EFFECTIVE} SELECT max(eff.period) AS period FROM eff JOIN f13_holdings h ON h.accession = eff.accession
     WHERE list_contains($cusips::VARCHAR[], h.cusip) AND ($period IS NULL OR eff.period = $period::DATE)`,
    { asOf, cusips: opts.cusips, period: opts.quarter ? quarterEnd(opts.quarter) : null },
  );
  const period = periods[0]?.period;
  if (!period) return null;
  const previousPeriod = previousQuarterEnd(period);
  const rows = await db.all<{ cik: number; manager: string; period: string; shares: number; value: number; portfolio: number; accession: string; synthetic: boolean; docPath: string; filedBasis: FiledBasisValue }>(
    `WITH ${EFFECTIVE},
     pos AS (
       SELECT eff.cik, eff.period, sum(h.shares) FILTER (WHERE h.put_call IS NULL) AS shares, sum(h.value_usd) FILTER (WHERE h.put_call IS NULL) AS value,
              arg_max(h.accession, h.value_usd) FILTER (WHERE h.put_call IS NULL) AS accession, bool_or(h.synthetic) FILTER (WHERE h.put_call IS NULL) AS synthetic
       FROM eff JOIN f13_holdings h ON h.accession = eff.accession
       WHERE eff.period IN ($period::DATE, $prev::DATE) AND list_contains($cusips::VARCHAR[], h.cusip) GROUP BY eff.cik, eff.period),
     port AS (
       SELECT eff.cik, eff.period, sum(h.value_usd) AS portfolio FROM eff JOIN f13_holdings h ON h.accession = eff.accession
       WHERE eff.period IN ($period::DATE, $prev::DATE) AND eff.cik IN (SELECT cik FROM pos) GROUP BY eff.cik, eff.period),
     names AS (SELECT cik, arg_max(manager_name, filed) AS manager FROM f13_filings GROUP BY cik)
     SELECT pos.cik, names.manager, pos.period, coalesce(pos.shares, 0) AS shares, coalesce(pos.value, 0) AS value, port.portfolio, pos.accession, coalesce(pos.synthetic, false) AS synthetic,
            f.doc_path AS "docPath", f.filed_basis AS "filedBasis"
     FROM pos JOIN port USING (cik, period) JOIN names USING (cik) LEFT JOIN f13_filings f ON f.accession = pos.accession`,
    { asOf, cusips: opts.cusips, period, prev: previousPeriod },
  );
  const now = rows.filter((r) => r.period === period && r.shares > 0);
  const before = new Map(rows.filter((r) => r.period === previousPeriod).map((r) => [r.cik, r]));
  let splitFactor = 1;
  let splitSource: InstitutionalHolders['splitSource'] = null;
  const splits = await db.all<{ factor: number | null; n: number }>(
    `SELECT product(split_ratio) AS factor, count(*)::INTEGER AS n FROM prices
     WHERE ticker = $ticker AND date > $prev::DATE AND date <= $period::DATE AND split_ratio > 0 AND split_ratio <> 1`,
    { ticker: opts.ticker, prev: previousPeriod, period },
  );
  if (splits[0]?.n && splits[0].factor) {
    splitFactor = splits[0].factor;
    splitSource = 'prices';
  } else {
    const pairs = now.flatMap((r) => {
      const p = before.get(r.cik);
      return p ? [{ shares: r.shares, value: r.value, previousShares: p.shares, previousValue: p.value }] : [];
    });
    splitFactor = inferSplit(pairs);
    if (splitFactor !== 1) splitSource = 'inferred';
  }
  const holders: InstitutionalHolder[] = now
    .map((r) => {
      const p = before.get(r.cik);
      const prevShares = p ? p.shares * splitFactor : null;
      const changeShares = prevShares === null ? r.shares : r.shares - prevShares;
      return {
        cik: r.cik,
        manager: r.manager,
        period,
        shares: r.shares,
        valueUsd: r.value,
        pctOfPortfolio: Math.round((10000 * 100 * r.value) / r.portfolio) / 10000,
        previousShares: p ? p.shares : null,
        changeShares: Math.round(changeShares * 1000) / 1000,
        change: prevShares === null || prevShares === 0 ? 'new' : changeShares > 0 ? 'increased' : changeShares < 0 ? 'decreased' : 'unchanged',
        provenance: filingProvenance(r.cik, r.accession, r.docPath, r.synthetic, r.filedBasis),
      };
    })
    .sort((a, b) => b.valueUsd - a.valueUsd || a.cik - b.cik)
    .slice(0, opts.limit ?? 100);
  return {
    ticker: opts.ticker,
    cusips: opts.cusips,
    period,
    previousPeriod,
    splitFactor,
    splitSource,
    holders,
    totalShares: now.reduce((s, r) => s + r.shares, 0),
    totalValueUsd: now.reduce((s, r) => s + r.value, 0),
    dataThrough: period,
    fetchedAt: await fetchedAt(db, ['13f']),
  };
}

export interface FilerQuarter {
  period: string;
  filed: string;
  positions: number;
  valueUsd: number;
  newPositions: number;
  exitedPositions: number;
  /** True when the quarter is only NEW HOLDINGS amendments (no original or restatement loaded). */
  amendmentsOnly: boolean;
}

export interface FilerAnalytics {
  cik: number;
  manager: string;
  quarters: FilerQuarter[];
  /** Top 10 holdings of the latest quarter. */
  top: FundHolding[];
  /** Share of the latest quarter's value in the 10 largest positions (percent). */
  concentrationTop10: number;
}

/**
 * 13F filer analytics: per quarter positions, value, new and exited positions (by CUSIP), the
 * latest top holdings and their concentration.
 * @example await filerAnalytics(db, 1067983)
 */
export async function filerAnalytics(db: Db, cik: number, asOf: string = FAR): Promise<FilerAnalytics | null> {
  const quarters = await db.all<FilerQuarter>(
    `WITH ${EFFECTIVE},
     q AS (SELECT eff.period, h.cusip, sum(h.value_usd) AS value FROM eff JOIN f13_holdings h ON h.accession = eff.accession WHERE eff.cik = $cik GROUP BY eff.period, h.cusip),
     p AS (SELECT DISTINCT period FROM q),
     filed AS (SELECT eff.period, max(f.filed) AS filed, bool_and(eff.amendments_only) AS amendments_only FROM eff JOIN f13_filings f ON f.accession = eff.accession WHERE eff.cik = $cik GROUP BY eff.period)
     SELECT p.period, filed.filed, filed.amendments_only AS "amendmentsOnly",
            (SELECT count(*) FROM q WHERE q.period = p.period)::INTEGER AS positions,
            (SELECT coalesce(sum(value), 0) FROM q WHERE q.period = p.period) AS "valueUsd",
            (SELECT count(*) FROM q c WHERE c.period = p.period AND NOT EXISTS (SELECT 1 FROM q o WHERE o.cusip = c.cusip AND o.period = (SELECT max(period) FROM p pp WHERE pp.period < p.period)))::INTEGER AS "newPositions",
            (SELECT count(*) FROM q o WHERE o.period = (SELECT max(period) FROM p pp WHERE pp.period < p.period) AND NOT EXISTS (SELECT 1 FROM q c WHERE c.cusip = o.cusip AND c.period = p.period))::INTEGER AS "exitedPositions"
     FROM p JOIN filed USING (period) ORDER BY p.period`,
    { asOf, cik },
  );
  if (quarters.length === 0) return null;
  const latest = await fundHoldings(db, { cik, quarter: quarters[quarters.length - 1]!.period, maxHoldings: 10, asOf });
  if (!latest) return null;
  // The first quarter on record has nothing to compare with.
  quarters[0]!.newPositions = quarters[0]!.positions;
  return {
    cik,
    manager: latest.manager,
    quarters,
    top: latest.holdings,
    concentrationTop10: Math.round(latest.holdings.reduce((s, h) => s + h.pctOfPortfolio, 0) * 10000) / 10000,
  };
}

/**
 * The 13F holders of a ticker as `/api/institutional-holders` answers them, for every door (REST,
 * GraphQL `institutionalHolders`, MCP `get_institutional_holders`): the ticker's CUSIPs from the
 * security master (not the company list, so any security a 13F reports is reachable), then
 * `institutionalHolders`. `cusips` is empty when the security master does not know the ticker;
 * `result` is null when no holder reported it in the quarter.
 * @example await holdersOfTicker(db, { ticker: 'XOM' })
 */
export async function holdersOfTicker(
  db: Db,
  opts: { ticker: string; quarter?: string; asOf?: string; limit?: number },
): Promise<{ cusips: string[]; result: InstitutionalHolders | null }> {
  const cusips = await cusipsForTicker(db, opts.ticker);
  if (cusips.length === 0) return { cusips, result: null };
  return { cusips, result: await institutionalHolders(db, { ...opts, cusips }) };
}
