/**
 * Request and result shapes of `/api/portfolio-positions`, `/api/portfolio-history` and
 * `/api/portfolio/benchmark` (spec 2.4, 4.4). Position fields use the spec's snake_case names.
 */
import { z } from 'zod';
import { IsoDate, missing, PRICE_DECIMALS, SHARE_DECIMALS, TICKER_CHARACTERS, withinDecimals } from './common.ts';
import { newestOf, type DataThrough } from './provenance.ts';

/** The portfolio used when `portfolio_id` is omitted (spec 2.4). */
export const DEFAULT_PORTFOLIO = 'default';
/** Most portfolios per account and positions per portfolio (enforced atomically, api/store/portfolios.ts). */
export const PORTFOLIO_LIMITS = { portfolios: 20, positions: 1000 } as const;
/** Most shares one position may hold: one addition, and the total a second addition merges to (api/store/portfolios.ts). */
export const POSITION_MAX_SHARES = 1e12;
/** The broad US equity index fund portfolios are compared with. */
export const BENCHMARK_TICKER = 'SPY';
export const BENCHMARK_PERIODS = ['1M', '3M', '6M', 'YTD', '1Y', '3Y', '5Y'] as const;
export type BenchmarkPeriod = (typeof BENCHMARK_PERIODS)[number];

const isoDate = IsoDate;

export const PortfolioId = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'at most 64 characters')
  .regex(/^[A-Za-z0-9 _.\-]+$/, 'letters, digits, space, _ . - only');

const ticker = z
  .string({ error: missing("missing required body field 'ticker'") })
  .trim()
  .min(1)
  .max(12)
  .regex(TICKER_CHARACTERS, 'must be a ticker symbol')
  .toUpperCase();

export const PositionsQuery = z.object({
  portfolio_id: PortfolioId.default(DEFAULT_PORTFOLIO).describe('portfolio name; default `default`'),
});

/**
 * A position's shares and per-share cost, as REST's body and the MCP tool both take them (messages
 * name no field: each door says where). Shares follow paper trading's rule of at most
 * SHARE_DECIMALS decimal places: history replays holdings to 8 places, so 1e-12 shares was accepted
 * and then held as 0.
 */
export const PositionShares = z
  .number({ error: 'must be a number' })
  .finite()
  .positive('must be positive')
  .max(POSITION_MAX_SHARES, `must be at most ${POSITION_MAX_SHARES}`)
  .refine((n) => withinDecimals(n, SHARE_DECIMALS), `may have at most ${SHARE_DECIMALS} decimal places`);
/** Kept to PRICE_DECIMALS places: more was accepted and stored rounded (0.00004999 as 0). */
export const PositionCostBasis = z
  .number({ error: 'must be a number' })
  .finite()
  .nonnegative('must not be negative')
  .max(1e9, 'must be at most 1000000000')
  .refine((n) => withinDecimals(n, PRICE_DECIMALS), `may have at most ${PRICE_DECIMALS} decimal places`);

export const AddPositionBody = z
  .object({
    ticker,
    shares: PositionShares,
    cost_basis: PositionCostBasis,
    portfolio_id: PortfolioId.optional().describe('alternative to the query parameter'),
    date: isoDate.optional().describe('trade date YYYY-MM-DD; default: the latest trading day the service holds for the ticker'),
  })
  .strict();

export const RemovePositionBody = z
  .object({
    ticker,
    portfolio_id: PortfolioId.optional(),
    date: isoDate.optional().describe('date the position was closed; default: the latest trading day the service holds for the ticker'),
  })
  .strict();

export const Position = z.object({
  ticker: z.string(),
  shares: z.number(),
  cost_basis: z.number().describe('per-share cost (weighted average after several purchases)'),
  portfolio_id: z.string(),
  opened_on: z.string().describe('trading day the position first counted in the portfolio value'),
  price: z.number().nullable().describe('latest close'),
  price_date: z.string().nullable(),
  market_value: z.number().nullable(),
  unrealized_pnl: z.number().nullable().describe('(price - cost_basis) x shares'),
  synthetic: z.boolean().describe('true when `price`, the close valuing the position, was generated (sample prices between real anchors), not taken from the source'),
});
export const PositionList = z.array(Position);
export const RemovedPosition = z.object({ removed: Position });

export const HistoryQuery = z.object({
  portfolio_id: PortfolioId.default(DEFAULT_PORTFOLIO),
  days: z.coerce.number().int('must be a whole number').min(1).max(3660).default(30).describe('calendar days ending at the latest trading day (default 30)'),
});

export const HistoryPoint = z.object({
  date: z.string(),
  value: z.number().describe('sum of shares held at that close x close'),
  cost: z.number().describe('sum of shares held x their purchase prices'),
  positions: z.number().int(),
  synthetic: z.boolean().describe('true when any close `value` rests on (a close carried forward included) was generated'),
});

export const HistoryResult = z.object({
  portfolio_id: z.string(),
  days: z.number().int(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  series: z.array(HistoryPoint),
  disclaimer: z.string(),
  synthetic: z.boolean().describe('true when any value of the series rests on a generated close'),
});

export const BenchmarkQuery = z.object({
  portfolio_id: PortfolioId.default(DEFAULT_PORTFOLIO),
  period: z.enum(BENCHMARK_PERIODS, { error: `parameter 'period' must be one of ${BENCHMARK_PERIODS.join(', ')}` }).default('1Y'),
});

const ReturnPoint = z.object({ date: z.string(), return: z.number().describe('cumulative return since the start, as a fraction') });

export const BenchmarkResult = z.object({
  portfolio_id: z.string(),
  period: z.enum(BENCHMARK_PERIODS),
  start: z.string().describe('base date: the last trading day on or before the period start'),
  end: z.string(),
  portfolio: z.object({
    return: z.number().nullable().describe('time-weighted price return over the period; null when nothing was held'),
    series: z.array(ReturnPoint.extend({ value: z.number() })),
    synthetic: z.boolean().describe('true when any close the portfolio\'s values or returns rest on was generated'),
  }),
  benchmark: z.object({
    ticker: z.string(),
    name: z.string().nullable(),
    return: z.number(),
    series: z.array(ReturnPoint),
    synthetic: z.boolean().describe('true when any benchmark close of the period was generated'),
  }),
  excessReturn: z.number().nullable().describe('portfolio return minus benchmark return'),
  method: z.string(),
  disclaimer: z.string(),
  synthetic: z.boolean().describe('true when the portfolio or the benchmark rests on a generated close (either `synthetic` below)'),
});

/** `dataThrough` of a position list: the newest close valuing a position. */
export const positionsThrough = newestOf('price_date');

/** `dataThrough` of a portfolio series (history, benchmark): its last trading day. */
export const seriesThrough: DataThrough<{ end: string | null }> = (a) => a.end;
