/** `/api/insiders` and `/api/insiders/recent-buys` (Forms 3/4/5; MCP get_insider_trades and recent insider buys). */
import { ErrorBody } from '../../schema/common.ts';
import { InsiderTradesQuery, InsiderTradesResult, RecentBuysQuery, RecentBuysResult } from '../../schema/ownership.ts';
import { insiderTradeFilter, insiderTrades, recentInsiderBuys } from '../../warehouse/queries/insiders.ts';
import { defineRoute, resource } from '../route.ts';

export const insiders = resource('Insiders', [
  defineRoute({
    method: 'GET',
    path: '/insiders',
    capability: 'insider_trades',
    summary: 'Insider trades by ticker or owner',
    description:
      'Every row of both tables of Forms 3/4/5 (transactions; holdings too with `include_holdings=1`), newest filing first, with all reporting ' +
      'owners and their relationship, the Rule 10b5-1 flag, and footnotes resolved onto the fields they annotate. Rows an amendment replaced ' +
      'are left out (an amendment replaces only the sections it reports). Give `ticker`, `owner_cik` or `owner` (name substring); `code` filters ' +
      'transaction codes (e.g. `P,S`); `as_of` answers as known on that date. Each row carries its `provenance` (the filing, and in `filedBasis` whether `filed` is EDGAR\'s date or estimated from the signature); the answer\'s ' +
      '`dataThrough` (newest filing date listed) and `fetchedAt` are the X-Data-Through and X-Fetched-At headers (the body stays a list).',
    query: InsiderTradesQuery,
    responses: {
      200: { description: 'insider transactions (possibly none)', schema: InsiderTradesResult, freshnessHeaders: true },
      400: { description: 'none of ticker/owner_cik/owner given, or an invalid parameter', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      return insiderTrades(services.warehouse, insiderTradeFilter(query));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/insiders/recent-buys',
    capability: 'recent_insider_buys',
    summary: 'Recent insider open-market purchases across the market',
    description:
      'Code P purchases (non-derivative, acquired) filed in the `days` (default 90) before `as_of` (default: the newest Form 4 in the ' +
      'warehouse), largest dollar value first; `min_value` filters by shares x price. `dataThrough` (newest filing date listed) and `fetchedAt` ' +
      'are the X-Data-Through and X-Fetched-At headers.',
    query: RecentBuysQuery,
    responses: {
      200: { description: 'purchases with their dollar value', schema: RecentBuysResult, freshnessHeaders: true },
      400: { description: 'an invalid parameter', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      return recentInsiderBuys(services.warehouse, { days: query.days, asOf: query.as_of, limit: query.limit, minValueUsd: query.min_value });
    },
  }),
]);
