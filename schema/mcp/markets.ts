/** MCP tools: prices, technicals, screens. */
import { newest, newestOf } from '../provenance.ts';
import { z } from 'zod';
import { defineTools } from './tool.ts';
import { PriceInterval } from '../prices.ts';
import { boundedNumber, orderedRange } from '../common.ts';
import { SCREEN_BOUNDS, SCREENER_DEFAULTS, SCREENER_MAX_LIMIT, SCREENER_MAX_OFFSET, screenerLimit, screenerSort } from '../market.ts';
import { asOf, date, ticker } from './params.ts';

export const MARKET_TOOLS = defineTools('markets', {
  get_quote: {
    capability: 'quote',
    title: 'Latest quote',
    description: 'Latest close (on or before asOf) with change vs. the previous close, open/high/low/volume.',
    input: z.object({ ticker, asOf }),
    output: '{ticker,provenance:{source,document,url,accession,synthetic},fallback?:{requested,served,reason},dataThrough,fetchedAt,date,current,previousClose,change,changePercent,open,high,low,volume}',
  },
  get_price_history: {
    dataThrough: newestOf('date'),
    capability: 'price_history',
    title: 'Price history',
    description: 'OHLCV bars in [start, end], oldest first: daily, or weekly/monthly with interval (split-adjusted close, adjClose also for dividends).',
    input: z.object({ ticker, start: date.optional(), end: date.optional(), interval: PriceInterval.optional().describe('default day') }).refine(...orderedRange('start', 'end')),
    output: '{dataThrough,fetchedAt,provenance,items:{date,open,high,low,close,adjClose,volume,dividend,splitRatio,synthetic}[]}',
    list: true,
  },
  list_priced_tickers: {
    dataThrough: newestOf('last'),
    capability: 'priced_tickers',
    title: 'Price coverage',
    description: 'Tickers with daily prices and their first and last trading day.',
    output: '{ticker,first,last,days}[]',
    list: true,
  },
  get_technicals: {
    dataThrough: (a: { asOf?: string | null }) => newest(a.asOf),
    capability: 'technicals',
    title: 'Technical indicators',
    description: 'SMA 20/50/200, EMA 12/26, RSI 14, MACD, 52-week range, 30-day volatility on the latest day on or before asOf.',
    input: z.object({ ticker, asOf }),
    output: '{asOf,sma20,sma50,sma200,ema12,ema26,rsi14,macd,macdSignal,high52Week,low52Week,volatility30d,...,synthetic}',
  },
  get_technicals_history: {
    dataThrough: newestOf('asOf'),
    capability: 'technicals_history',
    title: 'Technicals history',
    description: 'Daily indicator series in [start, end], oldest first.',
    input: z.object({ ticker, start: date.optional(), end: date.optional() }).refine(...orderedRange('start', 'end')),
    output: '{asOf,sma20,sma50,rsi14,macd,...}[]',
    list: true,
  },
});

export const MARKET_EXTRA_TOOLS = defineTools('markets', {
  get_ticker_snapshot: {
    capability: 'ticker_snapshot',
    title: 'Ticker snapshot',
    description: 'Price, change, market cap, P/E, EPS, profile, recent filings, technicals and the sourced analyst target of a ticker (as /api/data).',
    input: z.object({ ticker }),
    output: '{ticker,price:{current,change,changePercent},fundamentals,profile,filings[],technicals,priceTarget,fetchedAt}',
  },
  run_screener: {
    capability: 'screener',
    title: 'Stock screener',
    description:
      'Screen tickers by market cap (USD), P/E, dividend yield (percent) and sector; sorted as `sort` says. Below Researcher only the top 3 are shown (locked).',
    input: z.object({
      mktcapMin: boundedNumber({ ...SCREEN_BOUNDS.mktcap_min, coerce: false }).optional(),
      peMax: boundedNumber({ ...SCREEN_BOUNDS.pe_max, coerce: false }).optional(),
      divYieldMin: boundedNumber({ ...SCREEN_BOUNDS.div_yield_min, coerce: false }).optional(),
      sector: z.string().trim().min(1).max(100).optional(),
      sort: screenerSort.optional().describe(`default ${SCREENER_DEFAULTS.sort}`),
      limit: screenerLimit({ coerce: false }).optional().describe(`default ${SCREENER_DEFAULTS.limit}; capped at ${SCREENER_MAX_LIMIT}`),
      offset: z.number().int().min(0).max(SCREENER_MAX_OFFSET).optional().describe('matches to skip (default 0); below Researcher a page never reaches past the top 3'),
    }),
    output: '{total,limit,sort,locked,locked_total?,results:{ticker,name,sector,price,marketCap,pe,dividendYield,...,priceProvenance,fundamentalsProvenance}[],dataThrough,fetchedAt} (as GET /api/screener)',
  },
});
