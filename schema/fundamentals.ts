/**
 * Standardized fundamentals: the line items, the ordered XBRL concepts each is read from, and the
 * request/result shapes of `/api/fundamentals-pit`, `/api/fundamentals-history`,
 * `/api/fundamentals-pit/universe`, `/api/fundamentals-pit/stats` and `/api/data/bulk` (spec 2.6, 4.4).
 */
import { z } from 'zod';
import { boundedNumber, IsoDate, missing, TICKER_CHARACTERS } from './common.ts';
import { CatalogDataset } from './datasets.ts';
import { DateFallback, FRESHNESS, newest, newestOf, Provenance, type DataThrough } from './provenance.ts';

/** How a concept's facts attach to a fiscal period. */
export type ConceptKind = 'duration' | 'instant' | 'cover';

export interface ConceptSource {
  taxonomy: 'us-gaap' | 'dei' | 'ifrs-full';
  concept: string;
  unit: 'USD' | 'USD/shares' | 'shares';
  kind: ConceptKind;
  /**
   * When a period has any fact of this concept, lower-ranked concepts are ignored for that period
   * (the cover-page share count is per filing; a later balance sheet's count is a different measure).
   */
  exclusive?: boolean;
}

const usd = (concept: string, kind: ConceptKind = 'duration'): ConceptSource => ({ taxonomy: 'us-gaap', concept, unit: 'USD', kind });
const perShare = (concept: string): ConceptSource => ({ taxonomy: 'us-gaap', concept, unit: 'USD/shares', kind: 'duration' });
/** IFRS filers (20-F) that report in USD; ranked after every us-gaap concept. */
const ifrs = (concept: string, kind: ConceptKind = 'duration', unit: ConceptSource['unit'] = 'USD'): ConceptSource => ({ taxonomy: 'ifrs-full', concept, unit, kind });

/**
 * Standardized items, each with its ordered concept list (first = preferred). For every company,
 * period and filing the highest-ranked concept that filing reported for that period is used, so a
 * company that changes tags is read with the tag it used for each period, and the newest period
 * never falls back to an old tag's stale value. Only USD (and USD/shares, shares) facts are used;
 * ifrs-full concepts (foreign filers' 20-F) rank after every us-gaap one.
 */
export const STANDARD_ITEMS = {
  revenue: [
    usd('RevenuesNetOfInterestExpense'),
    usd('Revenues'),
    usd('RevenueFromContractWithCustomerExcludingAssessedTax'),
    usd('RevenueFromContractWithCustomerIncludingAssessedTax'),
    usd('SalesRevenueNet'),
    usd('SalesRevenueGoodsNet'),
    usd('SalesRevenueServicesNet'),
    usd('GrossInvestmentIncomeOperating'),
    ifrs('Revenue'),
  ],
  costOfRevenue: [usd('CostOfRevenue'), usd('CostOfGoodsAndServicesSold'), usd('CostOfGoodsSold'), usd('CostOfServices'), ifrs('CostOfSales')],
  grossProfit: [usd('GrossProfit'), ifrs('GrossProfit')],
  operatingIncome: [usd('OperatingIncomeLoss'), ifrs('ProfitLossFromOperatingActivities')],
  netIncome: [usd('NetIncomeLoss'), usd('ProfitLoss'), usd('NetIncomeLossAvailableToCommonStockholdersBasic'), usd('NetIncreaseDecreaseInNetAssetsResultingFromOperations'), ifrs('ProfitLossAttributableToOwnersOfParent'), ifrs('ProfitLoss')],
  totalAssets: [usd('Assets', 'instant'), ifrs('Assets', 'instant')],
  currentAssets: [usd('AssetsCurrent', 'instant'), ifrs('CurrentAssets', 'instant')],
  totalLiabilities: [usd('Liabilities', 'instant'), ifrs('Liabilities', 'instant')],
  currentLiabilities: [usd('LiabilitiesCurrent', 'instant'), ifrs('CurrentLiabilities', 'instant')],
  stockholdersEquity: [usd('StockholdersEquity', 'instant'), usd('StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', 'instant'), ifrs('EquityAttributableToOwnersOfParent', 'instant'), ifrs('Equity', 'instant')],
  operatingCashFlow: [usd('NetCashProvidedByUsedInOperatingActivities'), usd('NetCashProvidedByUsedInOperatingActivitiesContinuingOperations'), ifrs('CashFlowsFromUsedInOperatingActivities')],
  investingCashFlow: [usd('NetCashProvidedByUsedInInvestingActivities'), usd('NetCashProvidedByUsedInInvestingActivitiesContinuingOperations'), ifrs('CashFlowsFromUsedInInvestingActivities')],
  financingCashFlow: [usd('NetCashProvidedByUsedInFinancingActivities'), usd('NetCashProvidedByUsedInFinancingActivitiesContinuingOperations'), ifrs('CashFlowsFromUsedInFinancingActivities')],
  epsBasic: [perShare('EarningsPerShareBasic'), perShare('EarningsPerShareBasicAndDiluted'), ifrs('BasicEarningsLossPerShare', 'duration', 'USD/shares')],
  epsDiluted: [perShare('EarningsPerShareDiluted'), perShare('EarningsPerShareBasicAndDiluted'), ifrs('DilutedEarningsLossPerShare', 'duration', 'USD/shares')],
  longTermDebt: [usd('LongTermDebtNoncurrent', 'instant'), usd('LongTermDebt', 'instant'), usd('LongTermDebtAndCapitalLeaseObligations', 'instant')],
  sharesOutstanding: [
    { taxonomy: 'dei', concept: 'EntityCommonStockSharesOutstanding', unit: 'shares', kind: 'cover', exclusive: true },
    { taxonomy: 'us-gaap', concept: 'CommonStockSharesOutstanding', unit: 'shares', kind: 'instant' },
  ],
  dividendsPerShare: [perShare('CommonStockDividendsPerShareDeclared'), perShare('CommonStockDividendsPerShareCashPaid')],
} as const satisfies Record<string, readonly ConceptSource[]>;

export type StandardItem = keyof typeof STANDARD_ITEMS;
export const STANDARD_ITEM_NAMES = Object.keys(STANDARD_ITEMS) as StandardItem[];

/** Column of `fund_statements` for each item (snake_case of the item name). */
export const itemColumn = (item: StandardItem): string => item.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Forms whose XBRL facts define a company's fiscal periods. */
export const PERIODIC_FORMS = ['10-K', '10-K/A', '10-Q', '10-Q/A', '10-KT', '10-KT/A', '20-F', '20-F/A', '40-F', '40-F/A'] as const;

/** The date the bulk price-history endpoint was retired (spec section 9). */
export const BULK_HISTORY_RETIRED = '2026-09-14';
/** Most tickers per bulk request (spec 8.4). */
export const BULK_MAX_TICKERS = 100;

// ---- request shapes ----

/** `YYYY-MM-DD`, checked to be a real calendar date. */
export { IsoDate };

const Ticker = z
  .string({ error: missing("missing required parameter 'ticker'") })
  .trim()
  .min(1, "parameter 'ticker' must not be empty")
  .max(12)
  .regex(TICKER_CHARACTERS, "parameter 'ticker' must be a ticker symbol")
  .toUpperCase();

// ---- result shapes ----

const num = z.number().nullable();

/** The `fundamentals` group (spec 2.6). */
export const FundamentalsGroup = z.object({
  revenue: num,
  costOfRevenue: num,
  grossProfit: num,
  operatingIncome: num,
  netIncome: num,
  totalAssets: num,
  currentAssets: num,
  totalLiabilities: num,
  currentLiabilities: num,
  stockholdersEquity: num,
  operatingCashFlow: num,
  investingCashFlow: num,
  financingCashFlow: num,
  epsBasic: num,
  epsDiluted: num,
  longTermDebt: num,
  sharesOutstanding: num,
  dividendsPerShare: num,
});

/** The `metrics` group (spec 2.6): ratios of the same point-in-time values; null when an input is missing. */
export const MetricsGroup = z.object({
  grossMargin: num,
  operatingMargin: num,
  netMargin: num,
  roa: num,
  roe: num,
  currentRatio: num,
});

export const ValueSource = z.object({
  accession: z.string(),
  form: z.string(),
  filed: z.string(),
  concept: z.string(),
  derived: z.boolean(),
});

export const PitStatement = z.object({
  fiscalYear: z.number().int(),
  fiscalPeriod: z.enum(['FY', 'Q1', 'Q2', 'Q3', 'Q4']),
  periodEnd: z.string(),
  /** The filing event that made this version of the statement current. */
  filingDate: z.string(),
  accession: z.string(),
  form: z.string(),
  /**
   * true when this version replaced an earlier one for the same period: a value restated (a 10-K/A,
   * a restated comparative) or a value first reported by a later filing (a cash flow statement
   * filed after the quarter's first figures); `sources` says which values each filing gave.
   */
  restated: z.boolean(),
  fundamentals: FundamentalsGroup,
  metrics: MetricsGroup,
  /** Per item: the filing each value came from. */
  sources: z.record(z.string(), ValueSource),
});

/**
 * The point in time of `fundamentals-pit` and its universe: `date`, the spec's name, and its
 * documented alias `as_of`, the point-in-time name of every other REST route (README, "Point in
 * time: one name"). Both given and different: 400.
 */
const pointInTime = {
  date: IsoDate.optional().describe('as known on this date, YYYY-MM-DD; default: today'),
  as_of: IsoDate.optional().describe("alias of 'date' (the point-in-time parameter of the other REST routes)"),
};
const oneDate: [(q: { date?: string; as_of?: string }) => boolean, { message: string; path: string[] }] = [
  (q) => !(q.date && q.as_of && q.date !== q.as_of),
  { message: "give 'date' or its alias 'as_of', not two different dates", path: ['as_of'] },
];

/** The point in time a `pointInTime` query asks for (undefined: today). */
export const pointInTimeOf = (q: { date?: string; as_of?: string }): string | undefined => q.date ?? q.as_of;

export const PitQuery = z.object({ ticker: Ticker, ...pointInTime }).refine(...oneDate);

export const PitResult = z.object({
  ticker: z.string(),
  cik: z.number().int(),
  name: z.string(),
  asOf: z.string(),
  source: z.literal('sec'),
  statement: PitStatement,
  /** The filing the statement was taken from (its EDGAR filing index). */
  provenance: Provenance,
  /** The date asked and the filing date of the statement served, when they differ. */
  fallback: DateFallback.optional(),
  dataThrough: FRESHNESS.dataThrough.describe('the end of the fiscal period the statement covers (YYYY-MM-DD)'),
  fetchedAt: FRESHNESS.fetchedAt,
});

export const HistoryQuery = z.object({
  ticker: Ticker,
  /** Default: the first filing (`HISTORY_START`). */
  start: IsoDate.optional(),
  /** Default: today. */
  end: IsoDate.optional(),
});

/** A history's `start` when none is given, on every door: before any filing. */
const HISTORY_START = '1900-01-01';

/**
 * What every door says of an `end` before `HISTORY_START` when no `start` was given: the range is
 * empty because of the default, and naming `start` (which the caller never sent) misled (found by
 * probing from outside).
 */
export const END_BEFORE_HISTORY = `is before ${HISTORY_START}, the earliest date served`;

/**
 * A history's range as every door reads it: `start` defaults to `HISTORY_START`, `end` to today;
 * `fault` says what is wrong with the range that makes, for each door to word in its own way
 * (`end` before `HISTORY_START` with no `start` given, or `start` after `end`), else null.
 */
export function historyRange(start: string | null | undefined, end: string | null | undefined, today: string): { from: string; to: string; fault: 'end' | 'start' | null } {
  const from = start ?? HISTORY_START;
  const to = end ?? today;
  return { from, to, fault: from <= to ? null : start == null ? 'end' : 'start' };
}

export const HistoryEntry = z.object({
  filingDate: z.string(),
  accession: z.string(),
  form: z.string(),
  url: z.string().describe('the filing index on EDGAR').optional(),
  statements: z.array(PitStatement),
});

export const HistoryResult = z.object({
  ticker: z.string(),
  cik: z.number().int(),
  start: z.string(),
  end: z.string(),
  entries: z.array(HistoryEntry),
  ...FRESHNESS,
});

/** Largest universe page (about 1.3 MB of JSON) and offset (a million tickers: past every filer EDGAR has). */
export const UNIVERSE_MAX_LIMIT = 10_000;
export const UNIVERSE_MAX_OFFSET = 1_000_000;

export const UniverseQuery = z
  .object({
    ...pointInTime,
    limit: boundedNumber({ min: 1, max: UNIVERSE_MAX_LIMIT, int: true })
      .optional()
      .describe(`tickers to return, in ticker order (a page, at most ${UNIVERSE_MAX_LIMIT}); default every ticker from \`offset\``),
    offset: boundedNumber({ min: 0, max: UNIVERSE_MAX_OFFSET, int: true })
      .optional()
      .describe('tickers to skip before the page (pagination: offset += limit until offset >= total); default 0'),
  })
  .refine(...oneDate);

export const UniverseResult = z.object({
  asOf: z.string(),
  count: z.number().int().describe('tickers in this answer'),
  total: z.number().int().optional().describe('every ticker with point-in-time data on the date (a page only: `limit` or `offset` asked)'),
  offset: z.number().int().optional().describe('tickers skipped before this page (a page only)'),
  limit: z.number().int().optional().describe('the page size asked (a page only, when asked)'),
  tickers: z.array(
    z.object({
      ticker: z.string(),
      cik: z.number().int(),
      fiscalYear: z.number().int(),
      fiscalPeriod: z.string(),
      periodEnd: z.string(),
      filingDate: z.string(),
    }),
  ),
});

export const StatsResult = z.object({
  companies: z.number().int(),
  companiesWithFundamentals: z.number().int(),
  facts: z.number().int(),
  filings: z.number().int(),
  statements: z.number().int(),
  factsFiledFrom: z.string().nullable(),
  factsFiledTo: z.string().nullable(),
  filingsFrom: z.string().nullable(),
  filingsTo: z.string().nullable(),
  snapshot: z.string().nullable(),
  lastRuns: z.array(
    z.object({
      job: z.string(),
      status: z.string(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      docsOk: z.number().int(),
      docsQuarantined: z.number().int(),
      rowsOut: z.number().int(),
    }),
  ),
  datasets: z.array(CatalogDataset).describe('coverage and freshness of every dataset, as GET /api/coverage serves them'),
});

export const BULK_GROUPS = ['fundamentals', 'metrics'] as const;
/** Retired groups and why (spec 2.6, 9). */
export const RETIRED_GROUPS: Record<string, string> = {
  price: 'retired: bulk exports carry only filing-derived fundamentals; prices, volumes and market capitalization are not part of the bulk export',
};
export const BULK_FORMATS = ['json', 'csv', 'arrow', 'parquet'] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];

export const BulkQuery = z.object({
  tickers: z.string({ error: missing("missing required parameter 'tickers' (comma-separated, at most 100)") }).trim().min(1, "parameter 'tickers' must not be empty"),
  fields: z.string().optional(),
  format: z.enum(BULK_FORMATS).optional(),
  as_of: IsoDate.optional().describe('as known on this date, YYYY-MM-DD; default: today'),
});

export const BulkRow = z.object({
  ticker: z.string(),
  cik: z.number().int(),
  fiscalYear: z.number().int(),
  fiscalPeriod: z.string(),
  periodEnd: z.string(),
  filingDate: z.string(),
  accession: z.string(),
  form: z.string(),
  source: z.literal('sec'),
  provenance: Provenance.describe('the filing the row comes from (EDGAR filing index)'),
  fundamentals: FundamentalsGroup.optional(),
  metrics: MetricsGroup.optional(),
});

export const WithheldRow = z.object({ ticker: z.string(), reason: z.string() });

export const BulkResult = z.object({
  asOf: z.string(),
  fields: z.array(z.enum(BULK_GROUPS)),
  rows: z.array(BulkRow),
  withheld: z.array(WithheldRow),
  retiredFields: z.record(z.string(), z.string()).optional(),
  ...FRESHNESS,
});

/** `dataThrough` of the point-in-time universe (its rows): the newest fiscal period end listed. */
export const universeThrough = newestOf('periodEnd');

/** `dataThrough` of a fundamentals history (its entries): the newest fiscal period end of any statement. */
export const historyThrough: DataThrough<readonly { statements: readonly { periodEnd: string }[] }[]> = (entries) =>
  newest(...entries.flatMap((e) => e.statements.map((s) => s.periodEnd)));

/** `dataThrough` of the fundamentals statistics: the newest filing date of the facts and filings counted. */
export const statsThrough: DataThrough<{ factsFiledTo: string | null; filingsTo: string | null }> = (a) => newest(a.factsFiledTo, a.filingsTo);
