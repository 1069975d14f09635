/** Price queries: the latest quote of a ticker (last two closes) and daily history. */
import type { Db } from '../db.ts';
import { memoized } from '../serving.ts';

export interface Quote {
  ticker: string;
  /** Trading day of the latest close. */
  date: string;
  current: number;
  previousClose: number | null;
  /** current - previousClose, rounded to 4 decimals; null with a single close. */
  change: number | null;
  /** change / previousClose * 100, rounded to 4 decimals. */
  changePercent: number | null;
  open: number | null;
  high: number | null;
  low: number | null;
  volume: number | null;
}

const r4 = (n: number): number => Math.round(n * 1e4) / 1e4;

/**
 * The latest close of `ticker` on or before `asOf` (default: the latest), with the change against
 * the close before it. Null when the ticker has no prices.
 */
export async function latestQuote(db: Db, ticker: string, asOf: string | null = null): Promise<Quote | null> {
  const rows = await memoized(db, `quote:${ticker.toUpperCase()}:${asOf}`, () =>
    db.all<{ date: string; close: number; open: number | null; high: number | null; low: number | null; volume: number | null }>(
      `SELECT date, close, open, high, low, volume FROM prices
       WHERE ticker = $1 AND ($2::DATE IS NULL OR date <= $2::DATE)
       ORDER BY date DESC LIMIT 2`,
      [ticker.toUpperCase(), asOf],
    ),
  );
  const [last, prev] = rows;
  if (!last) return null;
  const change = prev ? r4(last.close - prev.close) : null;
  return {
    ticker: ticker.toUpperCase(),
    date: last.date,
    current: last.close,
    previousClose: prev?.close ?? null,
    change,
    changePercent: prev ? r4(((last.close - prev.close) / prev.close) * 100) : null,
    open: last.open,
    high: last.high,
    low: last.low,
    volume: last.volume,
  };
}

export interface PriceBar {
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  adjClose: number | null;
  volume: number | null;
  dividend: number;
  splitRatio: number;
}

/** Daily bars of `ticker` between `start` and `end` (inclusive, either may be null), oldest first. */
export async function priceHistory(db: Db, ticker: string, start: string | null = null, end: string | null = null): Promise<PriceBar[]> {
  return db.all<PriceBar>(
    `SELECT date, open, high, low, close, adj_close AS "adjClose", volume, dividend, split_ratio AS "splitRatio"
     FROM prices WHERE ticker = $1 AND ($2::DATE IS NULL OR date >= $2::DATE) AND ($3::DATE IS NULL OR date <= $3::DATE)
     ORDER BY date`,
    [ticker.toUpperCase(), start, end],
  );
}

/** Tickers that have prices, with their first and last trading day. */
export async function priceCoverage(db: Db): Promise<{ ticker: string; first: string; last: string; days: number }[]> {
  return db.all(`SELECT ticker, min(date) AS first, max(date) AS last, count(*)::INTEGER AS days FROM prices GROUP BY ticker ORDER BY ticker`);
}
