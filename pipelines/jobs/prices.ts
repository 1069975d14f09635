/**
 * `prices`: daily prices per ticker (`vendor/prices/<TICKER>.csv`, format in
 * pipelines/parsers/prices-csv.ts) -> `prices`, and mean analyst price targets
 * (`vendor/price-targets/*.csv`) -> `price_targets`. A price file owns its ticker's rows, a
 * target file its own rows, so reruns replace rather than duplicate. On the live source, each ticker
 * of the company list from the configured provider (sources/price-providers.ts; default stooq).
 */
import { appendRows } from '../../warehouse/load.ts';
import { parsePricesCsv, parsePriceTargetsCsv, tickerFromPath, type PriceRecord, type PriceTargetRecord } from '../parsers/prices-csv.ts';
import { loadConfig } from '../../schema/config.ts';
import { priceProvider } from '../sources/price-providers.ts';
import type { Job } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export const PRICES_PREFIX = 'vendor/prices';
export const TARGETS_PREFIX = 'vendor/price-targets';

type Parsed = { kind: 'prices'; ticker: string; rows: PriceRecord[] } | { kind: 'targets'; rows: PriceTargetRecord[] };

export const pricesJob: Job<Parsed> = {
  name: 'prices',
  description: 'Daily OHLCV, adjusted close, dividends and splits per ticker (vendor/prices/*.csv); analyst mean targets (vendor/price-targets/*.csv)',
  // Vendors publish end-of-day files in the US evening; run after them on weekdays.
  schedule: JOB_SCHEDULES['prices'],
  async documents(ctx) {
    const prices = await ctx.source.list(PRICES_PREFIX);
    const targets = await ctx.source.list(TARGETS_PREFIX);
    if (prices === null) {
      // Live: the configured provider's daily CSV for every ticker of the company list.
      const provider = priceProvider(loadConfig());
      const tickers = await ctx.db.all<{ ticker: string }>('SELECT DISTINCT ticker FROM companies WHERE ticker IS NOT NULL ORDER BY ticker');
      if (tickers.length === 0) ctx.log('no tickers: run the companies job first');
      return tickers.map((t) => provider.key(t.ticker));
    }
    return [...(prices ?? []), ...(targets ?? [])].filter((p) => /\.(csv|txt)$/i.test(p));
  },
  parse(doc) {
    const text = doc.bytes.toString('utf8');
    if (doc.path.startsWith(`${TARGETS_PREFIX}/`)) return { kind: 'targets', rows: parsePriceTargetsCsv(text) };
    return { kind: 'prices', ticker: tickerFromPath(doc.path), rows: parsePricesCsv(text) };
  },
  async load(parsed, ctx, doc) {
    if (parsed.kind === 'targets') {
      await ctx.db.run('DELETE FROM price_targets WHERE source = $1', [doc.path]);
      const rowsOut = await appendRows(
        ctx.conn,
        'price_targets',
        parsed.rows.map((r) => [r.ticker, r.meanTarget, r.analystCount, r.source, r.fetchedOn, doc.path]),
        { synthetic: doc.synthetic },
      );
      return { rowsIn: parsed.rows.length, rowsOut, watermark: parsed.rows.map((r) => r.fetchedOn).sort().pop() };
    }
    await ctx.db.run('DELETE FROM prices WHERE ticker = $1', [parsed.ticker]);
    const rowsOut = await appendRows(
      ctx.conn,
      'prices',
      parsed.rows.map((r) => [parsed.ticker, r.date, r.open, r.high, r.low, r.close, r.adjClose, r.volume, r.dividend, r.splitRatio, doc.path]),
      { synthetic: doc.synthetic },
    );
    return { rowsIn: parsed.rows.length, rowsOut, watermark: parsed.rows[parsed.rows.length - 1]?.date };
  },
};
