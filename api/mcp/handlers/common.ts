/** Small helpers shared by tool handlers. */
import type { Db } from '../../../warehouse/db.ts';
import { companyByTicker, type CompanyRow } from '../../../warehouse/queries/companies.ts';
import { NotFoundError } from '../../errors.ts';

/** The company listed under `ticker`, or a not-found error that tells the agent what to do. */
export async function requireCompany(db: Db, ticker: string): Promise<CompanyRow> {
  const company = await companyByTicker(db, ticker);
  if (!company) throw new NotFoundError(`unknown ticker ${ticker}: try search_tickers`);
  return company;
}

/** The median of the non-null numbers, or null. */
export function median(values: (number | null | undefined)[]): number | null {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2;
}

/** Rounds to `digits` decimals (null stays null). */
export function round(n: number | null, digits = 4): number | null {
  if (n === null || !Number.isFinite(n)) return null;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** A holdings tool without `maxHoldings` answers every position (the list is paged), as it did before the argument. */
export const EVERY_HOLDING = 100_000;
