/**
 * `technicals` (derived): indicators per ticker and trading day from `prices`, each using only
 * prices on or before its day. Definitions (all on the split-adjusted close):
 * - SMA n: mean of the last n closes.
 * - EMA n: seeded with the SMA of the first n closes, then `ema = close * k + ema * (1 - k)`, k = 2/(n+1).
 * - RSI 14 (Wilder): the first averages are the means of the first 14 gains and losses, then
 *   `avg = (avg * 13 + current) / 14`; RSI = 100 - 100 / (1 + avgGain / avgLoss) (100 when no loss).
 * - MACD = EMA 12 - EMA 26; signal = EMA 9 of MACD (seeded with the SMA of its first 9 values);
 *   histogram = MACD - signal.
 * - 52-week high / low: highest high and lowest low (close when the file has none) of the trading
 *   days in the 364 calendar days ending on the day.
 * - 30-day volatility: sample standard deviation of the last 30 daily log returns, times sqrt(252).
 * - 30-day average volume: mean of the last 30 volumes.
 * - Dividends TTM: dividends going ex in the 365 days ending on the day.
 * A value is null until there is enough history for it.
 */
import { appendRows } from '../../warehouse/load.ts';
import type { Job } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export interface Bar {
  date: string;
  high: number | null;
  low: number | null;
  close: number;
  volume: number | null;
  dividend: number;
}

export interface TechnicalRow {
  date: string;
  sma20: number | null;
  sma50: number | null;
  sma200: number | null;
  ema12: number | null;
  ema26: number | null;
  rsi14: number | null;
  macd: number | null;
  macdSignal: number | null;
  macdHistogram: number | null;
  high52w: number | null;
  low52w: number | null;
  volatility30d: number | null;
  avgVolume30d: number | null;
  dividendTtm: number;
}

const r6 = (n: number | null): number | null => (n === null || !Number.isFinite(n) ? null : Math.round(n * 1e6) / 1e6);

/** SMA series (null before `n` values). */
export function sma(values: number[], n: number): (number | null)[] {
  const out: (number | null)[] = [];
  let sum = 0;
  values.forEach((v, i) => {
    sum += v;
    if (i >= n) sum -= values[i - n]!;
    out.push(i >= n - 1 ? sum / n : null);
  });
  return out;
}

/** EMA series seeded with the SMA of the first `n` values (null before). Null inputs stay null. */
export function ema(values: (number | null)[], n: number): (number | null)[] {
  const k = 2 / (n + 1);
  const out: (number | null)[] = [];
  let prev: number | null = null;
  const seed: number[] = [];
  for (const v of values) {
    if (v === null) {
      out.push(null);
      continue;
    }
    if (prev === null) {
      seed.push(v);
      if (seed.length === n) prev = seed.reduce((a, b) => a + b, 0) / n;
      out.push(prev);
      continue;
    }
    prev = v * k + prev * (1 - k);
    out.push(prev);
  }
  return out;
}

/** Wilder's RSI series. */
export function rsi(closes: number[], n = 14): (number | null)[] {
  const out: (number | null)[] = closes.map(() => null);
  let avgGain = 0;
  let avgLoss = 0;
  for (let i = 1; i < closes.length; i++) {
    const ch = closes[i]! - closes[i - 1]!;
    const gain = Math.max(ch, 0);
    const loss = Math.max(-ch, 0);
    if (i <= n) {
      avgGain += gain / n;
      avgLoss += loss / n;
      if (i < n) continue;
    } else {
      avgGain = (avgGain * (n - 1) + gain) / n;
      avgLoss = (avgLoss * (n - 1) + loss) / n;
    }
    out[i] = avgLoss === 0 ? 100 : 100 - 100 / (1 + avgGain / avgLoss);
  }
  return out;
}

const DAY = 86_400_000;
const ms = (d: string): number => Date.parse(`${d}T00:00:00Z`);

/** Every indicator for every bar (bars sorted by date, oldest first). */
export function computeTechnicals(bars: Bar[]): TechnicalRow[] {
  const closes = bars.map((b) => b.close);
  const s20 = sma(closes, 20);
  const s50 = sma(closes, 50);
  const s200 = sma(closes, 200);
  const e12 = ema(closes, 12);
  const e26 = ema(closes, 26);
  const macd = e12.map((v, i) => (v === null || e26[i] === null ? null : v - e26[i]!));
  const signal = ema(macd, 9);
  const rsi14 = rsi(closes, 14);
  const logReturns = closes.map((c, i) => (i === 0 ? 0 : Math.log(c / closes[i - 1]!)));
  const out: TechnicalRow[] = [];
  let lo52 = 0; // first index inside the 52-week window
  let loDiv = 0; // first index inside the 365-day dividend window
  let divSum = 0;
  for (let i = 0; i < bars.length; i++) {
    const t = ms(bars[i]!.date);
    while (ms(bars[lo52]!.date) <= t - 364 * DAY) lo52++;
    divSum += bars[i]!.dividend;
    while (ms(bars[loDiv]!.date) <= t - 365 * DAY) divSum -= bars[loDiv++]!.dividend;
    let hi = -Infinity;
    let lo = Infinity;
    for (let j = lo52; j <= i; j++) {
      hi = Math.max(hi, bars[j]!.high ?? bars[j]!.close);
      lo = Math.min(lo, bars[j]!.low ?? bars[j]!.close);
    }
    let vol: number | null = null;
    if (i >= 30) {
      const rs = logReturns.slice(i - 29, i + 1);
      const mean = rs.reduce((a, b) => a + b, 0) / 30;
      const variance = rs.reduce((a, b) => a + (b - mean) ** 2, 0) / 29;
      vol = Math.sqrt(variance) * Math.sqrt(252);
    }
    let avgVol: number | null = null;
    if (i >= 29) {
      const vs = bars.slice(i - 29, i + 1).map((b) => b.volume);
      if (vs.every((v) => v !== null)) avgVol = (vs as number[]).reduce((a, b) => a + b, 0) / 30;
    }
    out.push({
      date: bars[i]!.date,
      sma20: r6(s20[i]!),
      sma50: r6(s50[i]!),
      sma200: r6(s200[i]!),
      ema12: r6(e12[i]!),
      ema26: r6(e26[i]!),
      rsi14: r6(rsi14[i]!),
      macd: r6(macd[i]!),
      macdSignal: r6(signal[i]!),
      macdHistogram: macd[i] === null || signal[i] === null ? null : r6(macd[i]! - signal[i]!),
      high52w: r6(hi),
      low52w: r6(lo),
      volatility30d: r6(vol),
      avgVolume30d: r6(avgVol),
      dividendTtm: r6(divSum) ?? 0,
    });
  }
  return out;
}

export const technicalsJob: Job<never> = {
  name: 'technicals',
  description: 'SMA 20/50/200, EMA 12/26, RSI 14, MACD, 52-week range, 30-day volatility and volume, dividends TTM, from prices',
  schedule: JOB_SCHEDULES['technicals'],
  after: ['prices'],
  derived: true,
  async documents() {
    return [];
  },
  parse() {
    throw new Error('technicals has no documents');
  },
  async load() {
    return { rowsIn: 0, rowsOut: 0 };
  },
  async finish(ctx) {
    // Rebuilt from prices each run: derived data, cheap to recompute, never stale after a price fix.
    await ctx.db.run('DELETE FROM technicals');
    await ctx.db.run('DELETE FROM price_latest');
    await ctx.db.run('DELETE FROM technicals_latest');
    // Indicators computed from any generated price are generated too (migration 0600).
    const tickers = await ctx.db.all<{ ticker: string; synthetic: boolean }>('SELECT ticker, bool_or(synthetic) AS synthetic FROM prices GROUP BY ticker ORDER BY ticker');
    let written = 0;
    for (const { ticker, synthetic } of tickers) {
      const bars = await ctx.db.all<Bar & { synthetic: boolean }>(
        'SELECT strftime(date, \'%Y-%m-%d\') AS date, high, low, close, volume, dividend, synthetic FROM prices WHERE ticker = $1 ORDER BY date',
        [ticker],
      );
      const rows = computeTechnicals(bars);
      const last = bars[bars.length - 1];
      const prev = bars[bars.length - 2];
      if (last) {
        const change = prev ? r6(last.close - prev.close) : null;
        const pct = prev ? r6(((last.close - prev.close) / prev.close) * 100) : null;
        const t = rows[rows.length - 1]!;
        written += await appendRows(ctx.conn, 'price_latest', [[ticker, last.date, last.close, prev?.close ?? null, change, pct, t.dividendTtm, t.avgVolume30d]], { synthetic });
        // The latest indicators, synthetic when a generated close falls in the year they span.
        const lastGenerated = bars.findLast((b) => b.synthetic)?.date;
        const generated = lastGenerated !== undefined && ms(lastGenerated) > ms(t.date) - 365 * DAY;
        written += await appendRows(ctx.conn, 'technicals_latest', [
          [ticker, t.date, t.sma20, t.sma50, t.sma200, t.ema12, t.ema26, t.rsi14, t.macd, t.macdSignal, t.macdHistogram, t.high52w, t.low52w, t.volatility30d, t.avgVolume30d, t.dividendTtm, generated],
        ]);
      }
      written += await appendRows(
        ctx.conn,
        'technicals',
        rows.map((r) => [ticker, r.date, r.sma20, r.sma50, r.sma200, r.ema12, r.ema26, r.rsi14, r.macd, r.macdSignal, r.macdHistogram, r.high52w, r.low52w, r.volatility30d, r.avgVolume30d, r.dividendTtm]),
        { synthetic },
      );
    }
    return written;
  },
};
