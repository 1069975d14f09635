/** MCP tools: news with sentiment, tags and tickers. */
import { newestOf } from '../provenance.ts';
import { z } from 'zod';
import { hasSearchWord, NO_SEARCH_WORD, newsStatsThrough } from '../news.ts';
import { defineTools } from './tool.ts';
import { text, ticker } from './params.ts';

export const NEWS_TOOLS = defineTools('news', {
  search_news: {
    dataThrough: newestOf('publishedAt'),
    capability: 'news_search',
    title: 'Search news',
    description: 'Full-text news search (every term must match) with ticker, industry tag and sentiment filters, within days of the newest item.',
    input: z.object({
      q: text(1, 200).refine(hasSearchWord, NO_SEARCH_WORD).optional(),
      ticker: ticker.optional(),
      tag: z.string().trim().min(1).max(60).optional(),
      sentiment: z.enum(['positive', 'negative', 'neutral']).optional(),
      days: z.number().int().min(1).max(36500).optional().describe('default 7'),
    }),
    output: '{id,title,link,summary,publishedAt,feed,sentiment:{score,label},tickers[],tags[],relevance,provenance:{source,document,url,accession,synthetic}}[]',
    list: true,
  },
  get_ticker_news: {
    dataThrough: newestOf('publishedAt'),
    capability: 'ticker_news',
    title: 'Ticker headlines',
    description: 'The newest headlines associated with a ticker.',
    input: z.object({ ticker }),
    output: '{id,title,link,publishedAt,sentiment,tags[],provenance:{source,document,url,accession,synthetic}}[]',
    list: true,
  },
  get_news_stats: {
    dataThrough: newsStatsThrough,
    capability: 'news_stats',
    title: 'News statistics',
    description: 'News database counts per feed, sentiment, tag and ticker, and the date range.',
    output: '{items,feeds[],sentiment,tags[],tickers[],first,latest}',
  },
});
