/** Request and result shapes of `/api/watchlists` (per-user state, issue 8). */
import { z } from 'zod';
import { Name, TICKER_CHARACTERS } from './common.ts';
import { newest, type DataThrough } from './provenance.ts';

const ticker = z
  .string()
  .trim()
  .min(1)
  .max(12)
  .regex(TICKER_CHARACTERS, 'must be a ticker symbol')
  .toUpperCase();

/** Most watchlists per account and tickers per watchlist. */
export const WATCHLIST_LIMITS = { lists: 50, tickers: 200 } as const;

export const WatchlistName = Name(80);

export const CreateWatchlistBody = z.object({ name: WatchlistName, tickers: z.array(ticker).max(WATCHLIST_LIMITS.tickers).default([]) }).strict();
export const RenameWatchlistBody = z.object({ name: WatchlistName }).strict();
export const AddTickerBody = z.object({ ticker }).strict();
export const WatchlistParams = z.object({ id: z.string().max(64) });
export const WatchlistTickerParams = z.object({ id: z.string().max(64), ticker });

export const Watchlist = z.object({
  id: z.string(),
  name: z.string(),
  tickers: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const WatchlistList = z.array(Watchlist);

/** One row of the watchlist view: snapshot fields of the ticker. */
export const WatchlistRow = z.object({
  ticker: z.string(),
  name: z.string().nullable(),
  price: z
    .object({
      current: z.number(),
      change: z.number().nullable(),
      changePercent: z.number().nullable(),
      date: z.string(),
      synthetic: z.boolean().describe('true when the close was generated (sample prices), not taken from the source'),
    })
    .nullable(),
});

export const WatchlistView = Watchlist.extend({ rows: z.array(WatchlistRow), disclaimer: z.string() });

/** `dataThrough` of a watchlist view: the newest close shown. */
export const watchlistThrough: DataThrough<{ rows: readonly { price: { date: string } | null }[] }> = (w) => newest(...w.rows.map((r) => r.price?.date));
