/**
 * Writes the sample corpus's daily price files `vendor/prices/<TICKER>.csv` (2022-01-03 to
 * 2024-12-31). SYNTHETIC BETWEEN ANCHORS: each series passes exactly through real public
 * quarter-end closes (split-adjusted, as best known; see ANCHORS) and, for AAPL, the last two
 * real closes of 2024; the days between are a deterministic Brownian bridge in log price (seeded
 * per ticker) with a per-ticker daily volatility. Dividends are the real per-share amounts on
 * approximate ex-dates; splits are the real ones (informational: closes are already
 * split-adjusted, the Yahoo convention). Volumes are noise around a typical daily volume.
 * Not market data: for demonstrations and tests only (see pipelines/sample/README.md).
 *
 * Run: node --import tsx pipelines/sample/generate-prices.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const QUARTER_ENDS = ['2021-12-31', '2022-03-31', '2022-06-30', '2022-09-30', '2022-12-30', '2023-03-31', '2023-06-30', '2023-09-29', '2023-12-29', '2024-03-28', '2024-06-28', '2024-09-30', '2024-12-31'];

/** Quarter-end closes, split-adjusted as of 2024-12-31. */
const ANCHORS: Record<string, number[]> = {
  AAPL: [177.57, 174.61, 136.72, 138.2, 129.93, 164.9, 193.97, 171.21, 192.53, 171.48, 210.62, 233.0, 250.42],
  NVDA: [29.41, 27.29, 15.16, 12.14, 14.61, 27.78, 42.3, 43.5, 49.52, 90.36, 123.54, 121.44, 134.29],
  MSFT: [336.32, 308.31, 256.83, 232.9, 239.82, 288.3, 340.54, 315.75, 376.04, 420.72, 446.95, 430.3, 421.5],
  GOOGL: [144.85, 139.07, 108.96, 95.65, 88.23, 103.73, 119.7, 130.86, 139.69, 150.93, 182.15, 165.85, 189.3],
  GOOG: [144.68, 139.65, 109.37, 96.15, 88.73, 104.0, 120.97, 131.85, 140.93, 152.26, 183.42, 167.19, 190.44],
  AMZN: [166.72, 163.0, 106.21, 113.0, 84.0, 103.29, 130.36, 127.12, 151.94, 180.38, 193.25, 186.33, 219.39],
  TSLA: [352.26, 359.2, 224.47, 265.25, 123.18, 207.46, 261.77, 250.22, 248.48, 175.79, 197.88, 261.63, 403.84],
  JPM: [158.35, 136.32, 112.61, 104.5, 134.1, 130.31, 145.44, 145.02, 170.1, 200.3, 202.26, 210.86, 239.71],
  SPY: [474.96, 451.64, 377.25, 357.18, 382.43, 409.39, 443.28, 427.48, 475.31, 523.07, 544.22, 573.76, 586.08],
  XOM: [61.19, 82.59, 85.64, 87.31, 110.3, 109.66, 107.25, 117.58, 99.98, 116.24, 115.12, 117.22, 107.57],
  ORCL: [87.21, 82.73, 69.87, 61.07, 81.74, 92.92, 119.09, 105.92, 105.43, 125.61, 141.2, 170.4, 166.64],
  JNJ: [171.07, 177.23, 177.51, 163.36, 176.65, 155.0, 165.52, 155.75, 156.74, 158.19, 146.16, 162.06, 144.62],
  KO: [59.21, 62.0, 62.91, 56.02, 63.61, 62.03, 60.22, 55.98, 58.93, 61.18, 63.65, 71.86, 62.26],
  A: [159.65, 132.33, 118.77, 121.55, 149.65, 138.34, 120.25, 111.82, 139.03, 145.51, 129.63, 148.48, 134.34],
  IT: [334.32, 297.46, 241.83, 276.69, 336.14, 325.77, 350.31, 343.61, 451.11, 476.67, 449.06, 506.76, 484.47],
  ARCC: [21.19, 22.34, 17.93, 16.88, 18.47, 18.27, 18.79, 19.47, 20.03, 20.82, 20.84, 20.95, 21.89],
  MAIN: [44.93, 42.32, 38.62, 33.6, 36.89, 38.1, 39.55, 40.7, 43.23, 47.52, 50.52, 50.21, 58.58],
};

/** Extra daily anchors (real closes): the changePercent fixture of the /api/data tests. */
const DAILY_ANCHORS: Record<string, Record<string, number>> = {
  AAPL: { '2024-12-30': 252.2, '2024-12-31': 250.42 },
};

/** Annualised volatility used for the bridge, and a typical daily volume (split-adjusted). */
const PROFILE: Record<string, [vol: number, volume: number]> = {
  AAPL: [0.26, 60e6], NVDA: [0.5, 400e6], MSFT: [0.25, 25e6], GOOGL: [0.3, 30e6], GOOG: [0.3, 22e6], AMZN: [0.35, 50e6],
  TSLA: [0.55, 100e6], JPM: [0.24, 10e6], SPY: [0.16, 80e6], XOM: [0.27, 18e6], ORCL: [0.3, 9e6], JNJ: [0.16, 7e6],
  KO: [0.15, 14e6], A: [0.28, 1.8e6], IT: [0.28, 0.5e6], ARCC: [0.18, 4e6], MAIN: [0.18, 0.4e6],
};

/** Dividends: [months (1-12), day of month of the approximate ex-date, amounts for 2022, 2023, 2024]. */
type DivPlan = { months: number[]; day: number; amounts: [number, number, number] | [number[], number[], number[]] };
const DIVIDENDS: Record<string, DivPlan[]> = {
  AAPL: [{ months: [2, 5, 8, 11], day: 7, amounts: [[0.22, 0.23, 0.23, 0.23], [0.23, 0.24, 0.24, 0.24], [0.24, 0.25, 0.25, 0.25]] }],
  MSFT: [{ months: [2, 5, 8, 11], day: 15, amounts: [[0.62, 0.62, 0.62, 0.68], [0.68, 0.68, 0.68, 0.75], [0.75, 0.75, 0.75, 0.83]] }],
  NVDA: [{ months: [3, 6, 9, 12], day: 6, amounts: [[0.004, 0.004, 0.004, 0.004], [0.004, 0.004, 0.004, 0.004], [0.004, 0.01, 0.01, 0.01]] }],
  GOOGL: [{ months: [6, 9, 12], day: 10, amounts: [[0, 0, 0], [0, 0, 0], [0.2, 0.2, 0.2]] }],
  GOOG: [{ months: [6, 9, 12], day: 10, amounts: [[0, 0, 0], [0, 0, 0], [0.2, 0.2, 0.2]] }],
  JPM: [{ months: [1, 4, 7, 10], day: 5, amounts: [[1, 1, 1, 1], [1, 1, 1.05, 1.05], [1.05, 1.15, 1.15, 1.25]] }],
  XOM: [{ months: [2, 5, 8, 11], day: 10, amounts: [[0.88, 0.88, 0.88, 0.91], [0.91, 0.91, 0.91, 0.95], [0.95, 0.95, 0.95, 0.99]] }],
  ORCL: [{ months: [1, 4, 7, 10], day: 10, amounts: [[0.32, 0.32, 0.32, 0.32], [0.32, 0.4, 0.4, 0.4], [0.4, 0.4, 0.4, 0.4]] }],
  JNJ: [{ months: [2, 5, 8, 11], day: 20, amounts: [[1.06, 1.13, 1.13, 1.13], [1.13, 1.19, 1.19, 1.19], [1.19, 1.24, 1.24, 1.24]] }],
  KO: [{ months: [3, 6, 9, 11], day: 14, amounts: [[0.44, 0.44, 0.44, 0.44], [0.46, 0.46, 0.46, 0.46], [0.485, 0.485, 0.485, 0.485]] }],
  A: [{ months: [1, 4, 7, 10], day: 2, amounts: [[0.21, 0.21, 0.21, 0.21], [0.225, 0.225, 0.225, 0.225], [0.236, 0.236, 0.236, 0.236]] }],
  ARCC: [{ months: [3, 6, 9, 12], day: 14, amounts: [[0.42, 0.42, 0.43, 0.48], [0.48, 0.48, 0.48, 0.48], [0.48, 0.48, 0.48, 0.48]] }],
  MAIN: [
    { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], day: 20, amounts: [0.215, 0.23, 0.245] },
    { months: [3, 6, 9, 12], day: 20, amounts: [0, 0.275, 0.275] },
  ],
  SPY: [{ months: [3, 6, 9, 12], day: 17, amounts: [[1.37, 1.58, 1.6, 1.78], [1.51, 1.64, 1.58, 1.91], [1.59, 1.76, 1.75, 1.97]] }],
};

/** Real splits in the period (ratio new:old), on the first split-adjusted trading day. */
const SPLITS: Record<string, Record<string, number>> = {
  AMZN: { '2022-06-06': 20 },
  GOOGL: { '2022-07-18': 20 },
  GOOG: { '2022-07-18': 20 },
  TSLA: { '2022-08-25': 3 },
  NVDA: { '2024-06-10': 10 },
};

const HOLIDAYS = new Set(
  `2022-01-17 2022-02-21 2022-04-15 2022-05-30 2022-06-20 2022-07-04 2022-09-05 2022-11-24 2022-12-26
  2023-01-02 2023-01-16 2023-02-20 2023-04-07 2023-05-29 2023-06-19 2023-07-04 2023-09-04 2023-11-23 2023-12-25
  2024-01-01 2024-01-15 2024-02-19 2024-03-29 2024-05-27 2024-06-19 2024-07-04 2024-09-02 2024-11-28 2024-12-25`.split(/\s+/),
);

function tradingDays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const iso = d.toISOString().slice(0, 10);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6 && !HOLIDAYS.has(iso)) out.push(iso);
  }
  return out;
}

function rng(seedText: string): () => number {
  let h = 2166136261;
  for (const ch of seedText) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gauss(r: () => number): number {
  const u = Math.max(r(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

const f2 = (n: number): string => n.toFixed(2);

function series(ticker: string): string {
  const r = rng(ticker);
  const [vol, avgVolume] = PROFILE[ticker]!;
  const daily = vol / Math.sqrt(252);
  const anchors = new Map<string, number>(QUARTER_ENDS.map((d, i) => [d, ANCHORS[ticker]![i]!]));
  for (const [d, v] of Object.entries(DAILY_ANCHORS[ticker] ?? {})) anchors.set(d, v);
  const anchorDates = [...anchors.keys()].sort();
  const days = tradingDays('2022-01-03', '2024-12-31');
  const logClose = new Map<string, number>();
  // Brownian bridge between consecutive anchors.
  for (let a = 0; a < anchorDates.length - 1; a++) {
    const start = anchorDates[a]!;
    const end = anchorDates[a + 1]!;
    const seg = days.filter((d) => d > start && d <= end);
    const x0 = Math.log(anchors.get(start)!);
    const x1 = Math.log(anchors.get(end)!);
    const walk = [0];
    for (let i = 0; i < seg.length; i++) walk.push(walk[i]! + daily * gauss(r));
    const n = seg.length;
    seg.forEach((d, i) => {
      const t = (i + 1) / n;
      logClose.set(d, x0 + (x1 - x0) * t + walk[i + 1]! - t * walk[n]!);
    });
  }
  const dividends = new Map<string, number>();
  for (const plan of DIVIDENDS[ticker] ?? []) {
    [2022, 2023, 2024].forEach((year, yi) => {
      plan.months.forEach((m, mi) => {
        const amounts = plan.amounts[yi]!;
        const amount = typeof amounts === 'number' ? amounts : amounts[mi]!;
        if (!amount) return;
        const target = `${year}-${String(m).padStart(2, '0')}-${String(plan.day).padStart(2, '0')}`;
        const exDate = days.find((d) => d >= target);
        if (exDate) dividends.set(exDate, Math.round(((dividends.get(exDate) ?? 0) + amount) * 1e4) / 1e4);
      });
    });
  }
  const closes = days.map((d) => Math.round(Math.exp(logClose.get(d)!) * 100) / 100);
  // Adjusted close: each dividend scales every earlier close by (1 - dividend / previous close).
  const factor = closes.map(() => 1);
  for (let i = days.length - 1, f = 1; i >= 0; i--) {
    factor[i] = f;
    const div = dividends.get(days[i]!);
    if (div && i > 0) f *= 1 - div / closes[i - 1]!;
  }
  const lines = ['Date,Open,High,Low,Close,Adj Close,Volume,Dividends,Stock Splits'];
  days.forEach((d, i) => {
    const close = closes[i]!;
    const prev = i === 0 ? ANCHORS[ticker]![0]! : closes[i - 1]!;
    const open = Math.round(prev * Math.exp(daily * 0.3 * gauss(r)) * 100) / 100;
    const high = Math.max(open, close) * (1 + Math.abs(daily * 0.4 * gauss(r)));
    const low = Math.min(open, close) * (1 - Math.abs(daily * 0.4 * gauss(r)));
    const volume = Math.round(avgVolume * Math.exp(0.35 * gauss(r)));
    lines.push([d, f2(open), f2(high), f2(low), f2(close), (close * factor[i]!).toFixed(4), volume, dividends.get(d) ?? 0, SPLITS[ticker]?.[d] ?? 0].join(','));
  });
  return `${lines.join('\n')}\n`;
}

const dir = path.resolve(import.meta.dirname, 'vendor/prices');
mkdirSync(dir, { recursive: true });
for (const ticker of Object.keys(ANCHORS)) writeFileSync(path.join(dir, `${ticker}.csv`), series(ticker));
process.stdout.write(`wrote ${Object.keys(ANCHORS).length} price files to ${dir}\n`);
