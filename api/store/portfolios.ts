/**
 * Portfolio positions and their history of additions and removals (migration 0200_user_state.sql).
 * Every function takes the owner's account id and filters by it.
 *
 * Rule for a second POST of the same ticker (issue 8): the shares are added and the position's
 * cost basis becomes the weighted average cost of the old and new shares.
 */
import { roundPrice, roundShares } from '../../schema/common.ts';
import { PORTFOLIO_LIMITS, POSITION_MAX_SHARES } from '../../schema/portfolio.ts';
import { CapError, countRows, lockAccountRow } from './caps.ts';
import type { Queryable } from './interface.ts';

export interface PositionRow {
  portfolioId: string;
  ticker: string;
  shares: number;
  costBasis: number;
  openedOn: string;
  updatedAt: Date;
}

export interface PositionEvent {
  ticker: string;
  kind: 'add' | 'remove';
  sharesDelta: number;
  price: number | null;
  effectiveOn: string;
}

const COLUMNS = `portfolio_id AS "portfolioId", ticker, shares, cost_basis AS "costBasis", opened_on::text AS "openedOn", updated_at AS "updatedAt"`;

/** A merge past POSITION_MAX_SHARES: the bound of one addition holds for the position's total too. */
export class PositionSizeError extends Error {}

/** Positions of one portfolio, by ticker. */
export async function listPositions(db: Queryable, accountId: string, portfolioId: string): Promise<PositionRow[]> {
  return db.query<PositionRow>(`SELECT ${COLUMNS} FROM portfolio_positions WHERE account_id = $1 AND portfolio_id = $2 ORDER BY ticker`, [accountId, portfolioId]);
}

/** The account's portfolio names with their position counts. */
export async function listPortfolios(db: Queryable, accountId: string): Promise<{ portfolioId: string; positions: number }[]> {
  return db.query(
    `SELECT portfolio_id AS "portfolioId", count(*)::int AS positions FROM portfolio_positions WHERE account_id = $1 GROUP BY portfolio_id ORDER BY portfolio_id`,
    [accountId],
  );
}

/**
 * Adds shares of `ticker` effective on `effectiveOn` (a trading day). An existing position is
 * merged at the weighted average cost. Returns the position after the change. Run it in a
 * transaction: a new position is counted against PORTFOLIO_LIMITS under the account row lock
 * (CapError when a cap is reached), so concurrent additions never pass a cap (issue 13.7).
 */
export async function addPosition(
  db: Queryable,
  trade: { accountId: string; portfolioId: string; ticker: string; shares: number; costBasis: number; effectiveOn: string; dated?: boolean },
  limits: { portfolios: number; positions: number } = PORTFOLIO_LIMITS,
): Promise<PositionRow> {
  await lockAccountRow(db, trade.accountId);
  const closed = await latestTradeOn(db, trade, 'remove');
  const a = { ...trade, effectiveOn: tradeDay(trade, closed) };
  const [existing] = await db.query<PositionRow>(
    `SELECT ${COLUMNS} FROM portfolio_positions WHERE account_id = $1 AND portfolio_id = $2 AND ticker = $3 FOR UPDATE`,
    [a.accountId, a.portfolioId, a.ticker],
  );
  if (closed !== null && a.effectiveOn < closed) {
    throw new TradeDateError(`${a.ticker} cannot be added on ${a.effectiveOn}: the portfolio closed its position on ${closed}; date the addition on or after it`);
  }
  let row: PositionRow[];
  if (existing) {
    const shares = roundShares(existing.shares + a.shares);
    if (shares > POSITION_MAX_SHARES) {
      throw new PositionSizeError(
        `the position in ${a.ticker} would hold ${shares} shares: a position holds at most ${POSITION_MAX_SHARES} (it holds ${existing.shares}); nothing was changed`,
      );
    }
    const cost = roundPrice((existing.shares * existing.costBasis + a.shares * a.costBasis) / shares);
    row = await db.query<PositionRow>(
      `UPDATE portfolio_positions SET shares = $4, cost_basis = $5, updated_at = now()
       WHERE account_id = $1 AND portfolio_id = $2 AND ticker = $3 RETURNING ${COLUMNS}`,
      [a.accountId, a.portfolioId, a.ticker, shares, cost],
    );
  } else {
    const inPortfolio = await countRows(db, 'SELECT 1 FROM portfolio_positions WHERE account_id = $1 AND portfolio_id = $2', [a.accountId, a.portfolioId]);
    if (inPortfolio >= limits.positions) throw new CapError(`at most ${limits.positions} positions per portfolio`);
    const portfolios = inPortfolio > 0 ? 0 : await countRows(db, 'SELECT DISTINCT portfolio_id FROM portfolio_positions WHERE account_id = $1', [a.accountId]);
    if (portfolios >= limits.portfolios) throw new CapError(`at most ${limits.portfolios} portfolios per account (a portfolio exists while it holds a position)`);
    row = await db.query<PositionRow>(
      `INSERT INTO portfolio_positions (account_id, portfolio_id, ticker, shares, cost_basis, opened_on)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [a.accountId, a.portfolioId, a.ticker, a.shares, roundPrice(a.costBasis), a.effectiveOn],
    );
  }
  await db.query(
    `INSERT INTO portfolio_events (account_id, portfolio_id, ticker, kind, shares_delta, price, effective_on) VALUES ($1, $2, $3, 'add', $4, $5, $6)`,
    [a.accountId, a.portfolioId, a.ticker, a.shares, a.costBasis, a.effectiveOn],
  );
  return row[0]!;
}

/**
 * A trade dated where it would rewrite the ticker's past: a removal before the ticker's latest
 * trade, or an addition before its latest removal. History replays the trades by date, so either
 * one left the history holding what the positions no longer held, or the reverse.
 */
export class TradeDateError extends Error {}

/**
 * The day a trade takes effect: the date given (`dated`), else its default (the ticker's latest
 * close) moved up to `notBefore` when the portfolio already traded the ticker later (a trade dated
 * today, while the latest close is yesterday's): an undated trade is never refused for its date.
 */
function tradeDay(t: { effectiveOn: string; dated?: boolean }, notBefore: string | null): string {
  return !t.dated && notBefore !== null && t.effectiveOn < notBefore ? notBefore : t.effectiveOn;
}

/** The latest date a trade of `ticker` (of `kind`, or any) takes effect in the portfolio, or null. */
async function latestTradeOn(db: Queryable, a: { accountId: string; portfolioId: string; ticker: string }, kind?: 'add' | 'remove'): Promise<string | null> {
  const [row] = await db.query<{ latest: string | null }>(
    `SELECT max(effective_on)::text AS latest FROM portfolio_events WHERE account_id = $1 AND portfolio_id = $2 AND ticker = $3${kind ? ' AND kind = $4' : ''}`,
    kind ? [a.accountId, a.portfolioId, a.ticker, kind] : [a.accountId, a.portfolioId, a.ticker],
  );
  return row?.latest ?? null;
}

/** Removes the whole position, effective on `effectiveOn`; returns it, or null when there was none. */
export async function removePosition(
  db: Queryable,
  trade: { accountId: string; portfolioId: string; ticker: string; effectiveOn: string; dated?: boolean },
): Promise<PositionRow | null> {
  const latest = await latestTradeOn(db, trade);
  const a = { ...trade, effectiveOn: tradeDay(trade, latest) };
  const [removed] = await db.query<PositionRow>(
    `DELETE FROM portfolio_positions WHERE account_id = $1 AND portfolio_id = $2 AND ticker = $3 RETURNING ${COLUMNS}`,
    [a.accountId, a.portfolioId, a.ticker],
  );
  if (!removed) return null;
  if (latest !== null && a.effectiveOn < latest) {
    throw new TradeDateError(`the position in ${a.ticker} cannot be closed on ${a.effectiveOn}: its latest trade is dated ${latest}; date the removal on or after it`);
  }
  await db.query(
    `INSERT INTO portfolio_events (account_id, portfolio_id, ticker, kind, shares_delta, price, effective_on) VALUES ($1, $2, $3, 'remove', $4, NULL, $5)`,
    [a.accountId, a.portfolioId, a.ticker, -removed.shares, a.effectiveOn],
  );
  return removed;
}

/** Every event of a portfolio, oldest first (ties in insertion order). */
export async function positionEvents(db: Queryable, accountId: string, portfolioId: string): Promise<PositionEvent[]> {
  return db.query<PositionEvent>(
    `SELECT ticker, kind, shares_delta AS "sharesDelta", price, effective_on::text AS "effectiveOn"
     FROM portfolio_events WHERE account_id = $1 AND portfolio_id = $2 ORDER BY effective_on, id`,
    [accountId, portfolioId],
  );
}

/**
 * Shares held per ticker at the close of each day in `days` (ascending trading days), replaying
 * `events`: an event counts from its effective day on.
 */
export function holdingsByDay(events: PositionEvent[], days: string[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  const held = new Map<string, number>();
  let i = 0;
  const sorted = [...events].sort((a, b) => (a.effectiveOn < b.effectiveOn ? -1 : a.effectiveOn > b.effectiveOn ? 1 : 0));
  for (const day of days) {
    while (i < sorted.length && sorted[i]!.effectiveOn <= day) {
      const e = sorted[i++]!;
      const n = roundShares((held.get(e.ticker) ?? 0) + e.sharesDelta);
      if (n > 0) held.set(e.ticker, n);
      else held.delete(e.ticker);
    }
    out.set(day, new Map(held));
  }
  return out;
}
