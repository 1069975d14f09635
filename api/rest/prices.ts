/**
 * `/api/price-history` (OHLCV bars, daily, weekly or monthly) and `/api/corporate-actions`
 * (dividends and splits). The same capabilities as MCP `get_price_history` and GraphQL
 * `Company.prices` / `Company.corporateActions`, over the same query (warehouse/queries/prices.ts).
 */
import { ErrorBody } from '../../schema/common.ts';
import { CorporateActionsQuery, CorporateActionsResult, PriceHistoryQuery, PriceHistoryResult } from '../../schema/prices.ts';
import { corporateActions, hasPrices, priceHistory, priceHistoryMeta } from '../../warehouse/queries/prices.ts';
import { NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

const unknownTicker = (ticker: string) => new NotFoundError(`no prices for ${ticker}: /api/ticker-search finds symbols, MCP list_priced_tickers lists the priced ones`);

export const prices = resource('Prices', [
  defineRoute({
    method: 'GET',
    path: '/price-history',
    capability: 'price_history',
    summary: 'Daily, weekly or monthly OHLCV bars of a ticker',
    description:
      'Bars in [start, end] (inclusive, both optional), oldest first. `interval=day` (default) is one bar per trading day; `week` (ISO weeks) and ' +
      '`month` aggregate the trading days of the period inside the range: `date` is the first of them, `open` its open, `close` and `adjClose` the ' +
      'last day\'s, `high`/`low` the extremes, `volume` and `dividend` the sums, `splitRatio` the product. Closes are split-adjusted; `adjClose` ' +
      'also adjusts for dividends. End-of-day data: no intraday bars. Each bar says whether it was generated (`synthetic`); `provenance` names the ' +
      'price file, `dataThrough` is the newest bar, `fetchedAt` the prices job’s last successful run (run ledger).',
    query: PriceHistoryQuery,
    responses: {
      200: { description: 'the bars (empty when none fall in the range)', schema: PriceHistoryResult },
      400: { description: 'ticker missing, a date or the interval invalid, or start after end', schema: ErrorBody },
      404: { description: 'the ticker has no prices', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      const bars = await priceHistory(services.warehouse, query.ticker, query.start ?? null, query.end ?? null, query.interval);
      if (bars.length === 0 && !(await hasPrices(services.warehouse, query.ticker))) throw unknownTicker(query.ticker);
      return { ticker: query.ticker, interval: query.interval, start: query.start ?? null, end: query.end ?? null, bars, ...(await priceHistoryMeta(services.warehouse, query.ticker, bars)) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/corporate-actions',
    capability: 'corporate_actions',
    summary: 'Dividends and splits of a ticker',
    description:
      'Cash dividends (per share, by ex-date) and splits (new shares per old share, by effective date) in [start, end], oldest first, from the ' +
      'daily price file. Split-adjusted closes already reflect every split listed here. `provenance` names the price file (`synthetic` when any action ' +
      'listed is on a generated day); `dataThrough` is the last trading day in the range, `fetchedAt` the prices jobs\' last successful run (run ledger).',
    query: CorporateActionsQuery,
    responses: {
      200: { description: 'dividends and splits (possibly none)', schema: CorporateActionsResult },
      400: { description: 'ticker missing, a date invalid, or start after end', schema: ErrorBody },
      404: { description: 'the ticker has no prices', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      if (!(await hasPrices(services.warehouse, query.ticker))) throw unknownTicker(query.ticker);
      const actions = await corporateActions(services.warehouse, query.ticker, query.start ?? null, query.end ?? null);
      return { ticker: query.ticker, start: query.start ?? null, end: query.end ?? null, ...actions };
    },
  }),
]);
