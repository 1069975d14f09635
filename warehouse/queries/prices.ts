/** Price queries: the latest quote of a ticker (last two closes) and daily history. */
import { fallback, provenanceOf, type DateFallbackData, type ProvenanceData } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';
import { callerKeyedTicker, memoized } from '../serving.ts';
import { fetchedAt } from './freshness.ts';

export interface Quote {
  ticker: string;
  /** The price file of the close, and whether the close was generated. */
  provenance: ProvenanceData;
  /** Present when the close is of an earlier day than `asOf`. */
  fallback?: DateFallbackData;
  dataThrough: string;
  fetchedAt: string | null;
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
    db.all<{ date: string; close: number; open: number | null; high: number | null; low: number | null; volume: number | null; source: string; synthetic: boolean }>(
      `SELECT date, close, open, high, low, volume, source, synthetic FROM prices
       WHERE ticker = $1 AND ($2::DATE IS NULL OR date <= $2::DATE)
       ORDER BY date DESC LIMIT 2`,
      [ticker.toUpperCase(), asOf],
    ),
    // A date or a ticker of the caller's choosing: kept apart from the shared entries (`MemoOptions`).
    { callerKeyed: callerKeyedTicker(db, ticker, asOf) },
  );
  const [last, prev] = rows;
  if (!last) return null;
  const change = prev ? r4(last.close - prev.close) : null;
  const note = fallback(asOf, last.date, 'no close on the requested date (weekend, holiday or not loaded): the latest earlier one');
  return {
    ticker: ticker.toUpperCase(),
    provenance: provenanceOf(last.source, last.synthetic),
    ...(note ? { fallback: note } : {}),
    dataThrough: last.date,
    fetchedAt: await fetchedAt(db, ['prices']),
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
  /** Generated, not taken from the source (any generated day, for week and month bars). */
  synthetic: boolean;
}

/** Bar length of a price history: one trading day, or the trading days of an ISO week or a calendar month. */
export const PRICE_INTERVALS = ['day', 'week', 'month'] as const;
export type PriceInterval = (typeof PRICE_INTERVALS)[number];

/**
 * Bars of `ticker` between `start` and `end` (inclusive, either may be null), oldest first.
 * `day` (default) is one bar per trading day. `week` (ISO weeks, Monday first) and `month`
 * aggregate the trading days of the period that fall in [start, end]: `date` is the first of
 * those days, open its open, close and adjClose the last day's, high/low the extremes, volume and
 * dividend the sums, splitRatio the product (1 = no split).
 *
 * @example
 * await priceHistory(db, 'AAPL', '2024-01-01', '2024-12-31', 'month'); // 12 bars
 */
export async function priceHistory(db: Db, ticker: string, start: string | null = null, end: string | null = null, interval: PriceInterval = 'day'): Promise<PriceBar[]> {
  const where = `ticker = $1 AND ($2::DATE IS NULL OR date >= $2::DATE) AND ($3::DATE IS NULL OR date <= $3::DATE)`;
  if (interval === 'day') {
    return db.all<PriceBar>(
      `SELECT date, open, high, low, close, adj_close AS "adjClose", volume, dividend, split_ratio AS "splitRatio", synthetic
       FROM prices WHERE ${where} ORDER BY date`,
      [ticker.toUpperCase(), start, end],
    );
  }
  const unit = interval === 'week' ? 'week' : 'month';
  return db.all<PriceBar>(
    `SELECT strftime(min(date), '%Y-%m-%d') AS date, arg_min(open, date) AS open, max(high) AS high, min(low) AS low,
       arg_max(close, date) AS close, arg_max(adj_close, date) AS "adjClose",
       CASE WHEN count(volume) = 0 THEN NULL ELSE sum(volume) END AS volume,
       sum(dividend) AS dividend, exp(sum(ln(split_ratio))) AS "splitRatio", bool_or(synthetic) AS synthetic
     FROM prices WHERE ${where} GROUP BY date_trunc('${unit}', date) ORDER BY 1`,
    [ticker.toUpperCase(), start, end],
  ).then((rows) => rows.map((r) => ({ ...r, volume: r.volume === null ? null : Number(r.volume), dividend: round(r.dividend, 8), splitRatio: round(r.splitRatio, 8) })));
}

const round = (n: number, digits: number): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** A cash dividend going ex on `date` (per share, as the price file reports it). */
export interface DividendAction {
  date: string;
  amount: number;
}

/** A split taking effect on `date`: `ratio` new shares per old share (2-for-1 = 2; a 1-for-10 reverse split = 0.1). */
export interface SplitAction {
  date: string;
  ratio: number;
}

export interface CorporateActions {
  dividends: DividendAction[];
  splits: SplitAction[];
  /** The ticker's price file; `synthetic` when any action listed is on a generated day. */
  provenance: ProvenanceData;
  /** The last trading day in the range: no action after the last one listed is known up to it (null without prices in the range). */
  dataThrough: string | null;
}

/**
 * Dividends and splits of `ticker` in [start, end] (either may be null), oldest first: the
 * non-zero `dividend` and non-1 `split_ratio` days of its price file.
 *
 * @example
 * await corporateActions(db, 'NVDA', null, null); // { dividends: [...], splits: [{ date: '2024-06-10', ratio: 10 }] }
 */
export async function corporateActions(db: Db, ticker: string, start: string | null = null, end: string | null = null): Promise<CorporateActions> {
  const params = [ticker.toUpperCase(), start, end];
  const inRange = `ticker = $1 AND ($2::DATE IS NULL OR date >= $2::DATE) AND ($3::DATE IS NULL OR date <= $3::DATE)`;
  const rows = await db.all<{ date: string; dividend: number; splitRatio: number; synthetic: boolean }>(
    `SELECT strftime(date, '%Y-%m-%d') AS date, dividend, split_ratio AS "splitRatio", synthetic FROM prices
     WHERE ${inRange} AND (dividend <> 0 OR split_ratio <> 1)
     ORDER BY date`,
    params,
  );
  // The price file the range was read from; for a range holding no day of it, the ticker's file
  // all the same (the answer "none" comes from it: an empty range said `source: "unknown"`).
  const dates = `($2::DATE IS NULL OR date >= $2::DATE) AND ($3::DATE IS NULL OR date <= $3::DATE)`;
  const [range] = await db.all<{ last: string | null; source: string | null }>(
    `SELECT strftime(max(date) FILTER (WHERE ${dates}), '%Y-%m-%d') AS last, coalesce(min(source) FILTER (WHERE ${dates}), min(source)) AS source
     FROM prices WHERE ticker = $1`,
    params,
  );
  return {
    dividends: rows.filter((r) => r.dividend !== 0).map((r) => ({ date: r.date, amount: r.dividend })),
    splits: rows.filter((r) => r.splitRatio !== 1).map((r) => ({ date: r.date, ratio: r.splitRatio })),
    provenance: provenanceOf(range?.source ?? null, rows.some((r) => r.synthetic)),
    dataThrough: range?.last ?? null,
  };
}

/** The key of one close in `syntheticCloses`' answer. */
export const closeKey = (ticker: string, date: string): string => `${ticker.toUpperCase()} ${date}`;

/**
 * Which of some closes were generated (the price table's flag), by `closeKey`: one query for them
 * all, however many (a paper account's fills since its reset are unbounded; a lookup each, one
 * after another, cost a query per fill and filled the snapshot's shared memo with them). A close
 * the table does not hold is not generated.
 * @example (await syntheticCloses(db, [{ ticker: 'KO', date: '2024-12-31' }])).has(closeKey('KO', '2024-12-31'))
 */
export async function syntheticCloses(db: Db, closes: readonly { ticker: string; date: string }[]): Promise<Set<string>> {
  const asked = new Map(closes.map((c) => [closeKey(c.ticker, c.date), c]));
  if (asked.size === 0) return new Set();
  const rows = await db.all<{ ticker: string; date: string }>(
    `WITH asked AS (SELECT unnest($1::VARCHAR[]) AS ticker, CAST(unnest($2::VARCHAR[]) AS DATE) AS date)
     SELECT p.ticker, strftime(p.date, '%Y-%m-%d') AS date FROM prices p JOIN asked USING (ticker, date) WHERE p.synthetic`,
    [[...asked.values()].map((c) => c.ticker.toUpperCase()), [...asked.values()].map((c) => c.date)],
  );
  return new Set(rows.map((r) => closeKey(r.ticker, r.date)));
}

/** True when `ticker` has at least one price row (tells "no bars in the range" from "unknown ticker"). */
export async function hasPrices(db: Db, ticker: string): Promise<boolean> {
  const rows = await db.all<{ one: number }>(`SELECT 1 AS one FROM prices WHERE ticker = $1 LIMIT 1`, [ticker.toUpperCase()]);
  return rows.length > 0;
}

/** Tickers that have prices, with their first and last trading day. */
export async function priceCoverage(db: Db): Promise<{ ticker: string; first: string; last: string; days: number }[]> {
  return db.all(`SELECT ticker, min(date) AS first, max(date) AS last, count(*)::INTEGER AS days FROM prices GROUP BY ticker ORDER BY ticker`);
}

/** What a price-history answer says about itself: the price file, whether any bar was generated, the newest bar, the ledger fetch. */
export async function priceHistoryMeta(db: Db, ticker: string, bars: readonly PriceBar[]) {
  const [doc] = await memoized(
    db,
    `price-doc:${ticker.toUpperCase()}`,
    () => db.all<{ source: string }>(`SELECT min(source) AS source FROM prices WHERE ticker = $1`, [ticker.toUpperCase()]),
    { callerKeyed: callerKeyedTicker(db, ticker) },
  );
  return {
    provenance: provenanceOf(doc?.source ?? null, bars.some((b) => b.synthetic)),
    dataThrough: bars.at(-1)?.date ?? null,
    fetchedAt: await fetchedAt(db, ['prices']),
  };
}
