/**
 * Writes the sample corpus's daily price files `vendor/prices/<TICKER>.csv` (2022-01-03 to
 * 2024-12-31) in the Yahoo/yfinance layout the prices job reads. ENTIRELY GENERATED: no real
 * daily prices of these years are in ../shared/data, so each series is an index-like random walk
 * that starts at exactly 100.00 on the first trading day (a level no real close is claimed to
 * have), a geometric Brownian motion whose drift, volatility and typical volume are drawn from a
 * seed per ticker; open, high, low and volume are drawn around each close. Dividends are drawn too
 * (whether the ticker pays, its yield, its ex-date cycle), as a fraction of the generated price.
 * The only facts in the files are the stock splits of the period (ratio new:old, on the first
 * split-adjusted trading day; informational, since the closes are already split-adjusted, the
 * Yahoo convention): NVIDIA's 10-for-1 is in its companyfacts
 * (`StockholdersEquityNoteStockSplitConversionRatio1`), the others are the companies' announced
 * splits. The price files are listed in SYNTHETIC and every row is served `synthetic: true`.
 *
 * Run: node --import tsx pipelines/sample/generate-prices.ts (deterministic: the same bytes each run).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { between, gauss, rng } from './seeded.ts';

/** The sample's priced symbols: the listed companies with a price file, and SPY. */
const TICKERS = ['AAPL', 'NVDA', 'MSFT', 'GOOGL', 'GOOG', 'AMZN', 'TSLA', 'JPM', 'SPY', 'XOM', 'ORCL', 'JNJ', 'KO', 'A', 'IT', 'ARCC', 'MAIN'];
const START_LEVEL = 100;

/** Stock splits in the period (ratio new:old), on the first split-adjusted trading day. */
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

const f2 = (n: number): string => n.toFixed(2);

function series(ticker: string): string {
  const r = rng(`prices ${ticker}`);
  const vol = 0.15 + 0.35 * r();
  const drift = -0.1 + 0.35 * r();
  const avgVolume = Math.exp(Math.log(3e5) + r() * Math.log(300));
  const daily = vol / Math.sqrt(252);
  const days = tradingDays('2022-01-03', '2024-12-31');
  const closes: number[] = [];
  let x = Math.log(START_LEVEL);
  days.forEach((_, i) => {
    if (i > 0) x += (drift - (vol * vol) / 2) / 252 + daily * gauss(r);
    closes.push(Math.round(Math.exp(x) * 100) / 100);
  });
  // Dividends: about two tickers in three pay, quarterly, at a drawn yield of the close before the ex-date.
  const dividends = new Map<string, number>();
  if (r() < 0.7) {
    const annualYield = 0.005 + 0.035 * r();
    const firstMonth = between(r, 1, 3);
    const day = between(r, 1, 25);
    for (const year of [2022, 2023, 2024]) {
      for (let m = firstMonth; m <= 12; m += 3) {
        const target = `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const i = days.findIndex((d) => d >= target);
        if (i > 0) dividends.set(days[i]!, Math.round(((closes[i - 1]! * annualYield) / 4) * 1e4) / 1e4);
      }
    }
  }
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
    const prev = i === 0 ? START_LEVEL : closes[i - 1]!;
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
for (const ticker of TICKERS) writeFileSync(path.join(dir, `${ticker}.csv`), series(ticker));
process.stdout.write(`wrote ${TICKERS.length} price files to ${dir}\n`);
