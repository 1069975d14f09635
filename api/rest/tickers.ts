/** `/api/ticker-search` and `/api/random-ticker` (spec 4.4). */
import { randomTicker, searchTickers } from '../../warehouse/queries/companies.ts';
import { cachedJson } from '../../warehouse/serving.ts';
import { sendCachedBody } from '../encoding.ts';
import { CompanyResult, TickerSearchQuery, TickerSearchResult } from '../../schema/companies.ts';
import { NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';
import { ErrorBody } from '../../schema/common.ts';
import { FETCH_DAY } from '../../schema/provenance.ts';

const FRESHNESS_NOTE =
  'The SEC company list publishes only its current state: `dataThrough` is the day it was fetched, `fetchedAt` the companies job’s last successful run (run ledger).';

export const tickers = resource('Tickers', [
  defineRoute({
    method: 'GET',
    path: '/ticker-search',
    capability: 'ticker_search',
    summary: 'Search tickers by symbol or company name',
    description: `Ranked: exact symbol, then symbol prefix, then company-name matches. Returns an array (empty when nothing matches). ${FRESHNESS_NOTE} Both are the X-Data-Through and X-Fetched-At headers.`,
    query: TickerSearchQuery,
    responses: {
      200: { description: 'matching tickers with company names, best first', schema: TickerSearchResult },
      400: { description: 'q missing or empty', schema: ErrorBody },
    },
    // Serialised once per (snapshot, limit, q) into the snapshot's body cache, as the point lookups
    // are (issue 15): a repeated search is a lookup, not a copy of its rows and their serialisation.
    // Dated by its capability's rule (the fetch day, declared on MCP `search_tickers`).
    handler: async ({ query, services, req, reply, fresh }) => {
      const key = `ticker-search:${query.limit}:${query.q}`;
      // The list's freshness headers do not depend on its rows (the company list has no data date).
      await fresh([]);
      const body = await cachedJson(services.warehouse, key, () => searchTickers(services.warehouse, query.q, query.limit));
      return sendCachedBody(body, req, reply);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/random-ticker',
    capability: 'random_ticker',
    summary: 'A random ticker from the universe',
    description: FRESHNESS_NOTE,
    responses: {
      200: { description: 'one company', schema: CompanyResult },
      404: { description: 'the universe is empty', schema: ErrorBody },
    },
    dataThrough: FETCH_DAY,
    handler: async ({ services }) => {
      const row = await randomTicker(services.warehouse);
      if (!row) throw new NotFoundError('the ticker universe is empty');
      return row;
    },
  }),
]);
