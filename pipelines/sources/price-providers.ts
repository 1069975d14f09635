/**
 * Daily price providers for the live source. A provider names, for each ticker, the document key
 * of its daily CSV (host-first and file-like, `.../<TICKER>.csv`: that is where the landing copy
 * goes and how the prices job knows the ticker) and the URL that key is fetched from. The CSV is
 * the documented layout of pipelines/parsers/prices-csv.ts (columns found by header name: `Date`,
 * `Close` required; `Open`, `High`, `Low`, `Adj Close`, `Volume`, `Dividends`, `Stock Splits`).
 *
 * - `stooq` (default, keyless): `https://stooq.com/q/d/l/?s=<ticker>.us&i=d`, whose CSV is
 *   `Date,Open,High,Low,Close,Volume` (closes split-adjusted, no dividends column);
 * - `csv`: any server of the documented CSV, `ALMANAC_PRICES_URL` a template with `{ticker}` in
 *   the file name (`https://eod.example.com/daily/{ticker}.csv`) and, for keyed services,
 *   `{apikey}` anywhere (filled from `ALMANAC_PRICES_KEY` when the URL is built, never part of the
 *   key or the landing copy).
 *
 * A keyed vendor with another layout plugs in as a `PriceProvider` whose documents are converted to
 * the documented CSV before parsing (none is shipped).
 */
import type { Config } from '../../schema/config.ts';

export interface PriceProvider {
  name: string;
  /** Document key of a ticker's daily CSV. */
  key(ticker: string): string;
  /** URL of one of this provider's keys, or null when the key is not this provider's. */
  url(key: string): string | null;
}

const STOOQ = /^stooq\.com\/q\/d\/l\/([A-Z0-9.\-^]{1,12})\.csv$/;

export const stooqProvider: PriceProvider = {
  name: 'stooq',
  key: (ticker) => `stooq.com/q/d/l/${ticker.toUpperCase()}.csv`,
  url(key) {
    const m = STOOQ.exec(key);
    return m ? `https://stooq.com/q/d/l/?s=${encodeURIComponent(m[1]!.toLowerCase().replace(/\./g, '-'))}.us&i=d` : null;
  },
};

export function csvProvider(template: string, apiKey = ''): PriceProvider {
  let u: URL;
  try {
    u = new URL(template.replace('{ticker}', 'TICKER').replace('{apikey}', 'KEY'));
  } catch {
    throw new Error(`ALMANAC_PRICES_URL is not a URL template: "${template}"`);
  }
  if (!/\/TICKER\.csv$/.test(u.pathname)) throw new Error('ALMANAC_PRICES_URL must end its path with {ticker}.csv, e.g. https://eod.example.com/daily/{ticker}.csv');
  if (template.includes('{apikey}') && !apiKey) throw new Error('ALMANAC_PRICES_URL has {apikey} but ALMANAC_PRICES_KEY is empty');
  const prefix = `${u.host}${u.pathname.slice(0, -'TICKER.csv'.length)}`;
  return {
    name: 'csv',
    key: (ticker) => `${prefix}${ticker.toUpperCase()}.csv`,
    url(key) {
      if (!key.startsWith(prefix) || !key.endsWith('.csv')) return null;
      const ticker = key.slice(prefix.length, -'.csv'.length);
      return template.replace('{ticker}', encodeURIComponent(ticker)).replace('{apikey}', encodeURIComponent(apiKey));
    },
  };
}

/** The configured provider (`ALMANAC_PRICES_PROVIDER`). */
export function priceProvider(config: Partial<Pick<Config, 'pricesProvider' | 'pricesUrl' | 'pricesKey'>>): PriceProvider {
  const name = config.pricesProvider || 'stooq';
  if (name === 'stooq') return stooqProvider;
  if (name === 'csv') return csvProvider(config.pricesUrl ?? '', config.pricesKey ?? '');
  throw new Error(`unknown ALMANAC_PRICES_PROVIDER "${name}": use stooq or csv`);
}
