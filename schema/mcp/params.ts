/** Argument schemas shared by the tool catalog (JSON arguments: numbers are numbers, not strings). */
import { z } from 'zod';

/** A ticker symbol; upper-cased. */
export const ticker = z
  .string()
  .trim()
  .min(1)
  .max(12)
  .regex(/^[A-Za-z0-9.\-^]+$/, 'must be a symbol such as AAPL or BRK.B')
  .transform((s) => s.toUpperCase());

/** A calendar date `YYYY-MM-DD`. */
export const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'must be a real calendar date YYYY-MM-DD');

/** "As known on" date for point-in-time data (default: today). */
export const asOf = date.optional().describe('point in time; default today');

/** An SEC CIK (digits, leading zeros optional). */
export const cik = z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/, 'must be a CIK (digits)')]).transform((v) => Number(v));

/** A free-text query of at least `min` characters. */
export const text = (min = 1, max = 100) => z.string().trim().min(min).max(max);
