/** `/api/news/search`, `/api/news/ticker`, `/api/news/stats` (spec 4.4). */
import { ErrorBody } from '../../schema/common.ts';
import { NewsSearchQuery, NewsSearchResult, NewsStats, newsStatsThrough, NewsTickerQuery, NewsTickerResult } from '../../schema/news.ts';
import { companyByTicker } from '../../warehouse/queries/companies.ts';
import { newsFreshness, newsStats, searchNews, tickerNews } from '../../warehouse/queries/news.ts';
import { NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

export const news = resource('News', [
  defineRoute({
    method: 'GET',
    path: '/news/search',
    capability: 'news_search',
    summary: 'Search news with sentiment, industry tags and tickers',
    description:
      'Full-text search (every term of q must occur in the title or summary; ranked by relevance, title matches count double), ' +
      'filtered by ticker, industry tag and sentiment label, within `days` (default 7) counted back from the newest item in the ' +
      'news database. Stable pagination: ordered by relevance, then publication time (newest first), then id; `total` counts all matches. ' +
      'Each item carries its provenance (the feed document; `synthetic: true` for a headline written for the sample corpus); `dataThrough` is ' +
      'the newest item served, `fetchedAt` the news job’s last successful run (run ledger).',
    query: NewsSearchQuery,
    responses: {
      200: { description: 'one page of matches and the total', schema: NewsSearchResult },
      400: { description: 'an invalid parameter (sentiment, days, limit, offset)', schema: ErrorBody },
    },
    handler: ({ query, services }) => searchNews(services.warehouse, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/news/ticker',
    capability: 'ticker_news',
    summary: 'Recent headlines for a ticker',
    query: NewsTickerQuery,
    responses: {
      200: { description: 'the newest items associated with the ticker (possibly none)', schema: NewsTickerResult },
      400: { description: 'ticker missing', schema: ErrorBody },
      404: { description: 'unknown ticker', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      if (!(await companyByTicker(services.warehouse, query.ticker))) throw new NotFoundError(`unknown ticker: ${query.ticker}`);
      const items = await tickerNews(services.warehouse, query.ticker, query.limit);
      return { ticker: query.ticker, items, ...(await newsFreshness(services.warehouse, items)) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/news/stats',
    capability: 'news_stats',
    summary: 'News database statistics',
    description: '`dataThrough` is the day of the newest item counted, `fetchedAt` the news job’s last successful run (run ledger).',
    responses: { 200: { description: 'counts per feed, sentiment, tag and ticker', schema: NewsStats } },
    dataThrough: newsStatsThrough,
    handler: ({ services }) => newsStats(services.warehouse),
  }),
]);
