/**
 * Request and result shapes of `/api/price-history` (OHLCV bars) and `/api/corporate-actions`
 * (dividends and splits). MCP `get_price_history` and GraphQL `Company.prices` take the same
 * parameters (`interval` included) and read the same query (warehouse/queries/prices.ts).
 */
import { z } from 'zod';
import { FRESHNESS, Provenance } from './provenance.ts';
import { IsoDate, missing, orderedRange, TICKER_CHARACTERS } from './common.ts';

/** Bar lengths (warehouse/queries/prices.ts `PRICE_INTERVALS`). */
export const PriceInterval = z.enum(['day', 'week', 'month']);

/** A ticker symbol, upper-cased (required). */
export const RequiredTicker = z
  .string({ error: missing("missing required parameter 'ticker'") })
  .trim()
  .min(1, "parameter 'ticker' must not be empty")
  .max(12)
  .regex(TICKER_CHARACTERS, 'must be a symbol such as AAPL or BRK.B')
  .toUpperCase();

const range = {
  ticker: RequiredTicker,
  start: IsoDate.optional().describe('first day (inclusive); default: the first day held'),
  end: IsoDate.optional().describe('last day (inclusive); default: the last day held'),
};

/** Refuses a range whose start is after its end (400 naming `start`): the rule of `orderedRange`, with this route's message. */
const [ordered] = orderedRange('start', 'end');
const ORDER_ERROR = { message: "parameter 'start' is after 'end'", path: ['start'] };

export const PriceHistoryQuery = z
  .object({
    ...range,
    interval: PriceInterval.default('day').describe('bar length: `day` (default), `week` (ISO weeks) or `month`'),
  })
  .refine(ordered, ORDER_ERROR);

export const PriceBar = z
  .object({
    date: z.string().describe('trading day; for week and month bars the first trading day of the period in the range'),
    open: z.number().nullable(),
    high: z.number().nullable(),
    low: z.number().nullable(),
    close: z.number().describe('split-adjusted close (the last trading day of the period)'),
    adjClose: z.number().nullable().describe('close adjusted for splits and dividends'),
    volume: z.number().nullable().describe('shares traded (summed over the period)'),
    dividend: z.number().describe('cash dividends per share going ex in the bar (0 = none)'),
    splitRatio: z.number().describe('split taking effect in the bar, new shares per old (1 = none)'),
    synthetic: z.boolean().describe('generated, not taken from the source (any generated day, for week and month bars)'),
  })
  .meta({ id: 'PriceBar' });

export const PriceHistoryResult = z.object({
  ticker: z.string(),
  interval: PriceInterval,
  start: z.string().nullable(),
  end: z.string().nullable(),
  bars: z.array(PriceBar).describe('oldest first; empty when the ticker has no prices in the range'),
  /** The ticker's price file; `synthetic` when any bar served was generated. */
  provenance: Provenance,
  ...FRESHNESS,
});

export const CorporateActionsQuery = z.object(range).refine(ordered, ORDER_ERROR);

export const CorporateActionsResult = z.object({
  ticker: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  dividends: z.array(z.object({ date: z.string().describe('ex-dividend date'), amount: z.number().describe('cash per share') })),
  splits: z.array(z.object({ date: z.string().describe('effective date'), ratio: z.number().describe('new shares per old share (2-for-1 = 2; 1-for-10 = 0.1)') })),
  /** The ticker's price file; `synthetic` when any action listed is on a generated day. */
  provenance: Provenance,
  dataThrough: z.string().nullable().describe('the last trading day in [start, end] (YYYY-MM-DD): no action after the last one listed is known up to it; null without prices in the range'),
});
