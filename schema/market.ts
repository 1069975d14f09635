/**
 * Request and result shapes of `/api/data` (the ticker snapshot, spec 2.3) and `/api/screener`
 * (spec 4.4, 2.5, 8.4).
 */
import { z } from 'zod';
import { boundedNumber, MAX_AMOUNT_USD, missing, TICKER_CHARACTERS_OR_EMPTY } from './common.ts';
import { FRESHNESS, Provenance } from './provenance.ts';

// ---- /api/data ----

/** `/api/data` without a ticker (spec 3.4's example of a 400); it names the parameter as every other route's refusal does. */
export const NO_TICKER = "no ticker provided: missing required parameter 'ticker'";

export const DataQuery = z.object({
  // Empty passes here so the handler can say "no ticker provided" (spec 3.4); the symbol's
  // characters, length and case are every door's (TICKER_CHARACTERS, 12, upper-cased).
  ticker: z
    .string({ error: missing(NO_TICKER) })
    .trim()
    .max(12)
    .regex(TICKER_CHARACTERS_OR_EMPTY, 'must be a symbol such as AAPL or BRK.B')
    .toUpperCase()
    .describe('the ticker symbol (missing or empty -> 400 "no ticker provided")'),
  nocache: z.enum(['0', '1', 'true', 'false']).optional().describe('`1` (or `true`) forces a fresh snapshot, bypassing the response cache; `0`/`false` (the default) may be answered from it'),
  fields: z.string().max(1000).optional().describe('comma-separated field names; dotted names select inside an object, e.g. price.current,profile.name'),
});

const num = z.number().nullable();

export const SnapshotPrice = z.object({
  current: z.number(),
  change: num,
  changePercent: num.describe('percent: (current - previousClose) / previousClose * 100, from the last two closes'),
  previousClose: num,
  /** Trading day of `current`. */
  date: z.string(),
  open: num,
  high: num,
  low: num,
  volume: num,
  currency: z.literal('USD'),
  /** The price file the close came from, and whether that close was generated. */
  provenance: Provenance,
});

export const SnapshotFundamentals = z.object({
  marketCap: num.describe('latest close x shares outstanding (point-in-time); null for a 20-F filer, whose listed security may be a depositary share of several ordinary shares'),
  pe: num.describe('latest close / trailing-twelve-month diluted EPS; null when EPS <= 0 or missing, and for a 20-F filer (as marketCap)'),
  eps: num.describe('trailing-twelve-month diluted EPS'),
  epsDiluted: num.describe('diluted EPS of the latest fiscal period'),
  epsBasic: num,
  dividendYield: num.describe('percent: dividends going ex in the last 12 months (price file) / latest close * 100'),
  dividendsTtm: num,
  revenue: num,
  netIncome: num,
  totalAssets: num,
  totalLiabilities: num,
  stockholdersEquity: num,
  operatingCashFlow: num,
  longTermDebt: num,
  sharesOutstanding: num,
  grossMargin: num,
  operatingMargin: num,
  netMargin: num,
  roa: num,
  roe: num,
  currentRatio: num,
  fiscalYear: num,
  fiscalPeriod: z.string().nullable(),
  periodEnd: z.string().nullable(),
  filingDate: z.string().nullable(),
  accession: z.string().nullable(),
  form: z.string().nullable(),
  source: z.literal('sec'),
  /** The filing the statement was taken from (EDGAR filing index). */
  provenance: Provenance,
});

export const SnapshotProfile = z.object({
  name: z.string(),
  cik: z.number().int(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  sicCode: z.string().nullable(),
  sicDescription: z.string().nullable(),
  exchange: z.string().nullable(),
  fiscalYearEnd: z.string().nullable(),
  stateOfIncorporation: z.string().nullable(),
  formerNames: z.array(z.object({ name: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
});

export const SnapshotFiling = z.object({
  form: z.string(),
  filed: z.string(),
  accession: z.string(),
  reportDate: z.string().nullable(),
  url: z.string().nullable().describe('the filing index on EDGAR'),
});

export const SnapshotTechnicals = z.object({
  asOf: z.string(),
  sma20: num,
  sma50: num,
  sma200: num,
  ema12: num,
  ema26: num,
  rsi14: num,
  macd: num,
  macdSignal: num,
  macdHistogram: num,
  high52Week: num,
  low52Week: num,
  volatility30d: num.describe('annualised standard deviation of 30 daily log returns, as a fraction'),
  avgVolume30d: num,
  synthetic: z.boolean().describe('true when any close of the year the indicators are computed over was generated'),
});

/** Present only when a source supplies a target; never a buy/hold/sell rating (spec section 1). */
export const SnapshotPriceTarget = z.object({
  mean: z.number(),
  source: z.string(),
  /** The date Almanac fetched the target (YYYY-MM-DD). */
  fetchedAt: z.string(),
  /** Only when the same source gives it. */
  analystCount: z.number().int().optional(),
  synthetic: z.boolean().describe('true for an illustrative target, not fetched from an analyst data source'),
});

export const TickerSnapshot = z.object({
  ticker: z.string(),
  price: SnapshotPrice.nullable(),
  fundamentals: SnapshotFundamentals.nullable(),
  profile: SnapshotProfile,
  filings: z.array(SnapshotFiling),
  technicals: SnapshotTechnicals.nullable(),
  priceTarget: SnapshotPriceTarget.optional(),
  synthetic: z.boolean().describe('true when any part served (price, technicals, price target) is or is computed from generated data'),
  ...FRESHNESS,
});
export type TickerSnapshotData = z.infer<typeof TickerSnapshot>;

/** Field names `fields=` accepts: the top-level names and, for objects, `name.sub`. */
export const SNAPSHOT_FIELDS: Record<string, readonly string[] | null> = {
  ticker: null,
  price: Object.keys(SnapshotPrice.shape),
  fundamentals: Object.keys(SnapshotFundamentals.shape),
  profile: Object.keys(SnapshotProfile.shape),
  filings: null,
  technicals: Object.keys(SnapshotTechnicals.shape),
  priceTarget: Object.keys(SnapshotPriceTarget.shape),
  synthetic: null,
  dataThrough: null,
  fetchedAt: null,
};

// ---- /api/screener ----

export const SCREENER_MAX_LIMIT = 500;
export const SCREENER_LOCKED_ROWS = 3;
/** The largest `offset` accepted (far above any universe; a bound for validation only). */
export const SCREENER_MAX_OFFSET = 10_000_000;

/** Fields `sort` accepts (`field`, `field:asc|desc`, or `-field` for descending). */
export const SCREENER_SORT_FIELDS = ['marketCap', 'pe', 'dividendYield', 'price', 'changePercent', 'revenue', 'netMargin', 'roe', 'eps', 'ticker', 'name'] as const;
export type ScreenerSortField = (typeof SCREENER_SORT_FIELDS)[number];

/** The screener's numeric filters and their bounds: the REST query, saved screens and the MCP tool read them from here. */
export const SCREEN_BOUNDS = {
  mktcap_min: { min: 0, max: MAX_AMOUNT_USD },
  pe_max: { min: -1e6, max: 1e6 },
  div_yield_min: { min: 0, max: 1000 },
} as const;

/** What the screener uses when `sort` or `limit` is not given, at every door (REST, MCP, saved screens). */
export const SCREENER_DEFAULTS = { sort: 'marketCap:desc', limit: 50 } as const;

/**
 * The screener's `sort`, one rule at every door: `field`, `field:asc|desc` or `-field`, surrounding
 * spaces trimmed. MCP run_screener kept its own copy (another message, and ` pe` refused).
 */
export const screenerSort = z
  .string()
  .trim()
  .regex(new RegExp(`^-?(${SCREENER_SORT_FIELDS.join('|')})(:(asc|desc))?$`), `must be one of ${SCREENER_SORT_FIELDS.join(', ')}, optionally with :asc or :desc (or a leading -)`);

/**
 * The screener's `limit`, one rule at every door: a whole number from 1; any above
 * `SCREENER_MAX_LIMIT` is capped (spec 8.4), including those past 2^53 that `.int()` would refuse.
 * `coerce`: REST's query text; MCP takes a JSON number. MCP run_screener refused what REST capped.
 */
export function screenerLimit(options: { coerce: boolean }) {
  const base = options.coerce ? z.coerce.number() : z.number();
  return z.preprocess(
    (v) => {
      const n = options.coerce && typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      return typeof n === 'number' && Number.isInteger(n) && n > SCREENER_MAX_LIMIT ? SCREENER_MAX_LIMIT : v;
    },
    base
      .int()
      .min(1)
      .transform((n) => Math.min(n, SCREENER_MAX_LIMIT)),
  );
}

export const ScreenerQuery = z.object({
  mktcap_min: boundedNumber(SCREEN_BOUNDS.mktcap_min).optional().describe('minimum market capitalisation, USD'),
  pe_max: boundedNumber(SCREEN_BOUNDS.pe_max).optional().describe('maximum P/E (companies without a positive P/E are excluded)'),
  div_yield_min: boundedNumber(SCREEN_BOUNDS.div_yield_min).optional().describe('minimum dividend yield, percent (2 = 2%)'),
  sector: z.string().trim().min(1).max(100).optional().describe('sector name, case-insensitive exact match'),
  sort: screenerSort.default(SCREENER_DEFAULTS.sort),
  limit: screenerLimit({ coerce: true })
    .default(SCREENER_DEFAULTS.limit)
    .describe(`rows to return; default ${SCREENER_DEFAULTS.limit}; values above ${SCREENER_MAX_LIMIT} are capped at ${SCREENER_MAX_LIMIT}`),
  offset: boundedNumber({ min: 0, max: SCREENER_MAX_OFFSET, int: true })
    .optional()
    .describe('matches to skip before the rows returned (pagination: offset += limit until offset >= total); default 0'),
});

export const ScreenerRow = z.object({
  ticker: z.string(),
  name: z.string(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  exchange: z.string().nullable(),
  price: num,
  priceDate: z.string().nullable(),
  changePercent: num,
  marketCap: num.describe('close x shares outstanding; null for a 20-F filer (its listed security may be a depositary share of several ordinary shares)'),
  pe: num.describe('close / trailing-twelve-month diluted EPS; null when EPS <= 0 or missing, and for a 20-F filer'),
  eps: num,
  dividendYield: num,
  revenue: num,
  netMargin: num,
  roe: num,
  fiscalYear: num,
  periodEnd: z.string().nullable(),
  filingDate: z.string().nullable(),
  priceProvenance: Provenance.describe('the price file of the close (synthetic for generated prices)'),
  fundamentalsProvenance: Provenance.nullable().describe('the filing of the fundamentals (EDGAR filing index); null without filing-derived fundamentals'),
});
export type ScreenerRowData = z.infer<typeof ScreenerRow>;

export const ScreenerResult = z.object({
  /** Number of matches (all of them, not only the rows returned). */
  total: z.number().int(),
  /** The limit applied (after the cap of 500). */
  limit: z.number().int(),
  sort: z.string(),
  /** True below the Researcher tier: only the top three matches are returned (spec 2.5). */
  locked: z.boolean(),
  /** With `locked`: the total match count. */
  locked_total: z.number().int().optional(),
  results: z.array(ScreenerRow),
  ...FRESHNESS,
});

/** What `fields=` returns: only the selected fields, each object with only its selected members. */
export const TickerSnapshotSelection = z
  .object({
    ticker: z.string(),
    price: SnapshotPrice.partial().nullable(),
    fundamentals: SnapshotFundamentals.partial().nullable(),
    profile: SnapshotProfile.partial(),
    filings: z.array(SnapshotFiling),
    technicals: SnapshotTechnicals.partial().nullable(),
    priceTarget: SnapshotPriceTarget.partial(),
    synthetic: z.boolean(),
    ...FRESHNESS,
  })
  .partial();
