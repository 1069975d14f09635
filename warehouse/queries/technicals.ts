/** Technical indicators (computed by the `technicals` job; definitions in pipelines/jobs/technicals.ts). */
import type { Db } from '../db.ts';
import { callerKeyedTicker, memoized, seedPerTicker, tickerFilter } from '../serving.ts';
import { existingTables } from './catalog.ts';

export interface Technicals {
  /** The trading day the indicators are computed at. */
  asOf: string;
  sma20: number | null;
  sma50: number | null;
  sma200: number | null;
  ema12: number | null;
  ema26: number | null;
  rsi14: number | null;
  macd: number | null;
  macdSignal: number | null;
  macdHistogram: number | null;
  high52Week: number | null;
  low52Week: number | null;
  /** Annualised, as a fraction (0.25 = 25%). */
  volatility30d: number | null;
  avgVolume30d: number | null;
  dividendTtm: number | null;
  /**
   * Any generated close in the year ending on `asOf` (the window the indicators are computed
   * over): indicators of generated prices are generated too. The snapshot's technicals said so;
   * the MCP tool and GraphQL did not.
   */
  synthetic: boolean;
}

/** The indicator columns of a technicals row `t` (every column but `synthetic`). */
const INDICATOR_COLUMNS = `strftime(t.date, '%Y-%m-%d') AS "asOf", sma20, sma50, sma200, ema12, ema26, rsi14, macd,
  macd_signal AS "macdSignal", macd_histogram AS "macdHistogram", high_52w AS "high52Week", low_52w AS "low52Week",
  volatility_30d AS "volatility30d", avg_volume_30d AS "avgVolume30d", dividend_ttm AS "dividendTtm"`;

export const TECHNICALS_COLUMNS = `${INDICATOR_COLUMNS},
  coalesce(s.last_synthetic > t.date - INTERVAL 365 DAY, false) AS synthetic`;

/**
 * The technicals of ticker $1 (as `t`) with, for each day, the latest generated close on or before
 * it (`s.last_synthetic`, one pass over the ticker's closes): a row is synthetic when that close
 * is within the year its indicators span. A correlated subquery per row cost every row of the
 * ticker's history before the LIMIT (about 100x a latest-row lookup, found in review).
 */
const TECHNICALS_FROM = `technicals t LEFT JOIN (
    SELECT date, max(CASE WHEN synthetic THEN date END) OVER (ORDER BY date ROWS UNBOUNDED PRECEDING) AS last_synthetic
    FROM prices WHERE ticker = $1) s ON s.date = t.date`;

/** The indicators of `ticker` on its latest trading day on or before `asOf` (default latest), or null. */
export async function latestTechnicals(db: Db, ticker: string, asOf: string | null = null): Promise<Technicals | null> {
  // The latest row is kept by the technicals job (`technicals_latest`) in snapshots built since
  // migration 0640; an older one (a rollback) is read the long way.
  const kept = asOf === null && (await memoized(db, 'existing-tables', () => existingTables(db))).has('technicals_latest');
  const rows = await memoized(db, technicalsKey(ticker.toUpperCase(), asOf), () =>
    kept
      ? db.all<Technicals>(keptSql(false), [ticker.toUpperCase()])
      : db.all<Technicals>(
          `SELECT ${TECHNICALS_COLUMNS} FROM ${TECHNICALS_FROM}
           WHERE t.ticker = $1 AND ($2::DATE IS NULL OR t.date <= $2::DATE) ORDER BY t.date DESC LIMIT 1`,
          [ticker.toUpperCase(), asOf],
        ),
    // A date or a ticker of the caller's choosing: kept apart from the shared entries (`MemoOptions`).
    { callerKeyed: callerKeyedTicker(db, ticker, asOf) },
  );
  return rows[0] ? { ...rows[0] } : null;
}

const technicalsKey = (ticker: string, asOf: string | null): string => `technicals:${ticker}:${asOf}`;

/** The kept latest row of ticker $1 (`many`: of each ticker of the list $1, for `seedPerTicker`). */
function keptSql(many: boolean): string {
  const f = tickerFilter('t.ticker', many);
  return `SELECT ${INDICATOR_COLUMNS}, synthetic${f.select} FROM technicals_latest t WHERE ${f.where}`;
}

/**
 * `latestTechnicals(db, t)` of many listed tickers (upper case) in one query, kept as it keeps them;
 * nothing for a snapshot without `technicals_latest` (read the long way, one ticker at a time).
 */
export async function seedLatestTechnicals(db: Db, tickers: string[]): Promise<void> {
  if (!(await memoized(db, 'existing-tables', () => existingTables(db))).has('technicals_latest')) return;
  await seedPerTicker(db, tickers, (t) => technicalsKey(t, null), keptSql(true));
}

/** The indicator series of `ticker` between two days (inclusive), oldest first. */
export async function technicalsHistory(db: Db, ticker: string, start: string | null, end: string | null): Promise<Technicals[]> {
  return db.all<Technicals>(
    `SELECT ${TECHNICALS_COLUMNS} FROM ${TECHNICALS_FROM}
     WHERE t.ticker = $1 AND ($2::DATE IS NULL OR t.date >= $2::DATE) AND ($3::DATE IS NULL OR t.date <= $3::DATE) ORDER BY t.date`,
    [ticker.toUpperCase(), start, end],
  );
}
