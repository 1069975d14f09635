/** Handlers of the news tools (schema/mcp/news.ts). */
import type { NEWS_TOOLS } from '../../../schema/mcp/news.ts';
import { NEWS_MAX_LIMIT } from '../../../schema/news.ts';
import { newsStats, searchNews, tickerNews } from '../../../warehouse/queries/news.ts';
import type { HandlerMap } from '../context.ts';
import { requireCompany } from './common.ts';

export const newsHandlers: HandlerMap<typeof NEWS_TOOLS> = {
  search_news: async ({ q, ticker, tag, sentiment, days }, { services }) => {
    const page = await searchNews(services.warehouse, { q, ticker, tag: tag?.toLowerCase(), sentiment, days: days ?? 7, limit: NEWS_MAX_LIMIT, offset: 0 });
    return page.items;
  },
  get_ticker_news: async ({ ticker }, { services }) => {
    await requireCompany(services.warehouse, ticker);
    // As many as GET /api/news/ticker answers on one page (the tool pages over them itself).
    return tickerNews(services.warehouse, ticker, NEWS_MAX_LIMIT);
  },
  get_news_stats: (_args, { services }) => newsStats(services.warehouse),
};
