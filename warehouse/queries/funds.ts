/**
 * Funds and ETFs from N-PORT: profiles, holdings, sector and asset-category breakdowns,
 * performance from daily prices, comparison with holdings overlap, and the reverse view (which
 * funds hold a security). A fund symbol resolves through the SEC fund ticker list
 * (`fund_classes`: symbol -> series) or, for exchange-listed trusts with one series such as SPY,
 * through the company list (symbol -> registrant CIK).
 */
import { filingProvenance, servedAccession, type FiledBasisValue, type FilingProvenanceData } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';
import { fetchedAt } from './freshness.ts';

export interface FundRef {
  symbol: string;
  accession: string;
  regCik: number;
  seriesId: string | null;
  name: string;
  period: string;
  filed: string;
}

/** The latest N-PORT filing behind a fund symbol, or null. */
export async function resolveFund(db: Db, symbol: string): Promise<FundRef | null> {
  const rows = await db.all<FundRef>(
    `WITH target AS (
       SELECT cik, series_id FROM fund_classes WHERE symbol = $s
       UNION ALL SELECT c.cik, NULL FROM companies c WHERE c.ticker = $s AND NOT EXISTS (SELECT 1 FROM fund_classes WHERE symbol = $s)
         -- The registrant stands for the symbol only when it reports one series: of a trust with
         -- many, which one is this symbol's is not known (any would be another fund's figures).
         AND (SELECT count(DISTINCT series_id) FROM nport_filings WHERE reg_cik = c.cik) <= 1)
     SELECT $s AS symbol, n.accession, n.reg_cik AS "regCik", n.series_id AS "seriesId", coalesce(n.series_name, n.reg_name) AS name, n.period, n.filed
     FROM nport_filings n JOIN target t ON n.reg_cik = t.cik AND (t.series_id IS NULL OR n.series_id = t.series_id)
     ORDER BY n.period DESC, n.filed DESC, n.net_assets DESC NULLS LAST LIMIT 1`,
    { s: symbol.toUpperCase() },
  );
  return rows[0] ?? null;
}

export interface EtfListRow {
  symbol: string;
  name: string;
  cik: number;
  seriesId: string | null;
  netAssets: number | null;
  period: string;
}

/**
 * All tracked ETF tickers: exchange-listed symbols (company list with an exchange) whose fund files
 * N-PORT, each with its own fund's latest report, resolved as `resolveFund` resolves the symbol:
 * through the fund ticker list to its series when the symbol is there (one trust, many ETFs), else
 * to the registrant when it reports one series (such as SPY; of a trust with many, a symbol not in
 * the list is left out: which series is its own is not known). Grouped by registrant, every ticker of
 * a many-series trust (iShares Trust lists IVV, IJH and hundreds more under one CIK) was shown with
 * whichever series reported last, its name and net assets.
 */
export async function etfList(db: Db): Promise<EtfListRow[]> {
  return db.all<EtfListRow>(
    `WITH series AS (SELECT reg_cik, count(DISTINCT series_id) AS n FROM nport_filings GROUP BY reg_cik),
     target AS (
       SELECT c.ticker AS symbol, coalesce(f.cik, c.cik) AS cik, f.series_id
       FROM companies c LEFT JOIN fund_classes f ON f.symbol = c.ticker LEFT JOIN series s ON s.reg_cik = c.cik
       WHERE c.exchange IS NOT NULL AND (f.series_id IS NOT NULL OR coalesce(s.n, 0) <= 1))
     SELECT t.symbol, coalesce(n.series_name, n.reg_name) AS name, n.reg_cik AS cik, n.series_id AS "seriesId", n.net_assets AS "netAssets", n.period
     FROM target t JOIN nport_filings n ON n.reg_cik = t.cik AND (t.series_id IS NULL OR n.series_id = t.series_id)
     QUALIFY row_number() OVER (PARTITION BY t.symbol ORDER BY n.period DESC, n.filed DESC, n.net_assets DESC NULLS LAST) = 1
     ORDER BY "netAssets" DESC NULLS LAST, t.symbol`,
  );
}

export interface FundHoldingRow {
  name: string;
  title: string | null;
  cusip: string | null;
  isin: string | null;
  ticker: string | null;
  balance: number | null;
  units: string | null;
  valueUsd: number | null;
  pctNetAssets: number | null;
  assetCat: string | null;
  issuerCat: string | null;
  country: string | null;
  maturity: string | null;
  couponRate: number | null;
}

export interface Breakdown {
  name: string;
  pctNetAssets: number;
  valueUsd: number;
  holdings: number;
}

export interface Performance {
  asOf: string;
  close: number;
  returns: Record<'1m' | '3m' | 'ytd' | '1y', number | null>;
  /** Any close the returns are computed from was generated (the latest close or a return's base close). */
  synthetic: boolean;
}

export interface EtfData {
  profile: {
    symbol: string;
    name: string;
    cik: number;
    seriesId: string | null;
    netAssets: number | null;
    totalAssets: number | null;
    holdingsCount: number;
    period: string;
    filed: string;
    /** Null for a document published without an accession number. */
    accession: string | null;
  };
  holdings: FundHoldingRow[];
  /** By the issuer's sector (company profile via the security master); `Unclassified` otherwise. */
  sectorBreakdown: Breakdown[];
  /** By N-PORT asset category (EC equity, DBT debt, ABS-MBS ...). */
  assetBreakdown: Breakdown[];
  performance: Performance | null;
  /** The N-PORT filing every figure of the answer comes from (EDGAR filing index) and how its filing date is known; synthetic for a generated filing. */
  provenance: FilingProvenanceData;
  /** The N-PORT report date (period) the holdings are as of. */
  dataThrough: string;
  /** Last successful run of the `nport` job in the run ledger. */
  fetchedAt: string | null;
}

/**
 * Price returns for `symbol` from the `prices` table (adjusted close when present): the latest
 * close against the last close on or before one month, three months and a year earlier and the
 * last close of the year before. `synthetic` when any of those closes was generated: the returns
 * are computed from them alone, whatever the closes between them were, and however far back a
 * base close lies (a window of fixed width around the bases missed a generated base close older
 * than the window when the series had a gap).
 */
export async function pricePerformance(db: Db, symbol: string): Promise<Performance | null> {
  const rows = await db.all<{ asOf: string; close: number; m1: number | null; m3: number | null; ytd: number | null; y1: number | null; synthetic: boolean }>(
    `WITH p AS (SELECT date, close, coalesce(adj_close, close) AS px, synthetic FROM prices WHERE ticker = $s),
     last AS (SELECT max(date) AS d FROM p),
     dates AS (SELECT last.d AS d,
                   (SELECT max(date) FROM p WHERE date <= last.d - INTERVAL 1 MONTH) AS d1,
                   (SELECT max(date) FROM p WHERE date <= last.d - INTERVAL 3 MONTH) AS d3,
                   (SELECT max(date) FROM p WHERE date < date_trunc('year', last.d)) AS dy,
                   (SELECT max(date) FROM p WHERE date <= last.d - INTERVAL 1 YEAR) AS d12 FROM last)
     SELECT dates.d AS "asOf", cur.close,
            round(100 * (cur.px / m1.px - 1), 4) AS m1, round(100 * (cur.px / m3.px - 1), 4) AS m3,
            round(100 * (cur.px / ytd.px - 1), 4) AS ytd, round(100 * (cur.px / y1.px - 1), 4) AS y1,
            cur.synthetic OR coalesce(m1.synthetic OR m3.synthetic OR ytd.synthetic OR y1.synthetic, false) AS synthetic
     FROM dates JOIN p cur ON cur.date = dates.d
     LEFT JOIN p m1 ON m1.date = dates.d1 LEFT JOIN p m3 ON m3.date = dates.d3 LEFT JOIN p ytd ON ytd.date = dates.dy LEFT JOIN p y1 ON y1.date = dates.d12`,
    { s: symbol.toUpperCase() },
  );
  const r = rows[0];
  if (!r) return null;
  return { asOf: r.asOf, close: r.close, returns: { '1m': r.m1, '3m': r.m3, ytd: r.ytd, '1y': r.y1 }, synthetic: r.synthetic };
}

const HOLDING_COLUMNS = `h.name, h.title, h.cusip, h.isin, h.ticker, h.balance, h.units, h.value_usd AS "valueUsd", h.pct_net_assets AS "pctNetAssets",
  h.asset_cat AS "assetCat", h.issuer_cat AS "issuerCat", h.country, h.maturity, h.coupon_rate AS "couponRate"`;

/**
 * ETF (or any N-PORT fund) profile, top holdings, sector and asset breakdowns and performance.
 * @example await etfData(db, 'SPY', 10)
 */
export async function etfData(db: Db, symbol: string, maxHoldings = 25): Promise<EtfData | null> {
  const fund = await resolveFund(db, symbol);
  if (!fund) return null;
  const [f] = await db.all<{ netAssets: number | null; totalAssets: number | null; holdingsCount: number; synthetic: boolean; docPath: string; filedBasis: FiledBasisValue }>(
    'SELECT net_assets AS "netAssets", total_assets AS "totalAssets", holdings_count AS "holdingsCount", synthetic, doc_path AS "docPath", filed_basis AS "filedBasis" FROM nport_filings WHERE accession = $1',
    [fund.accession],
  );
  if (!f) return null;
  const holdings = await db.all<FundHoldingRow>(
    `SELECT ${HOLDING_COLUMNS} FROM nport_holdings h WHERE h.accession = $acc ORDER BY h.value_usd DESC NULLS LAST, h.row LIMIT $limit`,
    { acc: fund.accession, limit: maxHoldings },
  );
  const breakdown = (expr: string, join = ''): Promise<Breakdown[]> =>
    db.all<Breakdown>(
      `SELECT ${expr} AS name, round(sum(h.pct_net_assets), 6) AS "pctNetAssets", sum(h.value_usd) AS "valueUsd", count(*)::INTEGER AS holdings
       FROM nport_holdings h ${join} WHERE h.accession = $acc GROUP BY 1 ORDER BY "valueUsd" DESC NULLS LAST, name`,
      { acc: fund.accession },
    );
  return {
    profile: { symbol: fund.symbol, name: fund.name, cik: fund.regCik, seriesId: fund.seriesId, netAssets: f?.netAssets ?? null, totalAssets: f?.totalAssets ?? null, holdingsCount: f?.holdingsCount ?? 0, period: fund.period, filed: fund.filed, accession: servedAccession(fund.accession) },
    holdings,
    sectorBreakdown: await breakdown(
      "coalesce(nullif(cp.sector, ''), 'Unclassified')",
      'LEFT JOIN securities s ON s.cusip = h.cusip LEFT JOIN company_profiles cp ON cp.cik = s.cik',
    ),
    assetBreakdown: await breakdown("coalesce(h.asset_cat, 'Unknown')"),
    performance: await pricePerformance(db, fund.symbol),
    provenance: filingProvenance(fund.regCik, fund.accession, f.docPath, f.synthetic, f.filedBasis),
    dataThrough: fund.period,
    fetchedAt: await fetchedAt(db, ['nport']),
  };
}

export interface EtfComparison {
  funds: { symbol: string; name: string; netAssets: number | null; holdingsCount: number; period: string; performance: Performance | null }[];
  /** Pairwise overlap: the sum over common securities of the smaller weight (percent of net assets). */
  overlap: { a: string; b: string; commonHoldings: number; weightOverlapPct: number }[];
  missing: string[];
}

/**
 * Compares several funds: profile, performance, and pairwise holdings overlap (common securities
 * matched by CUSIP, else ISIN, else name).
 * @example await etfCompare(db, ['SPY', 'SYN000037818'])
 */
export async function etfCompare(db: Db, symbols: string[]): Promise<EtfComparison> {
  const refs: FundRef[] = [];
  const missing: string[] = [];
  for (const s of symbols) {
    const r = await resolveFund(db, s);
    if (r) refs.push(r);
    else missing.push(s.toUpperCase());
  }
  const funds = [];
  for (const r of refs) {
    const [f] = await db.all<{ netAssets: number | null; holdingsCount: number }>('SELECT net_assets AS "netAssets", holdings_count AS "holdingsCount" FROM nport_filings WHERE accession = $1', [r.accession]);
    funds.push({ symbol: r.symbol, name: r.name, netAssets: f?.netAssets ?? null, holdingsCount: f?.holdingsCount ?? 0, period: r.period, performance: await pricePerformance(db, r.symbol) });
  }
  const overlap = [];
  for (let i = 0; i < refs.length; i++) {
    for (let j = i + 1; j < refs.length; j++) {
      const [o] = await db.all<{ common: number; weight: number | null }>(
        `WITH a AS (SELECT coalesce(cusip, isin, upper(name)) AS k, sum(pct_net_assets) AS w FROM nport_holdings WHERE accession = $a GROUP BY 1),
              b AS (SELECT coalesce(cusip, isin, upper(name)) AS k, sum(pct_net_assets) AS w FROM nport_holdings WHERE accession = $b GROUP BY 1)
         SELECT count(*)::INTEGER AS common, round(sum(least(a.w, b.w)), 6) AS weight FROM a JOIN b USING (k) WHERE a.w > 0 AND b.w > 0`,
        { a: refs[i]!.accession, b: refs[j]!.accession },
      );
      overlap.push({ a: refs[i]!.symbol, b: refs[j]!.symbol, commonHoldings: o?.common ?? 0, weightOverlapPct: o?.weight ?? 0 });
    }
  }
  return { funds, overlap, missing };
}

export interface FundHolderRow {
  regCik: number;
  fundName: string;
  seriesId: string | null;
  period: string;
  filed: string;
  /** The N-PORT's accession number; null for a document published without one. */
  accession: string | null;
  balance: number | null;
  units: string | null;
  valueUsd: number | null;
  pctNetAssets: number | null;
  /** The N-PORT the row is read from (its EDGAR filing index; the document itself without an accession). */
  provenance: FilingProvenanceData;
}

/**
 * Which funds hold a security (by CUSIP, ISIN or ticker), each fund's latest N-PORT only,
 * largest position first (ties by fund and filing, so `offset` pages are stable).
 * @example await fundsHoldingSecurity(db, '037833100')
 */
export async function fundsHoldingSecurity(db: Db, id: string, limit = 100, offset = 0): Promise<FundHolderRow[]> {
  type Raw = Omit<FundHolderRow, 'accession' | 'provenance'> & { accession: string; synthetic: boolean; docPath: string | null; filedBasis: FiledBasisValue };
  const rows = await db.all<Raw>(
    `WITH latest AS (
       SELECT accession FROM nport_filings QUALIFY row_number() OVER (PARTITION BY reg_cik, coalesce(series_id, '') ORDER BY period DESC, filed DESC) = 1),
     ids AS (SELECT cusip FROM securities WHERE ticker = $id OR isin = $id OR cusip = $id UNION SELECT $id)
     SELECT n.reg_cik AS "regCik", coalesce(n.series_name, n.reg_name) AS "fundName", n.series_id AS "seriesId", n.period, n.filed, n.accession,
            n.synthetic, n.doc_path AS "docPath", n.filed_basis AS "filedBasis",
            sum(h.balance) AS balance, any_value(h.units) AS units, sum(h.value_usd) AS "valueUsd", sum(h.pct_net_assets) AS "pctNetAssets"
     FROM nport_holdings h JOIN latest USING (accession) JOIN nport_filings n USING (accession)
     WHERE h.cusip IN (SELECT cusip FROM ids) OR h.isin = $id OR h.ticker = $id
     GROUP BY ALL ORDER BY "valueUsd" DESC NULLS LAST, "regCik", accession LIMIT $limit OFFSET $offset`,
    { id: id.trim().toUpperCase(), limit, offset },
  );
  // The warehouse keys a document published without an accession number by its folder name
  // (`unknown-accession-...`): that is not an accession, and is never served as one.
  return rows.map(({ synthetic, docPath, filedBasis, ...r }) => ({
    ...r,
    accession: servedAccession(r.accession),
    provenance: filingProvenance(r.regCik, r.accession, docPath, synthetic, filedBasis),
  }));
}
