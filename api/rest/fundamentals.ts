/**
 * Point-in-time fundamentals (spec 4.4): `/api/fundamentals-pit`, `/api/fundamentals-history`,
 * `/api/fundamentals-pit/universe`, `/api/fundamentals-pit/stats`. A value is never served before
 * the date its filing became public; restatements appear from the restating filing's date.
 */
import { companyByTicker } from '../../warehouse/queries/companies.ts';
import { fundamentalsHistory, fundamentalsStats, pitStatement, pitUniverse } from '../../warehouse/queries/fundamentals.ts';
import { cachedJson } from '../../warehouse/serving.ts';
import { fetchedAt, pitMeta } from '../../warehouse/queries/freshness.ts';
import { routeJobs } from '../freshness.ts';
import { catalogDatasets, catalogStats } from '../../warehouse/queries/catalog.ts';
import { documentUrl, filingDocument } from '../../schema/provenance.ts';
import { sendCachedBody } from '../encoding.ts';
import { ErrorBody, utcDay } from '../../schema/common.ts';
import { END_BEFORE_HISTORY, historyRange, HistoryQuery, historyThrough, HistoryResult, PitQuery, PitResult, pointInTimeOf, StatsResult, statsThrough, UniverseQuery, UniverseResult, universeThrough } from '../../schema/fundamentals.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';
import type { Services } from '../services.ts';

async function company(services: Services, ticker: string): Promise<{ ticker: string; cik: number; name: string }> {
  const row = await companyByTicker(services.warehouse, ticker);
  if (!row) throw new NotFoundError(`unknown ticker '${ticker}'`);
  return row;
}

export const fundamentals = resource('Fundamentals', [
  defineRoute({
    method: 'GET',
    path: '/fundamentals-pit',
    capability: 'fundamentals_pit',
    summary: 'Point-in-time fundamentals as known on a date',
    description:
      'The latest fiscal period (FY, or Q1-Q3) first reported on or before `date`, with its standardized statement as known on that date ' +
      '(restatements filed later are not visible) and, per value, the filing it came from (accession, form, filed). ' +
      'Metrics are ratios of the same values and null when an input is missing. `provenance` names the filing (EDGAR filing index, accession); ' +
      '`fallback` {requested, served, reason} gives the date asked and the filing date of the statement served when they differ; `dataThrough` is ' +
      'the end of the fiscal period, `fetchedAt` the last successful run of the fundamentals job (run ledger).',
    query: PitQuery,
    responses: {
      200: { description: 'the statement as known on the date', schema: PitResult },
      400: { description: 'ticker missing or invalid, or date not YYYY-MM-DD', schema: ErrorBody },
      404: { description: 'unknown ticker, or nothing filed by that date', schema: ErrorBody },
    },
    handler: async ({ query, services, req, reply }) => {
      const asOf = pointInTimeOf(query) ?? utcDay();
      const c = await company(services, query.ticker);
      // The answer depends on the snapshot, the listing and the date alone: serialised once per
      // (snapshot, CIK, ticker, date) into the snapshot's body cache (issue 15: `JSON.stringify` of
      // the answer was the largest part of the route's own CPU), and compressed once per encoding
      // asked. The ticker is in the key: share classes (GOOG, GOOGL) have one CIK, and each answer
      // names its own ticker (keyed by CIK alone, the first one asked answered for both). A 404 is
      // thrown, never kept.
      const body = await cachedJson(services.warehouse, `pit:${c.cik}:${c.ticker}:${asOf}`, async () => {
        const statement = await pitStatement(services.warehouse, c.cik, asOf);
        if (!statement) throw new NotFoundError(`no point-in-time fundamentals for '${c.ticker}' as known on ${asOf}`);
        return { ticker: c.ticker, cik: c.cik, name: c.name, asOf, source: 'sec' as const, statement, ...(await pitMeta(services.warehouse, c.cik, statement, asOf)) };
      });
      return sendCachedBody(body, req, reply);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/fundamentals-history',
    capability: 'fundamentals_history',
    summary: 'Point-in-time series of a company’s fundamentals',
    description:
      'One entry per filing event with start <= filing date <= end that created or changed a fiscal period’s statement, oldest first. ' +
      'A restatement (10-K/A, or restated comparatives in a later filing) is a new entry on its filing date with `restated: true`.',
    query: HistoryQuery,
    responses: {
      200: { description: 'the filing events in the range', schema: HistoryResult },
      400: { description: 'ticker missing, a date not YYYY-MM-DD, or start after end', schema: ErrorBody },
      404: { description: 'unknown ticker', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      const { from: start, to: end, fault } = historyRange(query.start, query.end, utcDay());
      if (fault) throw new BadRequestError(fault === 'end' ? `parameter 'end' (${end}) ${END_BEFORE_HISTORY}` : `parameter 'start' (${start}) is after 'end' (${end})`);
      const c = await company(services, query.ticker);
      const entries = await fundamentalsHistory(services.warehouse, c.cik, start, end);
      return {
        ticker: c.ticker,
        cik: c.cik,
        start,
        end,
        entries: entries.map((e) => ({ ...e, url: documentUrl(filingDocument(c.cik, e.accession))! })),
        dataThrough: historyThrough(entries, null),
        fetchedAt: await fetchedAt(services.warehouse, routeJobs('/fundamentals-history') ?? []),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/fundamentals-pit/universe',
    capability: 'fundamentals_universe',
    summary: 'Every ticker with point-in-time fundamentals on a date',
    description: 'Each ticker with its latest fiscal period as known on the date. `dataThrough` is the newest fiscal period end listed, `fetchedAt` the fundamentals job’s last successful run (run ledger).',
    query: UniverseQuery,
    responses: {
      200: { description: 'tickers with their latest fiscal period as known on the date', schema: UniverseResult },
      400: { description: 'date not YYYY-MM-DD', schema: ErrorBody },
    },
    dataThrough: (a: { tickers: { periodEnd: string }[] }, at) => universeThrough(a.tickers, at),
    handler: async ({ query, services, req, reply, fresh }) => {
      const asOf = pointInTimeOf(query) ?? utcDay();
      const { limit, offset } = query;
      const paged = limit !== undefined || offset !== undefined;
      // Serialised (and compressed) once per (snapshot, date) and page: ~700 KB whole on 5,000
      // companies (issue 15). Without `limit` and `offset` the answer is what it always was.
      const key = paged ? `universe:${asOf}:${offset ?? 0}:${limit ?? ''}` : `universe:${asOf}`;
      const body = await cachedJson(services.warehouse, key, async () => {
        const all = await pitUniverse(services.warehouse, asOf);
        if (!paged) return fresh({ asOf, count: all.length, tickers: all });
        const from = offset ?? 0;
        const tickers = all.slice(from, limit === undefined ? undefined : from + limit);
        // A page says how fresh the universe is, as the whole answer and every MCP page do, not
        // how fresh its own few tickers are (an empty page would say null).
        const page = { asOf, count: tickers.length, total: all.length, offset: from, ...(limit === undefined ? {} : { limit }), tickers };
        return fresh({ ...page, dataThrough: universeThrough(all, null) });
      });
      return sendCachedBody(body, req, reply);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/fundamentals-pit/stats',
    capability: 'fundamentals_stats',
    summary: 'Fundamentals database statistics',
    description:
      'Companies, facts, filings, statement versions, date ranges, the served snapshot version and the last run of each pipeline job; ' +
      '`datasets` gives the coverage and freshness of every dataset exactly as GET /api/coverage. `dataThrough` is the newest filing date of the ' +
      'facts and filings counted, `fetchedAt` the fundamentals job’s last successful run (run ledger).',
    responses: { 200: { description: 'statistics', schema: StatsResult } },
    dataThrough: statsThrough,
    handler: async ({ services }) => ({
      ...(await fundamentalsStats(services.warehouse)),
      snapshot: services.warehouse.version,
      datasets: catalogDatasets(await catalogStats(services.warehouse), services.config.schedules),
    }),
  }),
]);
