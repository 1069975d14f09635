/**
 * The ticker snapshot of `/api/data` (spec 2.3): latest price and change, point-in-time
 * fundamentals with market cap, P/E and dividend yield, profile, recent filings, technicals and
 * (only when a source supplies it) the mean analyst price target.
 */
import { utcDay } from '../../schema/common.ts';
import type { TickerSnapshotData } from '../../schema/market.ts';
import { documentUrl, filingDocument, provenanceOf } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';
import { frozen, memoized, seedPerTicker, tickerFilter, type Serving } from '../serving.ts';
import { companyByTicker, type CompanyRow } from './companies.ts';
import { fetchedAt, newest } from './freshness.ts';
import { companyProfile, recentFilings, seedProfiles, seedRecentFilings } from './filings.ts';
import { latestFundamentals, type LatestFundamentals } from './fundamentals.ts';
import { latestTechnicals, seedLatestTechnicals } from './technicals.ts';

const r4 = (n: number | null | undefined): number | null => (n === null || n === undefined || !Number.isFinite(n) ? null : Math.round(n * 1e4) / 1e4);

/**
 * Whether a statement's per-share figures and share count describe the security its ticker trades,
 * by the form of the filing behind it. Not for a foreign private issuer's (a 20-F, or a 6-K it
 * furnished that restated some of its figures): what trades in the US is often a depositary share
 * standing for several ordinary shares (TSMC's ADS is 5), and neither the XBRL per-share figures nor
 * the cover page's share count (ordinary shares) say so. Its close against them would make the
 * market cap and P/E several times too large; the service leaves them out rather than guess the ratio.
 */
export const perShareMatchesListing = (form: string | null | undefined): boolean => !/^(20-F|6-K)/.test(form ?? '');

/**
 * Market cap, P/E and dividend yield from a close, point-in-time fundamentals and TTM dividends;
 * market cap and P/E null where the filings' shares are not the listed security's (above).
 */
export function valuation(close: number | null, f: Pick<LatestFundamentals, 'sharesOutstanding' | 'epsDilutedTtm' | 'form'> | null, dividendTtm: number | null) {
  const comparable = perShareMatchesListing(f?.form);
  const shares = comparable ? (f?.sharesOutstanding ?? null) : null;
  const eps = comparable ? (f?.epsDilutedTtm ?? null) : null;
  return {
    marketCap: close !== null && shares !== null ? Math.round(close * shares) : null,
    pe: close !== null && eps !== null && eps > 0 ? r4(close / eps) : null,
    dividendYield: close !== null && close > 0 && dividendTtm !== null ? r4((dividendTtm / close) * 100) : null,
  };
}

interface LatestPriceRow {
  date: string;
  close: number;
  previous_close: number | null;
  change: number | null;
  change_percent: number | null;
  dividend_ttm: number;
  open: number | null;
  high: number | null;
  low: number | null;
  volume: number | null;
  source: string;
  synthetic: boolean;
}

interface TargetRow {
  mean_target: number;
  analyst_count: number | null;
  target_source: string;
  fetched_on: string;
  synthetic: boolean;
}

/**
 * Assembles the snapshot of `ticker` with `asOf` (YYYY-MM-DD, today by default) as the
 * point-in-time date of the fundamentals. Null when the ticker is not in the company list.
 * `fetchedAt` is the oldest last successful fetch (run ledger) of the sources the parts served come
 * from (prices, technicals, fundamentals, filings), ISO 8601 without zone (UTC): never the
 * request time. `dataThrough` is the newest date any part covers; `synthetic` is true when any
 * part is (or is computed from) generated rows.
 */
export async function tickerSnapshot(db: Db, ticker: string, now?: Date): Promise<TickerSnapshotData | null> {
  const symbol = ticker.toUpperCase();
  const company = await companyByTicker(db, symbol);
  if (!company) return null;
  const asOf = utcDay(now?.getTime());
  // The answer depends on the snapshot, the ticker and the date alone (every part is read from the
  // snapshot, `fetchedAt` from its run ledger), so the serving layer keeps it assembled per
  // (ticker, date): an uncached `/api/data` is a map access and its serialisation (issue 15: the
  // assembly from the memoised parts was a third of its own CPU). Unknown tickers are answered
  // above, never kept. Shared between requests, so frozen: a caller that changed it would throw.
  return memoized(db, snapshotKey(symbol, asOf), async () => frozen(await assemble(db, symbol, company, asOf)));
}

const SNAPSHOT_KEY_PREFIX = 'ticker-snapshot:';

/** The memo key of `symbol`'s snapshot assembled on the UTC day `day`. */
export const snapshotKey = (symbol: string, day: string): string => `${SNAPSHOT_KEY_PREFIX}${symbol}:${day}`;

/** The symbol of a memo key `snapshotKey(symbol, day)` makes, or null for any other key. */
function snapshotKeySymbol(key: string, day: string): string | null {
  const suffix = `:${day}`;
  return key.startsWith(SNAPSHOT_KEY_PREFIX) && key.endsWith(suffix) ? key.slice(SNAPSHOT_KEY_PREFIX.length, -suffix.length) : null;
}

export interface WarmOptions {
  /** Tickers at most (the most recently asked first). Default 512. */
  max?: number;
  /** No new assembly starts after this many ms. Default 2,000. */
  budgetMs?: number;
  /** Assemblies at once (each runs only what the parts read together did not). Default 2 (of the pool's 4). */
  concurrency?: number;
  now?: Date;
}

/**
 * Assembles on `fresh` (a snapshot not yet served) today's ticker snapshots that `previous` (the
 * one served until now) holds, most recently asked first, within a budget of count and time: the
 * reader's `warm` (warehouse/reader.ts). Each is assembled from the new snapshot's rows, as a
 * request would assemble it (their parts read together first: `seedSnapshotParts`); nothing is
 * carried over. Resolves with how many were assembled.
 */
export async function warmTickerSnapshots(fresh: Db, previous: Serving, options: WarmOptions = {}): Promise<number> {
  // Today's only, counted after that choice (just after midnight the day before's fill the memo).
  const day = utcDay(options.now?.getTime());
  const symbols = previous.memoKeys((k) => snapshotKeySymbol(k, day) !== null, options.max ?? 512).map((k) => snapshotKeySymbol(k, day)!);
  const deadline = performance.now() + (options.budgetMs ?? 2_000);
  // Their parts first, each for all of them in one query; then each is assembled from those.
  const listed = symbols.filter((s) => fresh.serving?.()?.lists(s));
  if (listed.length && performance.now() < deadline) await seedSnapshotParts(fresh, listed).catch(() => undefined);
  let next = 0;
  let warmed = 0;
  const lane = async (): Promise<void> => {
    while (next < symbols.length && performance.now() < deadline) {
      const symbol = symbols[next++]!;
      // A ticker the new snapshot no longer lists answers null and is not kept; a failure leaves it cold.
      if (await tickerSnapshot(fresh, symbol, options.now).catch(() => null)) warmed++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, lane));
  return warmed;
}

/** How many recent filings a snapshot lists. */
const RECENT_FILINGS = 10;

/** The latest close of ticker $1 with its day's row (`many`: of each ticker of the list $1, for `seedPerTicker`). */
function priceSql(many: boolean): string {
  const f = tickerFilter('l.ticker', many);
  return `SELECT strftime(l.date, '%Y-%m-%d') AS date, l.close, l.previous_close, l.change, l.change_percent, l.dividend_ttm,
            p.open, p.high, p.low, p.volume, p.source, p.synthetic${f.select}
          FROM price_latest l JOIN prices p ON p.ticker = l.ticker AND p.date = l.date WHERE ${f.where}`;
}
const priceKey = (symbol: string): string => `price-latest:${symbol}`;

/** The latest price target of ticker $1 (`many`: of each ticker of the list $1); the same one whichever way it is read. */
function targetSql(many: boolean): string {
  const f = tickerFilter('ticker', many);
  const order = 'fetched_on DESC, target_source, mean_target';
  return `SELECT mean_target, analyst_count, target_source, strftime(fetched_on, '%Y-%m-%d') AS fetched_on, synthetic${f.select}
          FROM price_targets WHERE ${f.where}
          ${many ? `QUALIFY row_number() OVER (PARTITION BY ticker ORDER BY ${order}) = 1` : `ORDER BY ${order} LIMIT 1`}`;
}
const targetKey = (symbol: string): string => `target:${symbol}`;

/**
 * Every part of the snapshots of `symbols` (listed by the snapshot, upper case) that SQL would
 * answer, each part for all of them in one query, kept as the one-ticker queries would keep it: a
 * snapshot assembled after this runs none. Five queries instead of five per ticker (a warm-up of
 * 512 tickers one at a time took 6-8 s on the 5,000-company bench warehouse).
 */
export async function seedSnapshotParts(db: Db, symbols: string[]): Promise<void> {
  await Promise.all([
    seedPerTicker(db, symbols, priceKey, priceSql(true)),
    seedPerTicker(db, symbols, targetKey, targetSql(true)),
    seedProfiles(db, symbols),
    seedRecentFilings(db, symbols, RECENT_FILINGS),
    seedLatestTechnicals(db, symbols),
  ]);
}

async function assemble(db: Db, symbol: string, company: CompanyRow, asOf: string): Promise<TickerSnapshotData> {
  const [priceRows, fundamentals, profile, filings, technicals, targets] = await Promise.all([
    memoized(db, priceKey(symbol), () => db.all<LatestPriceRow>(priceSql(false), [symbol])),
    latestFundamentals(db, [symbol], asOf),
    companyProfile(db, symbol),
    recentFilings(db, symbol, RECENT_FILINGS),
    latestTechnicals(db, symbol),
    memoized(db, targetKey(symbol), () => db.all<TargetRow>(targetSql(false), [symbol])),
  ]);
  const p = priceRows[0];
  const f = fundamentals[0] ?? null;
  const close = p?.close ?? null;
  const v = valuation(close, f, p?.dividend_ttm ?? null);
  const t = targets[0];
  const snapshot: TickerSnapshotData = {
    ticker: symbol,
    price: p
      ? {
          current: p.close,
          change: r4(p.change),
          changePercent: r4(p.change_percent),
          previousClose: p.previous_close,
          date: p.date,
          open: p.open,
          high: p.high,
          low: p.low,
          volume: p.volume,
          currency: 'USD',
          provenance: provenanceOf(p.source, p.synthetic),
        }
      : null,
    fundamentals: f
      ? {
          marketCap: v.marketCap,
          pe: v.pe,
          eps: f.epsDilutedTtm,
          epsDiluted: f.epsDiluted,
          epsBasic: f.epsBasic,
          dividendYield: v.dividendYield,
          dividendsTtm: p ? r4(p.dividend_ttm) : null,
          revenue: f.revenue,
          netIncome: f.netIncome,
          totalAssets: f.totalAssets,
          totalLiabilities: f.totalLiabilities,
          stockholdersEquity: f.stockholdersEquity,
          operatingCashFlow: f.operatingCashFlow,
          longTermDebt: f.longTermDebt,
          sharesOutstanding: f.sharesOutstanding,
          grossMargin: r4(f.grossMargin),
          operatingMargin: r4(f.operatingMargin),
          netMargin: r4(f.netMargin),
          roa: r4(f.roa),
          roe: r4(f.roe),
          currentRatio: r4(f.currentRatio),
          fiscalYear: f.fiscalYear,
          fiscalPeriod: f.fiscalPeriod,
          periodEnd: f.periodEnd,
          filingDate: f.filingDate,
          accession: f.accession,
          form: f.form,
          source: 'sec',
          provenance: provenanceOf(f.accession ? filingDocument(f.cik, f.accession) : null, false, f.accession),
        }
      : null,
    profile: profile ?? {
      name: company.name,
      cik: company.cik,
      sector: null,
      industry: null,
      sicCode: null,
      sicDescription: null,
      exchange: company.exchange,
      fiscalYearEnd: null,
      stateOfIncorporation: null,
      formerNames: [],
    },
    filings: filings.map((x) => ({ form: x.form, filed: x.filed, accession: x.accession, reportDate: x.reportDate, url: documentUrl(filingDocument(company.cik, x.accession)) })),
    technicals: technicals
      ? {
          asOf: technicals.asOf,
          sma20: r4(technicals.sma20),
          sma50: r4(technicals.sma50),
          sma200: r4(technicals.sma200),
          ema12: r4(technicals.ema12),
          ema26: r4(technicals.ema26),
          rsi14: r4(technicals.rsi14),
          macd: r4(technicals.macd),
          macdSignal: r4(technicals.macdSignal),
          macdHistogram: r4(technicals.macdHistogram),
          high52Week: technicals.high52Week,
          low52Week: technicals.low52Week,
          volatility30d: r4(technicals.volatility30d),
          avgVolume30d: technicals.avgVolume30d === null ? null : Math.round(technicals.avgVolume30d),
          // Computed from the price file's closes: a generated close in the year its own row's
          // indicators span makes it generated too (latestTechnicals: the row's date, not the
          // latest price's, which is later when the technicals job lags the prices).
          synthetic: technicals.synthetic,
        }
      : null,
    synthetic: false,
    dataThrough: null,
    fetchedAt: null,
  };
  if (t) {
    snapshot.priceTarget = { mean: t.mean_target, source: t.target_source, fetchedAt: t.fetched_on, synthetic: t.synthetic };
    if (t.analyst_count !== null) snapshot.priceTarget.analystCount = t.analyst_count;
  }
  const jobs = [...(p ? ['prices'] : []), ...(technicals ? ['technicals'] : []), ...(f ? ['fundamentals'] : []), ...(filings.length ? ['filings'] : [])];
  snapshot.synthetic = !!(p?.synthetic || technicals?.synthetic || t?.synthetic);
  snapshot.dataThrough = newest(p?.date, technicals?.asOf, f?.filingDate, filings[0]?.filed, t?.fetched_on);
  snapshot.fetchedAt = jobs.length ? await fetchedAt(db, jobs) : null;
  return snapshot;
}
