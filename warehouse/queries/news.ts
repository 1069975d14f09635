/**
 * News queries: full-text search over the token index `news_tokens` (no DuckDB fts extension can
 * be installed), ticker headlines and statistics.
 *
 * Ranking: every query term must occur; score = sum over terms of idf * (1 + ln tf) * (2 if in
 * the title), idf = ln(1 + N / df). Ties break by publication time (newest first) and then id,
 * so `offset`/`limit` pages are stable.
 */
import { terms, type NewsItemRow, type NewsSearchParams } from '../../schema/news.ts';
import { provenanceOf } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';
import { fetchedAt, newest } from './freshness.ts';

const ITEM_COLUMNS = `i.id, i.title, i.link, i.summary, strftime(i.published_at, '%Y-%m-%dT%H:%M:%S') AS "publishedAt", i.feed,
  i.sentiment_score AS score, i.sentiment_label AS label, i.tickers, i.tags, i.source, i.synthetic`;

interface RawItem extends Omit<NewsItemRow, 'sentiment' | 'relevance' | 'provenance'> {
  source: string;
  synthetic: boolean;
  score: number;
  label: NewsItemRow['sentiment']['label'];
  relevance?: number | null;
}

function toItem(r: RawItem): NewsItemRow {
  return {
    id: r.id,
    title: r.title,
    link: r.link,
    summary: r.summary,
    publishedAt: r.publishedAt,
    feed: r.feed,
    sentiment: { score: r.score, label: r.label },
    tickers: r.tickers,
    tags: r.tags,
    relevance: r.relevance === undefined || r.relevance === null ? null : Math.round(r.relevance * 1e4) / 1e4,
    provenance: provenanceOf(r.source, r.synthetic),
  };
}

/** `dataThrough` (the newest item served) and `fetchedAt` (the news job's last successful run) of a news answer. */
export async function newsFreshness(db: Db, items: readonly NewsItemRow[]): Promise<{ dataThrough: string | null; fetchedAt: string | null }> {
  return { dataThrough: newest(...items.map((i) => i.publishedAt)), fetchedAt: await fetchedAt(db, ['news']) };
}

export interface NewsPage {
  total: number;
  offset: number;
  limit: number;
  since: string | null;
  items: NewsItemRow[];
  dataThrough: string | null;
  fetchedAt: string | null;
}

/**
 * Searches news: full text (`q`), ticker, industry tag, sentiment label, within `days` before the
 * newest item in the database. Returns one page and the total number of matches.
 */
export async function searchNews(db: Db, p: NewsSearchParams): Promise<NewsPage> {
  const qTerms = [...new Set(terms(p.q ?? ''))];
  const params = {
    terms: qTerms.length ? qTerms : ['\u0000'],
    nterms: qTerms.length,
    ticker: p.ticker ?? null,
    tag: p.tag ?? null,
    sentiment: p.sentiment ?? null,
    days: p.days,
  };
  // Fixed SQL text; every value is a bound parameter.
  const base = `
    WITH bound AS (SELECT max(published_at) - to_days($days::INTEGER) AS since FROM news_items),
    n AS (SELECT count(*)::DOUBLE AS n FROM news_items),
    df AS (SELECT token, count(*)::DOUBLE AS df FROM news_tokens WHERE token IN (SELECT unnest($terms::VARCHAR[])) GROUP BY token),
    hits AS (
      SELECT t.id, sum(ln(1 + n.n / df.df) * (1 + ln(t.tf)) * CASE WHEN t.in_title THEN 2 ELSE 1 END) AS relevance, count(*) AS matched
      FROM news_tokens t JOIN df USING (token) CROSS JOIN n GROUP BY t.id),
    matches AS (
      SELECT i.*, h.relevance FROM news_items i LEFT JOIN hits h USING (id) CROSS JOIN bound
      WHERE i.published_at >= bound.since
        AND ($nterms = 0 OR coalesce(h.matched, 0) = $nterms)
        AND ($ticker::VARCHAR IS NULL OR list_contains(i.tickers, $ticker::VARCHAR))
        AND ($tag::VARCHAR IS NULL OR list_contains(i.tags, $tag::VARCHAR))
        AND ($sentiment::VARCHAR IS NULL OR i.sentiment_label = $sentiment::VARCHAR))`;
  const [count] = await db.all<{ total: number; since: string | null }>(
    `${base} SELECT (SELECT count(*) FROM matches)::INTEGER AS total, (SELECT strftime(since, '%Y-%m-%dT%H:%M:%S') FROM bound) AS since`,
    params,
  );
  const rows = await db.all<RawItem>(
    `${base} SELECT ${ITEM_COLUMNS}, i.relevance FROM matches i
     ORDER BY i.relevance DESC NULLS LAST, i.published_at DESC, i.id LIMIT $limit OFFSET $offset`,
    { ...params, limit: p.limit, offset: p.offset },
  );
  const items = rows.map(toItem);
  return { total: count?.total ?? 0, offset: p.offset, limit: p.limit, since: count?.since ?? null, items, ...(await newsFreshness(db, items)) };
}

/** The most recent `limit` items associated with `ticker` (after skipping `offset`), newest first. */
export async function tickerNews(db: Db, ticker: string, limit = 20, offset = 0): Promise<NewsItemRow[]> {
  const rows = await db.all<RawItem>(
    `SELECT ${ITEM_COLUMNS} FROM news_items i WHERE list_contains(i.tickers, $1::VARCHAR)
     ORDER BY i.published_at DESC, i.id LIMIT $2 OFFSET $3`,
    [ticker.toUpperCase(), limit, offset],
  );
  return rows.map(toItem);
}

export interface NewsStatsRow {
  items: number;
  feeds: { feed: string; source: string; items: number; latest: string }[];
  first: string | null;
  latest: string | null;
  sentiment: { positive: number; negative: number; neutral: number };
  tags: { tag: string; items: number }[];
  tickers: { ticker: string; items: number }[];
  indexedTerms: number;
}

/** News database statistics: counts per feed, sentiment label, tag and ticker (top 25 each). */
export async function newsStats(db: Db): Promise<NewsStatsRow> {
  const [totals] = await db.all<{ items: number; first: string | null; latest: string | null; positive: number; negative: number; neutral: number; terms: number }>(
    `SELECT count(*)::INTEGER AS items,
            strftime(min(published_at), '%Y-%m-%dT%H:%M:%S') AS first, strftime(max(published_at), '%Y-%m-%dT%H:%M:%S') AS latest,
            count(*) FILTER (WHERE sentiment_label = 'positive')::INTEGER AS positive,
            count(*) FILTER (WHERE sentiment_label = 'negative')::INTEGER AS negative,
            count(*) FILTER (WHERE sentiment_label = 'neutral')::INTEGER AS neutral,
            (SELECT count(DISTINCT token) FROM news_tokens)::INTEGER AS terms
     FROM news_items`,
  );
  const feeds = await db.all<NewsStatsRow['feeds'][number]>(
    `SELECT feed, source, count(*)::INTEGER AS items, strftime(max(published_at), '%Y-%m-%dT%H:%M:%S') AS latest
     FROM news_items GROUP BY feed, source ORDER BY items DESC, feed`,
  );
  const tags = await db.all<{ tag: string; items: number }>(
    `SELECT tag, count(*)::INTEGER AS items FROM (SELECT unnest(tags) AS tag FROM news_items) GROUP BY tag ORDER BY items DESC, tag LIMIT 25`,
  );
  const tickers = await db.all<{ ticker: string; items: number }>(
    `SELECT ticker, count(*)::INTEGER AS items FROM (SELECT unnest(tickers) AS ticker FROM news_items) GROUP BY ticker ORDER BY items DESC, ticker LIMIT 25`,
  );
  const t = totals!;
  return {
    items: t.items,
    feeds,
    first: t.first,
    latest: t.latest,
    sentiment: { positive: t.positive, negative: t.negative, neutral: t.neutral },
    tags,
    tickers,
    indexedTerms: t.terms,
  };
}
