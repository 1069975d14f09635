/** Technical indicators (computed by the `technicals` job; definitions in pipelines/jobs/technicals.ts). */
import type { Db } from '../db.ts';
import { memoized } from '../serving.ts';

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

export const TECHNICALS_COLUMNS = `strftime(date, '%Y-%m-%d') AS "asOf", sma20, sma50, sma200, ema12, ema26, rsi14, macd,
  macd_signal AS "macdSignal", macd_histogram AS "macdHistogram", high_52w AS "high52Week", low_52w AS "low52Week",
  volatility_30d AS "volatility30d", avg_volume_30d AS "avgVolume30d", dividend_ttm AS "dividendTtm",
  (SELECT coalesce(bool_or(w.synthetic), false) FROM prices w
   WHERE w.ticker = technicals.ticker AND w.date <= technicals.date AND w.date > technicals.date - INTERVAL 365 DAY) AS synthetic`;

/** The indicators of `ticker` on its latest trading day on or before `asOf` (default latest), or null. */
export async function latestTechnicals(db: Db, ticker: string, asOf: string | null = null): Promise<Technicals | null> {
  const rows = await memoized(db, `technicals:${ticker.toUpperCase()}:${asOf}`, () =>
    db.all<Technicals>(
      `SELECT ${TECHNICALS_COLUMNS} FROM technicals
       WHERE ticker = $1 AND ($2::DATE IS NULL OR date <= $2::DATE) ORDER BY date DESC LIMIT 1`,
      [ticker.toUpperCase(), asOf],
    ),
  );
  return rows[0] ? { ...rows[0] } : null;
}

/** The indicator series of `ticker` between two days (inclusive), oldest first. */
export async function technicalsHistory(db: Db, ticker: string, start: string | null, end: string | null): Promise<Technicals[]> {
  return db.all<Technicals>(
    `SELECT ${TECHNICALS_COLUMNS} FROM technicals
     WHERE ticker = $1 AND ($2::DATE IS NULL OR date >= $2::DATE) AND ($3::DATE IS NULL OR date <= $3::DATE) ORDER BY date`,
    [ticker.toUpperCase(), start, end],
  );
}
