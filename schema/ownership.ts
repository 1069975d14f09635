/** Request and result shapes of the insider and 13F routes (`/api/insiders*`, `/api/fund-holdings`, `/api/institutional-holders`, `/api/institutions/:cik`). */
import { z } from 'zod';
import { FilingProvenance, FRESHNESS, newest, type DataThrough } from './provenance.ts';
import { boundedNumber, Cik, CIK_RULE, CIK_TEXT, IsoDate, listLimit, MAX_AMOUNT_USD, missing, orderedRange, TICKER_CHARACTERS } from './common.ts';
import { LIST_LIMITS, MAX_HOLDINGS, OTHER_LIMITS } from './limits.ts';

const date = IsoDate;
const cik = Cik;
/** A 13F quarter: `2024Q2` or a quarter-end date `2024-06-30`. */
export const Quarter = z
  .string()
  .trim()
  .regex(/^(\d{4}-?Q[1-4]|\d{4}-(03-31|06-30|09-30|12-31))$/i, "must be a quarter like '2024Q2' or a quarter-end date '2024-06-30'");

export const InsiderOwner = z.object({
  cik: z.number().int(),
  name: z.string(),
  isDirector: z.boolean(),
  isOfficer: z.boolean(),
  officerTitle: z.string().nullable(),
  isTenPercentOwner: z.boolean(),
  isOther: z.boolean(),
  otherText: z.string().nullable(),
});

export const InsiderTrade = z.object({
  accession: z.string(),
  form: z.string().describe('3, 4, 5, 3/A, 4/A or 5/A'),
  filed: date,
  issuerCik: z.number().int(),
  issuerName: z.string().nullable(),
  ticker: z.string().nullable(),
  owners: z.array(InsiderOwner).describe('every reporting owner of the filing, in filing order'),
  table: z.enum(['non_derivative', 'derivative']),
  kind: z.enum(['transaction', 'holding']),
  securityTitle: z.string().nullable(),
  transactionDate: date.nullable(),
  code: z.string().nullable().describe('transaction code: P purchase, S sale, A grant, M exercise, F tax withholding, G gift ...'),
  shares: z.number().nullable(),
  price: z.number().nullable(),
  acquiredDisposed: z.string().nullable().describe('A acquired, D disposed'),
  sharesAfter: z.number().nullable(),
  directIndirect: z.string().nullable().describe('D direct, I indirect'),
  natureOfOwnership: z.string().nullable(),
  conversionPrice: z.number().nullable(),
  exerciseDate: date.nullable(),
  expirationDate: date.nullable(),
  underlyingTitle: z.string().nullable(),
  underlyingShares: z.number().nullable(),
  rule10b5One: z.boolean().nullable().describe('Rule 10b5-1 checkbox (schema X0407 and later; null before)'),
  footnotes: z.record(z.string(), z.array(z.string())).describe('footnote texts by the field they annotate'),
  supersededBy: z.string().nullable().describe('accession of the amendment that replaced this row'),
  /** The filing (EDGAR filing index under the issuer). */
  provenance: FilingProvenance,
});

/**
 * Transaction codes to filter by (P purchase, S sale, A grant ...): one letter each, at most
 * `INSIDER_CODES_MAX`. REST's `code` takes them comma-separated (`P,S`); MCP's and GraphQL's
 * `code` takes them as a list (`InsiderCodeList`), joined and read by `InsiderTradesQuery`.
 */
export const INSIDER_CODES_MAX = 26;
const INSIDER_CODES_BOUND = `must be at most ${INSIDER_CODES_MAX} transaction codes`;
export const InsiderCodeList = z.array(z.string().trim().regex(/^[A-Za-z]$/, 'must be transaction codes of one letter, like P')).max(INSIDER_CODES_MAX, INSIDER_CODES_BOUND);

export const InsiderTradesQuery = z
  .object({
    ticker: z.string().trim().min(1).max(12).regex(TICKER_CHARACTERS, 'must be a ticker symbol such as AAPL or BRK-B').toUpperCase().optional(),
    owner_cik: cik.optional(),
    owner: z.string().trim().min(2, "parameter 'owner' needs 2 or more characters").max(100).optional(),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z](,[A-Za-z])*$/, 'must be transaction codes like P or P,S')
      .refine((s) => s.split(',').length <= INSIDER_CODES_MAX, INSIDER_CODES_BOUND)
      .optional(),
    from: date.optional(),
    to: date.optional(),
    as_of: date.optional(),
    include_holdings: z.enum(['0', '1', 'true', 'false']).optional(),
    limit: listLimit(LIST_LIMITS.insiderTrades),
    offset: z.coerce.number().int().min(0).max(100000).default(0),
  })
  .refine((q) => q.ticker || q.owner_cik || q.owner, { message: "give 'ticker', 'owner_cik' or 'owner'", path: ['ticker'] })
  .refine(...orderedRange('from', 'to'));

export const InsiderTradesResult = z.array(InsiderTrade);

/** The bounds of the recent-insider-buys minimum (USD): REST's `min_value` and MCP's `minValue`. */
export const MIN_VALUE_USD = { min: 0, max: MAX_AMOUNT_USD } as const;

export const RecentBuysQuery = z.object({
  days: z.coerce.number().int().min(1).max(3650).default(90),
  min_value: boundedNumber(MIN_VALUE_USD).default(0),
  as_of: date.optional(),
  limit: listLimit(LIST_LIMITS.recentInsiderBuys),
});

export const RecentBuysResult = z.array(InsiderTrade.extend({ valueUsd: z.number().nullable() }));

const MAX_HOLDINGS_RULE = `parameter 'max_holdings' must be an integer from ${MAX_HOLDINGS.min} to ${MAX_HOLDINGS.max}`;

export const FundHoldingsQuery = z.object({
  cik: z.string({ error: missing("missing required parameter 'cik' (the fund's SEC CIK)") }).regex(CIK_TEXT, `parameter 'cik' ${CIK_RULE}`),
  max_holdings: z.coerce.number({ error: MAX_HOLDINGS_RULE }).int(MAX_HOLDINGS_RULE).min(MAX_HOLDINGS.min, MAX_HOLDINGS_RULE).max(MAX_HOLDINGS.max, MAX_HOLDINGS_RULE).default(OTHER_LIMITS.fundHoldingsDefault),
  quarter: Quarter.optional(),
  as_of: date.optional(),
});

const Holding13f = z.object({
  issuer: z.string(),
  titleOfClass: z.string().nullable(),
  cusip: z.string(),
  ticker: z.string().nullable(),
  valueUsd: z.number(),
  shares: z.number().nullable(),
  shareType: z.string().nullable(),
  putCall: z.string().nullable(),
  pctOfPortfolio: z.number(),
  provenance: FilingProvenance.describe('the 13F filing the position comes from (the one reporting most of its value; EDGAR filing index); synthetic when any part was generated'),
});

const AMENDMENTS_ONLY =
  'true when no original 13F-HR or RESTATEMENT of the quarter is loaded: the holdings are only what NEW HOLDINGS amendments report (a partial view of the quarter)';

export const FundHoldingsResult = z.object({
  cik: z.number().int(),
  manager: z.string(),
  period: date,
  filings: z.array(z.object({ accession: z.string(), form: z.string(), filed: date, amendmentType: z.string().nullable(), provenance: FilingProvenance })),
  amendmentsOnly: z.boolean().describe(AMENDMENTS_ONLY),
  positions: z.number().int(),
  totalValueUsd: z.number(),
  holdings: z.array(Holding13f),
  ...FRESHNESS,
});

export const InstitutionalHoldersQuery = z.object({
  ticker: z.string({ error: missing("missing required parameter 'ticker'") }).trim().min(1).max(12).regex(TICKER_CHARACTERS, 'must be a ticker symbol such as AAPL or BRK-B').toUpperCase(),
  quarter: Quarter.optional(),
  as_of: date.optional(),
  limit: listLimit(LIST_LIMITS.institutionalHolders),
});

export const InstitutionalHoldersResult = z.object({
  ticker: z.string(),
  cusips: z.array(z.string()),
  period: date,
  previousPeriod: date,
  splitFactor: z.number().describe('factor applied to previous-quarter shares (1 = no split)'),
  splitSource: z.enum(['prices', 'inferred']).nullable(),
  holders: z.array(
    z.object({
      cik: z.number().int(),
      manager: z.string(),
      period: date,
      shares: z.number(),
      valueUsd: z.number(),
      pctOfPortfolio: z.number(),
      previousShares: z.number().nullable(),
      changeShares: z.number().nullable(),
      change: z.enum(['new', 'increased', 'decreased', 'unchanged']),
      provenance: FilingProvenance.describe("the manager's 13F filing for the quarter (the one reporting most of the position; EDGAR filing index)"),
    }),
  ),
  totalShares: z.number(),
  totalValueUsd: z.number(),
  ...FRESHNESS,
});

export const CikParams = z.object({ cik });

export const FilerAnalyticsQuery = z.object({ as_of: date.optional().describe('as known on this date (filings after it are left out); default: today') });

export const FilerAnalyticsResult = z.object({
  cik: z.number().int(),
  manager: z.string(),
  quarters: z.array(
    z.object({
      period: date, filed: date, positions: z.number().int(), valueUsd: z.number(), newPositions: z.number().int(), exitedPositions: z.number().int(),
      amendmentsOnly: z.boolean().describe(AMENDMENTS_ONLY),
    }),
  ),
  top: z.array(Holding13f),
  concentrationTop10: z.number(),
});

/** `dataThrough` of a 13F filer's analytics: its newest quarter end. */
export const filerAnalyticsThrough: DataThrough<{ quarters: readonly { period: string }[] }> = (a) => newest(...a.quarters.map((q) => q.period));
