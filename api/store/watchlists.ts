/**
 * Watchlists and their tickers (migrations 0200_user_state.sql, 0202_watchlist_item_order.sql);
 * every query filters by owner. Tickers are listed in the order they were added (`seq`).
 *
 * Writes that answer the watchlist after the change read it in the same transaction or return
 * 'missing' when it is gone: a DELETE of the list between the write and the read made the routes
 * dereference null (a 500).
 */
import { accountLock, countRows, insertUnderCap, isUniqueViolation, type FULL } from './caps.ts';
import type { Queryable, UserStore } from './interface.ts';

export interface WatchlistRow {
  id: string;
  name: string;
  tickers: string[];
  createdAt: Date;
  updatedAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SELECT = `SELECT w.id, w.name, w.created_at AS "createdAt", w.updated_at AS "updatedAt",
  coalesce((SELECT array_agg(i.ticker ORDER BY i.seq) FROM watchlist_items i WHERE i.watchlist_id = w.id), '{}') AS tickers
  FROM watchlists w`;

export async function listWatchlists(db: Queryable, accountId: string): Promise<WatchlistRow[]> {
  return db.query<WatchlistRow>(`${SELECT} WHERE w.account_id = $1 ORDER BY w.created_at, w.id`, [accountId]);
}

/** The watchlist when it exists and belongs to `accountId`; otherwise null (a 404 either way). */
export async function getWatchlist(db: Queryable, accountId: string, id: string): Promise<WatchlistRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.query<WatchlistRow>(`${SELECT} WHERE w.account_id = $1 AND w.id = $2`, [accountId, id]);
  return row ?? null;
}

/**
 * Creates a watchlist with its tickers in one transaction: null when the account already has one
 * of that name (case-insensitive), 'full' when it already holds `maxLists` lists (counted under the
 * account row lock, so concurrent creations never exceed the cap; issue 13.7); 'missing' when
 * the account does not exist.
 */
export async function createWatchlist(
  store: UserStore,
  accountId: string,
  id: string,
  name: string,
  tickers: string[],
  maxLists: number,
): Promise<WatchlistRow | null | typeof FULL | 'missing'> {
  return insertUnderCap(
    store,
    accountLock(accountId),
    maxLists,
    (tx) => countRows(tx, 'SELECT 1 FROM watchlists WHERE account_id = $1', [accountId]),
    async (tx) => {
      const n = await tx.execute(`INSERT INTO watchlists (id, account_id, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [id, accountId, name]);
      if (n !== 1) return null;
      // One insert per ticker, in the order given: each takes the next `seq`.
      for (const t of tickers) await tx.execute(`INSERT INTO watchlist_items (watchlist_id, ticker) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, t]);
      return getWatchlist(tx, accountId, id);
    },
  );
}

/** Renames; the list after the change, 'missing' when not the owner's (or deleted meanwhile), 'taken' when the name is used by another of its lists. */
export async function renameWatchlist(db: Queryable, accountId: string, id: string, name: string): Promise<WatchlistRow | 'missing' | 'taken'> {
  if (!UUID.test(id)) return 'missing';
  const clash = await db.query(`SELECT 1 FROM watchlists WHERE account_id = $1 AND lower(name) = lower($2) AND id <> $3`, [accountId, name, id]);
  if (clash.length) return (await getWatchlist(db, accountId, id)) ? 'taken' : 'missing';
  try {
    const n = await db.execute(`UPDATE watchlists SET name = $3, updated_at = now() WHERE account_id = $1 AND id = $2`, [accountId, id, name]);
    return (n === 1 ? await getWatchlist(db, accountId, id) : null) ?? 'missing';
  } catch (err) {
    // A concurrent rename or creation took the name after the check above (the unique index decides).
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

export async function deleteWatchlist(db: Queryable, accountId: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  return (await db.execute(`DELETE FROM watchlists WHERE account_id = $1 AND id = $2`, [accountId, id])) === 1;
}

/**
 * Adds a ticker (idempotent; a ticker already on the list keeps its place): the list after the
 * change, read under the watchlist row lock; 'missing' when the watchlist is not the owner's, 'full'
 * when it already holds `maxTickers` other tickers (counted under that lock; issue 13.7).
 */
export async function addWatchlistTicker(store: UserStore, accountId: string, id: string, ticker: string, maxTickers: number): Promise<WatchlistRow | 'missing' | typeof FULL> {
  if (!UUID.test(id)) return 'missing';
  return insertUnderCap(
    store,
    { sql: 'SELECT 1 FROM watchlists WHERE account_id = $1 AND id = $2', params: [accountId, id] },
    maxTickers,
    (tx) => countRows(tx, 'SELECT 1 FROM watchlist_items WHERE watchlist_id = $1 AND ticker <> $2', [id, ticker]),
    async (tx) => {
      await tx.execute(`INSERT INTO watchlist_items (watchlist_id, ticker) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, ticker]);
      await tx.execute(`UPDATE watchlists SET updated_at = now() WHERE id = $1`, [id]);
      return (await getWatchlist(tx, accountId, id)) ?? ('missing' as const);
    },
  );
}

/**
 * Removes a ticker: the list after the change; 'missing' when the list is not the owner's (or was
 * deleted meanwhile), 'absent' when the ticker is not on it.
 */
export async function removeWatchlistTicker(db: Queryable, accountId: string, id: string, ticker: string): Promise<WatchlistRow | 'missing' | 'absent'> {
  if (!(await getWatchlist(db, accountId, id))) return 'missing';
  const n = await db.execute(`DELETE FROM watchlist_items WHERE watchlist_id = $1 AND ticker = $2`, [id, ticker]);
  if (n !== 1) return 'absent';
  await db.execute(`UPDATE watchlists SET updated_at = now() WHERE id = $1`, [id]);
  return (await getWatchlist(db, accountId, id)) ?? 'missing';
}
