/**
 * News: the search tokenizer shared by the news job (index) and the search query, and the
 * request/result shapes of `/api/news/*` (spec 4.4).
 */
import { z } from 'zod';
import { FRESHNESS, newest, Provenance, type DataThrough } from './provenance.ts';
import { missing, TICKER_CHARACTERS } from './common.ts';

/** Lower-case word tokens (letters, digits, inner hyphens and apostrophes). */
export function words(text: string): string[] {
  return (text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(/[a-z0-9]+(?:['-][a-z0-9]+)*/g) ?? []);
}


// ---- full-text tokens ----

/** Words left out of the full-text index (they match nearly everything). */
export const STOP_WORDS = new Set(
  `a an and are as at be by for from has have in into is it its of on or that the their this to was
  were will with after over says said new`.split(/\s+/),
);

/** Stems a token crudely (plural and -ing/-ed endings) so "earnings" finds "earning". */
export function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** The index terms of a text (lower case, stemmed, stop words removed), in order. */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map(stem);
}

export const SENTIMENT_LABELS = ['positive', 'negative', 'neutral'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];

/** Largest `limit` of a news search page. */
export const NEWS_MAX_LIMIT = 200;

/** Whether a search text holds a word the full-text index searches (not only stop words and punctuation). */
export const hasSearchWord = (q: string): boolean => terms(q).length > 0;

/**
 * What a search text without a searchable word is told. It matched every item (`q=%25%25`, `q='`,
 * `q=the` answered the whole window, as if q were not given: an outside pass).
 */
export const NO_SEARCH_WORD = 'holds no searchable word (stop words, symbols and punctuation are not searched); leave q out for every item';

export const NewsSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .refine((q) => q === '' || hasSearchWord(q), NO_SEARCH_WORD)
    .optional()
    .describe('full-text query: every term must occur (title or summary); ranked by relevance; at least one searchable word'),
  ticker: z.string().trim().min(1).max(12).regex(TICKER_CHARACTERS, 'must be a ticker symbol such as AAPL or BRK-B').toUpperCase().optional(),
  tag: z.string().trim().min(1).max(60).toLowerCase().optional().describe('industry tag, e.g. technology, financials, energy'),
  sentiment: z.enum(SENTIMENT_LABELS).optional(),
  days: z.coerce.number().int().min(1).max(36500).default(7).describe('window in days, counted back from the newest item in the news database'),
  limit: z.coerce.number().int().min(1).max(NEWS_MAX_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type NewsSearchParams = z.output<typeof NewsSearchQuery>;

export const NewsItem = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string(),
  summary: z.string().nullable(),
  /** ISO 8601, UTC, without zone. */
  publishedAt: z.string(),
  feed: z.string(),
  sentiment: z.object({ score: z.number().min(-1).max(1), label: z.enum(SENTIMENT_LABELS) }),
  tickers: z.array(z.string()),
  tags: z.array(z.string()),
  /** Relevance score when the search had `q`; null otherwise. */
  relevance: z.number().nullable(),
  /** The feed document the item was loaded from; `synthetic` for a headline written for the sample corpus. */
  provenance: Provenance,
});
export type NewsItemRow = z.infer<typeof NewsItem>;

export const NewsSearchResult = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** The window's start (inclusive), ISO 8601 without zone; null when the database is empty. */
  since: z.string().nullable(),
  items: z.array(NewsItem),
  ...FRESHNESS,
});

export const NewsTickerQuery = z.object({
  ticker: z
    .string({ error: missing("missing required parameter 'ticker'") })
    .trim()
    .min(1, "parameter 'ticker' must not be empty")
    .max(12)
    .regex(TICKER_CHARACTERS, 'must be a ticker symbol such as AAPL or BRK-B')
    .toUpperCase(),
  limit: z.coerce.number().int().min(1).max(NEWS_MAX_LIMIT).default(20),
});

export const NewsTickerResult = z.object({ ticker: z.string(), items: z.array(NewsItem), ...FRESHNESS });

export const NewsStats = z.object({
  items: z.number().int(),
  feeds: z.array(z.object({ feed: z.string(), source: z.string(), items: z.number().int(), latest: z.string() })),
  first: z.string().nullable(),
  latest: z.string().nullable(),
  sentiment: z.object({ positive: z.number().int(), negative: z.number().int(), neutral: z.number().int() }),
  tags: z.array(z.object({ tag: z.string(), items: z.number().int() })),
  tickers: z.array(z.object({ ticker: z.string(), items: z.number().int() })),
  indexedTerms: z.number().int(),
});

/** `dataThrough` of the news statistics: the day of the newest item counted. */
export const newsStatsThrough: DataThrough<{ latest: string | null }> = (a) => newest(a.latest);
