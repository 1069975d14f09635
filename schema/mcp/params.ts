/** Argument schemas shared by the tool catalog (JSON arguments: numbers are numbers, not strings). */
import { z } from 'zod';
import { boundedNumber, CIK_RULE, CIK_TEXT, IsoDate, TICKER_CHARACTERS } from '../common.ts';
import { MAX_HOLDINGS } from '../limits.ts';

/** A ticker symbol; upper-cased. */
export const ticker = z
  .string()
  .trim()
  .min(1)
  .max(12)
  .regex(TICKER_CHARACTERS, 'must be a symbol such as AAPL or BRK-B')
  .toUpperCase();

/** A calendar date `YYYY-MM-DD`. */
export const date = IsoDate;

/** "As known on" date for point-in-time data (default: today). */
export const asOf = date.optional().describe('point in time; default today');

/** An SEC CIK (digits, leading zeros optional). */
export const cik = z
  .union([z.number({ error: CIK_RULE }).int(CIK_RULE).min(1, CIK_RULE).max(9_999_999_999, CIK_RULE), z.string({ error: CIK_RULE }).regex(CIK_TEXT, CIK_RULE)], { error: CIK_RULE })
  .transform((v) => Number(v));

/** A free-text query of at least `min` characters. */
export const text = (min = 1, max = 100) => z.string().trim().min(min).max(max);

/** REST's `max_holdings`: only the N largest positions (here: default every one, paged with `cursor`). */
export const maxHoldings = boundedNumber({ ...MAX_HOLDINGS, coerce: false }).optional().describe('only the N largest; default all');
