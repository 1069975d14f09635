/**
 * `GET /api/screener` (spec 4.4, 2.5, 8.4). The tier machinery enforces access; the response
 * shape below Researcher is decided here: the top three matches, `locked: true` and
 * `locked_total` (the total match count).
 */
import type { z } from 'zod';
import { ErrorBody, utcDay } from '../../schema/common.ts';
import { SCREENER_DEFAULTS, SCREENER_LOCKED_ROWS, SCREENER_MAX_LIMIT, SCREENER_SORT_FIELDS, ScreenerQuery, ScreenerResult } from '../../schema/market.ts';
import { tierAtLeast, type TierId } from '../../schema/tiers.ts';
import type { ScreenerRowData } from '../../schema/market.ts';
import { fetchedAt, newest } from '../../warehouse/queries/freshness.ts';
import { applyScreen, parseSort, screenerUniverse } from '../../warehouse/queries/screener.ts';
import type { Warehouse } from '../../warehouse/reader.ts';
import { cachedJson } from '../../warehouse/serving.ts';
import { sendCachedBody } from '../encoding.ts';
import { defineRoute, resource } from '../route.ts';

/**
 * The universe (every ticker's metrics) changes only with a new snapshot or a new day, so it is
 * kept per snapshot version and date (in process, 5 minutes); each request then filters and sorts
 * in memory. Concurrent requests share one load.
 */
const UNIVERSE_TTL_MS = 5 * 60_000;
let universe: { key: string; at: number; rows: Promise<ScreenerRowData[]> } | null = null;

function cachedUniverse(warehouse: Warehouse): Promise<ScreenerRowData[]> {
  const asOf = utcDay();
  const key = `${warehouse.version ?? ''}|${asOf}`;
  if (!universe || universe.key !== key || Date.now() - universe.at > UNIVERSE_TTL_MS) {
    const rows = screenerUniverse(warehouse, asOf);
    universe = { key, at: Date.now(), rows };
    rows.catch(() => {
      if (universe?.rows === rows) universe = null;
    });
  }
  return universe.rows;
}

/**
 * One screen as the caller's tier may see it: below Researcher the top three matches with
 * `locked: true` and `locked_total`. Shared by `GET /api/screener` and the `/screener` page, so
 * the page can never show what the API locks.
 */
export async function runScreener(warehouse: Warehouse, query: ScreenerParams, tier: TierId): Promise<z.infer<typeof ScreenerResult>> {
  const sort = parseSort(query.sort);
  const rows = applyScreen(await cachedUniverse(warehouse), {
    mktcapMin: query.mktcap_min,
    peMax: query.pe_max,
    divYieldMin: query.div_yield_min,
    sector: query.sector,
    sort,
  });
  const sortText = `${sort.field}:${sort.direction}`;
  const offset = query.offset ?? 0;
  // Freshness of the rows served: their newest close or filing date, the ledger of their sources.
  const fresh = async (results: ScreenerRowData[]) => ({
    dataThrough: newest(...results.flatMap((r) => [r.priceDate, r.filingDate])),
    fetchedAt: await fetchedAt(warehouse, SCREENER_JOBS),
  });
  if (!tierAtLeast(tier, 'researcher')) {
    // A page never reaches past the top three matches (spec 2.5).
    const page = rows.slice(Math.min(offset, SCREENER_LOCKED_ROWS), Math.min(SCREENER_LOCKED_ROWS, offset + query.limit));
    return { total: rows.length, limit: query.limit, sort: sortText, locked: true, locked_total: rows.length, results: page, ...(await fresh(page)) };
  }
  const page = rows.slice(offset, offset + query.limit);
  return { total: rows.length, limit: query.limit, sort: sortText, locked: false, results: page, ...(await fresh(page)) };
}

/** The jobs whose sources a screener row is drawn from (prices, the technicals job's latest close, fundamentals, profiles). */
const SCREENER_JOBS = ['prices', 'technicals', 'fundamentals', 'filings'];

type ScreenerParams = Omit<z.output<typeof ScreenerQuery>, 'offset'> & { offset?: number };

/**
 * The serialised answer of one screen: it depends only on the snapshot, the day (the universe's
 * point-in-time date), the parameters and whether the tier sees the full result, so it is kept per
 * snapshot under exactly those (issue 15: filtering 5,000 rows and serialising 50 per request).
 */
function screenerBody(warehouse: Warehouse, query: ScreenerParams, tier: TierId): Promise<Buffer> {
  return cachedJson(warehouse, screenKey(query, tierAtLeast(tier, 'researcher'), utcDay()), () => runScreener(warehouse, query, tier));
}

/**
 * The body cache key of a screen, kept with its query object for the day: the route layer keeps
 * the queries it validated (api/route.ts), so a screen asked again reuses its key string, whose
 * hash the string keeps, instead of building and hashing another (issue 15: the key's
 * `JSON.stringify` and `parseSort` and its lookup were ~5 % of a cached screener answer's CPU).
 */
const screenKeys = new WeakMap<object, { day: string; full?: string; locked?: string }>();
function screenKey(query: ScreenerParams, full: boolean, day: string): string {
  let keys = screenKeys.get(query);
  if (keys?.day !== day) screenKeys.set(query, (keys = { day }));
  const kind = full ? 'full' : 'locked';
  return (keys[kind] ??= `screener:${day}:${kind}:${JSON.stringify([query.mktcap_min, query.pe_max, query.div_yield_min, query.sector, parseSort(query.sort), query.limit, query.offset ?? 0])}`);
}

export const screener = resource('Screener', [
  defineRoute({
    method: 'GET',
    path: '/screener',
    capability: 'screener',
    summary: 'Screen tickers by market cap, P/E, dividend yield and sector',
    description:
      'Matches every ticker with a latest price against point-in-time fundamentals as known today. mktcap_min in USD, ' +
      'pe_max (rows without a positive P/E are excluded), div_yield_min in percent, sector (case-insensitive). ' +
      `sort: one of ${SCREENER_SORT_FIELDS.join(', ')}, as field, field:asc, field:desc or -field (default ${SCREENER_DEFAULTS.sort}; ` +
      `nulls last; ties by ticker). limit: default ${SCREENER_DEFAULTS.limit}, values above ${SCREENER_MAX_LIMIT} are capped at ${SCREENER_MAX_LIMIT} ` +
      '(the applied limit is echoed). Below the Researcher tier only the top three matches are returned with ' +
      '`locked: true` and `locked_total`. Pagination: offset skips that many matches (default 0); `total` counts every match, so a ' +
      'client pages with offset += limit while offset < total (below Researcher a page never reaches past the top three). Each row names the ' +
      'price file of its close (`priceProvenance`, synthetic for generated prices) and the filing of its fundamentals (`fundamentalsProvenance`); ' +
      '`dataThrough` is the newest close or filing date of the rows served, `fetchedAt` the run ledger\'s last fetch of their sources.',
    query: ScreenerQuery,
    responses: {
      200: { description: 'matching tickers with key metrics', schema: ScreenerResult },
      400: { description: 'an invalid parameter (a number that is not one, an unknown sort field)', schema: ErrorBody },
    },
    handler: async ({ query, services, caller, req, reply }) => {
      return sendCachedBody(await screenerBody(services.warehouse, query, caller.tier), req, reply);
    },
  }),
]);
