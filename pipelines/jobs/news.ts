/**
 * `news`: RSS 2.0 and Atom feeds -> `news_items` (+ `news_tokens`, the full-text index).
 * Feeds: ALMANAC_NEWS_FEEDS when set (document keys), else every feed the source lists under
 * `vendor/news/` and `www.sec.gov/news/` (the sample corpus), else the SEC press releases feed.
 * Each item is deduplicated by guid or canonical link, then by normalised title within 48 hours
 * (within a feed and against other feeds: the first feed loaded keeps it; see parsers/feeds.ts), associated with tickers from the companies table
 * (short-symbol guards in pipelines/parsers/news-text.ts), tagged with industries (keywords and
 * the associated companies' SIC sectors) and scored for sentiment.
 */
import { loadConfig } from '../../schema/config.ts';
import { appendRows } from '../../warehouse/load.ts';
import { isSameItem, parseFeed, type Feed } from '../parsers/feeds.ts';
import { indexTerms, industryTags, sentiment, tickerMatcher, type CompanyRef, type TickerMatcher } from '../parsers/news-text.ts';
import type { Job, JobContext } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export const NEWS_PREFIXES = ['vendor/news', 'www.sec.gov/news'];
/** Public feeds read when the source cannot list and ALMANAC_NEWS_FEEDS is empty (the live source). */
export const DEFAULT_FEEDS = [
  'www.sec.gov/news/pressreleases.rss', // SEC press releases
  'www.federalreserve.gov/feeds/press_all.xml', // Federal Reserve Board press releases
  'www.bls.gov/feed/bls_latest.rss', // BLS latest releases (CPI, jobs)
  'apps.bea.gov/rss/rss.xml', // BEA releases (GDP, income)
];

interface Companies {
  matcher: TickerMatcher;
  sectors: Map<string, string | null>;
}

const perRun = new Map<string, Promise<Companies>>();

async function companies(ctx: JobContext): Promise<Companies> {
  let c = perRun.get(ctx.runId);
  if (!c) {
    c = (async () => {
      let rows: CompanyRef[];
      try {
        // Sectors come from the SEC company profiles (filings job) when that job has run.
        rows = await ctx.db.all<CompanyRef>(
          `SELECT c.ticker, c.cik, c.name, c.rank, p.sector FROM companies c
           LEFT JOIN (SELECT cik, any_value(sector) AS sector FROM company_profiles GROUP BY cik) p USING (cik)`,
        );
      } catch {
        rows = await ctx.db.all<CompanyRef>('SELECT ticker, cik, name, rank, NULL AS sector FROM companies');
      }
      return { matcher: tickerMatcher(rows), sectors: new Map(rows.map((r) => [r.ticker, r.sector ?? null])) };
    })();
    perRun.clear();
    perRun.set(ctx.runId, c);
  }
  return c;
}

export const newsJob: Job<Feed> = {
  name: 'news',
  description: 'RSS/Atom news feeds: dedupe, ticker association, industry tags, finance sentiment, full-text index',
  schedule: JOB_SCHEDULES['news'],
  after: ['companies'],
  async documents(ctx) {
    const configured = loadConfig().newsFeeds;
    if (configured.length > 0) return configured;
    const listed: string[] = [];
    let canList = true;
    for (const prefix of NEWS_PREFIXES) {
      const l = await ctx.source.list(prefix);
      if (l === null) canList = false;
      else listed.push(...l.filter((p) => /\.(xml|rss|atom)$/i.test(p)));
    }
    return canList ? listed : DEFAULT_FEEDS;
  },
  parse(doc) {
    return parseFeed(doc.bytes);
  },
  async load(feed, ctx, doc) {
    const { matcher, sectors } = await companies(ctx);
    await ctx.db.run('DELETE FROM news_tokens WHERE id IN (SELECT id FROM news_items WHERE source = $1)', [doc.path]);
    await ctx.db.run('DELETE FROM news_items WHERE source = $1', [doc.path]);
    // Items another feed already carries (same link, or same title within 48 hours: isSameItem)
    // stay with that feed.
    const taken = await ctx.db.all<{ link: string; titleKey: string; publishedAt: string }>(
      `SELECT link, title_key AS "titleKey", strftime(published_at, '%Y-%m-%d %H:%M:%S') AS "publishedAt" FROM news_items
       WHERE link IN (SELECT unnest($1::VARCHAR[])) OR title_key IN (SELECT unnest($2::VARCHAR[]))`,
      [feed.items.map((i) => i.link), feed.items.map((i) => i.titleKey)],
    );
    const items = feed.items.filter((i) => !taken.some((t) => isSameItem({ ...t, guid: null }, i, false)));
    const rows: unknown[][] = [];
    const tokens: unknown[][] = [];
    for (const item of items) {
      const text = `${item.title}. ${item.summary ?? ''}`;
      const tickers = matcher.match(text);
      const tags = industryTags(text, tickers.map((t) => sectors.get(t)));
      const s = sentiment(item.title, item.summary);
      rows.push([item.id, item.title, item.titleKey, item.link, item.summary, item.publishedAt, feed.title, doc.path, s.score, s.label, tickers, tags]);
      for (const t of indexTerms(item.title, item.summary)) tokens.push([item.id, t.token, t.tf, t.inTitle]);
    }
    const rowsOut = await appendRows(ctx.conn, 'news_items', rows, { synthetic: doc.synthetic });
    await appendRows(ctx.conn, 'news_tokens', tokens);
    const dropped = feed.duplicates + feed.items.length - items.length;
    if (dropped > 0) ctx.log(`${doc.path}: ${dropped} duplicate item(s) skipped`);
    return { rowsIn: feed.items.length + feed.duplicates, rowsOut, watermark: items.map((i) => i.publishedAt.slice(0, 10)).sort().pop() };
  },
};
