/** Request and result shapes of the fund, ETF and bond routes (`/api/etf-*`, `/api/bond-search`, `/api/fund-holders`). */
import { z } from 'zod';
import { FilingProvenance, FRESHNESS, newest, newestOf, type DataThrough } from './provenance.ts';
import { IsoDate, listLimit, missing } from './common.ts';
import { LIST_LIMITS, MAX_HOLDINGS } from './limits.ts';

const date = IsoDate;
/** A fund or ETF symbol, one rule at every door (MCP get_etf_data and compare_etfs took any ticker, in other words). */
export const FundSymbol = z.string().trim().min(1).max(12).regex(/^[A-Za-z0-9.\-]+$/, 'must be a fund symbol').toUpperCase();
const symbol = FundSymbol;

export const EtfDataQuery = z.object({
  symbol: z.string({ error: missing("missing required parameter 'symbol'") }).pipe(symbol),
  max_holdings: z.coerce.number().int().min(MAX_HOLDINGS.min).max(MAX_HOLDINGS.max).default(25),
});

const Breakdown = z.object({ name: z.string(), pctNetAssets: z.number().nullable(), valueUsd: z.number().nullable(), holdings: z.number().int() });
const Performance = z
  .object({
    asOf: date,
    close: z.number().nullable(),
    returns: z.object({ '1m': z.number().nullable(), '3m': z.number().nullable(), ytd: z.number().nullable(), '1y': z.number().nullable() }),
    synthetic: z.boolean().describe('true when any close the returns are computed from was generated'),
  })
  .nullable()
  .describe('price returns in percent from the daily prices; null when there are no prices for the symbol');

export const FundHoldingRow = z.object({
  name: z.string(),
  title: z.string().nullable(),
  cusip: z.string().nullable(),
  isin: z.string().nullable(),
  ticker: z.string().nullable(),
  balance: z.number().nullable(),
  units: z.string().nullable().describe('NS shares, PA principal amount, NC contracts, OU other units'),
  valueUsd: z.number().nullable(),
  pctNetAssets: z.number().nullable().describe('percent of net assets (1.5 = 1.5 %)'),
  assetCat: z.string().nullable(),
  issuerCat: z.string().nullable(),
  country: z.string().nullable(),
  maturity: date.nullable(),
  couponRate: z.number().nullable(),
});

export const EtfDataResult = z.object({
  profile: z.object({
    symbol: z.string(),
    name: z.string(),
    cik: z.number().int(),
    seriesId: z.string().nullable(),
    netAssets: z.number().nullable(),
    totalAssets: z.number().nullable(),
    holdingsCount: z.number().int(),
    period: date,
    filed: date,
    accession: z.string().nullable().describe('null for a filing document published without an accession number'),
  }),
  holdings: z.array(FundHoldingRow),
  sectorBreakdown: z.array(Breakdown),
  assetBreakdown: z.array(Breakdown),
  performance: Performance,
  provenance: FilingProvenance.describe('the N-PORT filing the answer comes from (EDGAR filing index)'),
  ...FRESHNESS,
});

export const EtfCompareQuery = z.object({
  symbols: z
    .string({ error: missing("missing required parameter 'symbols' (comma-separated tickers)") })
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim().toUpperCase()).filter(Boolean))])
    .pipe(z.array(symbol).min(1, "parameter 'symbols' needs at least one ticker").max(10, "parameter 'symbols' takes at most 10 tickers")),
});

export const EtfCompareResult = z.object({
  funds: z.array(z.object({ symbol: z.string(), name: z.string(), netAssets: z.number().nullable(), holdingsCount: z.number().int(), period: date, performance: Performance })),
  overlap: z.array(z.object({ a: z.string(), b: z.string(), commonHoldings: z.number().int(), weightOverlapPct: z.number() })),
  missing: z.array(z.string()).describe('symbols with no N-PORT data'),
});

export const EtfListResult = z.array(
  z.object({ symbol: z.string(), name: z.string(), cik: z.number().int(), seriesId: z.string().nullable(), netAssets: z.number().nullable(), period: date }),
);

export const BondSearchQuery = z.object({
  q: z.string({ error: missing("missing required parameter 'q' (issuer name or CUSIP)") }).max(100),
  limit: listLimit(LIST_LIMITS.bondSearch),
});

export const BondSearchResult = z.array(
  z.object({
    cusip: z.string(),
    isin: z.string().nullable(),
    issuer: z.string(),
    title: z.string().nullable(),
    lei: z.string().nullable(),
    issuerCategory: z.string().nullable(),
    couponKind: z.string().nullable(),
    couponRate: z.number().nullable().describe('annualized coupon, percent'),
    maturity: date.nullable(),
    isDefault: z.boolean().nullable(),
    interestInArrears: z.boolean().nullable(),
    isPik: z.boolean().nullable(),
    holders: z.number().int().describe('funds holding it in their latest N-PORT'),
    totalParUsd: z.number().nullable(),
    totalValueUsd: z.number().nullable(),
    asOf: date,
    provenance: FilingProvenance.describe('the fund filing (N-PORT) the descriptive fields were taken from: the latest filed of those holding the bond'),
    sources: z.array(FilingProvenance).describe('every fund filing the row combines (one per holder, counted in holders and the totals), by accession'),
  }),
);

export const FundHoldersQuery = z.object({
  id: z.string({ error: missing("missing required parameter 'id' (CUSIP, ISIN or ticker)") }).trim().min(1).max(12),
  limit: listLimit(LIST_LIMITS.fundHolders),
});

export const FundHoldersResult = z.array(
  z.object({
    regCik: z.number().int(),
    fundName: z.string(),
    seriesId: z.string().nullable(),
    period: date,
    filed: date,
    accession: z.string().nullable().describe('null for a filing document published without an accession number'),
    balance: z.number().nullable(),
    units: z.string().nullable(),
    valueUsd: z.number().nullable(),
    pctNetAssets: z.number().nullable(),
    provenance: FilingProvenance.describe('the N-PORT the row is read from'),
  }),
);

/** `dataThrough` of the ETF list: the newest N-PORT report period listed. */
export const etfListThrough = newestOf('period');

/** `dataThrough` of an ETF comparison: the newest N-PORT report period of the funds compared. */
export const etfCompareThrough: DataThrough<{ funds: readonly { period: string }[] }> = (a) => newest(...a.funds.map((f) => f.period));
