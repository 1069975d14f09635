/**
 * `GET /api/screener` (spec 4.4, 2.5, 8.4). The tier machinery enforces access; the response
 * shape below Researcher is decided here: the top three matches, `locked: true` and
 * `locked_total` (the total match count).
 */
import { ErrorBody } from '../../schema/common.ts';
import { SCREENER_LOCKED_ROWS, SCREENER_MAX_LIMIT, SCREENER_SORT_FIELDS, ScreenerQuery, ScreenerResult } from '../../schema/market.ts';
import { tierAtLeast } from '../../schema/tiers.ts';
import { parseSort, screen } from '../../warehouse/queries/screener.ts';
import { defineRoute, resource } from '../route.ts';

export const screener = resource('Screener', [
  defineRoute({
    method: 'GET',
    path: '/screener',
    summary: 'Screen tickers by market cap, P/E, dividend yield and sector',
    description:
      'Matches every ticker with a latest price against point-in-time fundamentals as known today. mktcap_min in USD, ' +
      'pe_max (rows without a positive P/E are excluded), div_yield_min in percent, sector (case-insensitive). ' +
      `sort: one of ${SCREENER_SORT_FIELDS.join(', ')}, as field, field:asc, field:desc or -field (default marketCap:desc; ` +
      `nulls last; ties by ticker). limit: default 50, values above ${SCREENER_MAX_LIMIT} are capped at ${SCREENER_MAX_LIMIT} ` +
      '(the applied limit is echoed). Below the Researcher tier only the top three matches are returned with ' +
      '`locked: true` and `locked_total`.',
    query: ScreenerQuery,
    access: { auth: 'public' },
    weight: 5,
    responses: {
      200: { description: 'matching tickers with key metrics', schema: ScreenerResult },
      400: { description: 'an invalid parameter (a number that is not one, an unknown sort field)', schema: ErrorBody },
    },
    handler: async ({ query, services, caller }) => {
      const sort = parseSort(query.sort);
      const rows = await screen(services.warehouse, {
        mktcapMin: query.mktcap_min,
        peMax: query.pe_max,
        divYieldMin: query.div_yield_min,
        sector: query.sector,
        sort,
      });
      const sortText = `${sort.field}:${sort.direction}`;
      if (!tierAtLeast(caller.tier, 'researcher')) {
        return { total: rows.length, limit: query.limit, sort: sortText, locked: true, locked_total: rows.length, results: rows.slice(0, Math.min(SCREENER_LOCKED_ROWS, query.limit)) };
      }
      return { total: rows.length, limit: query.limit, sort: sortText, locked: false, results: rows.slice(0, query.limit) };
    },
  }),
]);
