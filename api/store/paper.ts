/**
 * Paper trading over the user store (migration 0200_user_state.sql). Rules (documented in the
 * OpenAPI descriptions of api/rest/paper.ts and the README):
 *
 * - One virtual account per Almanac account, created on first use with `startingCash` (USD).
 * - Market orders fill at once at the latest close the service holds for the ticker (end-of-day
 *   data: the fill carries the date of that close, however old it is).
 * - Limit orders: marketable at the latest close (buy: close <= limit; sell: close >= limit) fill
 *   at once at that close; otherwise they stay open and are checked against every later close
 *   (`fillOpenLimitOrders`, run when a new price snapshot is served and before every paper read);
 *   the first close that crosses the limit fills the order at that close.
 * - Open limit buys reserve quantity x limit of cash and open limit sells reserve their shares, so a
 *   fill can never overdraw the account. No shorting: a sell above the unreserved shares held is
 *   refused; so is a buy above the unreserved cash (both are 400s in the API). No commissions.
 * - At most PAPER_MAX_OPEN_ORDERS open orders per account: an order that would stay open past it is
 *   refused (counted under the account lock, so concurrent orders never pass it).
 * - Cash moves in whole cents, always rounded against the trader: a buy costs its value rounded up
 *   to the cent (`paperCost`), a sale brings its value rounded down (`paperProceeds`), so rounding
 *   never makes money. A position carries its cost (the cash paid for the shares held, migration
 *   0201) and the average cost (cost / shares); a sale realizes its proceeds less the part of the
 *   cost of the shares sold (all of it when the position is sold out), so cash is always
 *   starting cash + realized P&L - the cost of the positions held.
 */
import { roundPrice, roundShares } from '../../schema/common.ts';
import { PAPER_MAX_OPEN_ORDERS, PAPER_MIN_ORDER_USD, paperCost, paperProceeds } from '../../schema/paper.ts';
import type { Queryable, UserStore } from './interface.ts';

export interface PaperAccountRow {
  startingCash: number;
  cash: number;
  realizedPnl: number;
  createdAt: Date;
  resetAt: Date | null;
}

export interface PaperPositionRow {
  ticker: string;
  shares: number;
  avgCost: number;
  /** The cash paid for the shares held (migration 0201): what unrealized P&L is measured from. */
  cost: number;
}

export type OrderSide = 'buy' | 'sell';
export type OrderType = 'market' | 'limit';
export type OrderStatus = 'open' | 'filled' | 'cancelled' | 'rejected';

export interface PaperOrderRow {
  id: string;
  ticker: string;
  side: OrderSide;
  type: OrderType;
  quantity: number;
  limitPrice: number | null;
  status: OrderStatus;
  placedAt: Date;
  placedPriceDate: string;
  fillPrice: number | null;
  fillDate: string | null;
  filledAt: Date | null;
  realizedPnl: number | null;
  reason: string | null;
}

/** A daily close of one ticker. */
export interface Close {
  date: string;
  close: number;
}

/** Closes of `ticker` strictly after `after`, oldest first (the warehouse, in the API). */
export type ClosesAfter = (ticker: string, after: string) => Promise<Close[]>;

/** Why an order was refused: the API maps these to 400s. */
export class PaperOrderError extends Error {
  constructor(
    readonly code: 'insufficient_cash' | 'insufficient_shares' | 'not_open' | 'too_many_open_orders' | 'below_minimum',
    message: string,
  ) {
    super(message);
  }
}

const cents = (n: number): number => Math.round(n * 100) / 100;

const ACCOUNT = `starting_cash AS "startingCash", cash, realized_pnl AS "realizedPnl", created_at AS "createdAt", reset_at AS "resetAt"`;
const ORDER = `id, ticker, side, type, quantity, limit_price AS "limitPrice", status, placed_at AS "placedAt",
  placed_price_date::text AS "placedPriceDate", fill_price AS "fillPrice", fill_date::text AS "fillDate", filled_at AS "filledAt",
  realized_pnl AS "realizedPnl", reason`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The paper account of `accountId`, created with `startingCash` on first use. */
export async function ensurePaperAccount(db: Queryable, accountId: string, startingCash: number): Promise<PaperAccountRow> {
  await db.execute(`INSERT INTO paper_accounts (account_id, starting_cash, cash) VALUES ($1, $2, $2) ON CONFLICT DO NOTHING`, [accountId, startingCash]);
  const [row] = await db.query<PaperAccountRow>(`SELECT ${ACCOUNT} FROM paper_accounts WHERE account_id = $1`, [accountId]);
  return row!;
}

/** Locks the paper account row for the rest of the transaction (serialises one account's orders). */
async function lockAccount(db: Queryable, accountId: string, startingCash: number): Promise<PaperAccountRow> {
  await db.execute(`INSERT INTO paper_accounts (account_id, starting_cash, cash) VALUES ($1, $2, $2) ON CONFLICT DO NOTHING`, [accountId, startingCash]);
  const [row] = await db.query<PaperAccountRow>(`SELECT ${ACCOUNT} FROM paper_accounts WHERE account_id = $1 FOR UPDATE`, [accountId]);
  return row!;
}

export async function paperPositions(db: Queryable, accountId: string): Promise<PaperPositionRow[]> {
  return db.query<PaperPositionRow>(`SELECT ticker, shares, avg_cost AS "avgCost", cost FROM paper_positions WHERE account_id = $1 ORDER BY ticker`, [accountId]);
}

/** A fill of the account: an order filled at the close of `fillDate`. */
export interface PaperFillRow {
  ticker: string;
  side: OrderSide;
  quantity: number;
  fillDate: string;
}

/** Every fill of the account since its last reset, in the order they were applied. */
export async function paperFills(db: Queryable, accountId: string): Promise<PaperFillRow[]> {
  return db.query<PaperFillRow>(
    `SELECT ticker, side, quantity, fill_date::text AS "fillDate" FROM paper_orders WHERE account_id = $1 AND status = 'filled' ORDER BY filled_at, seq`,
    [accountId],
  );
}

/** Orders, newest first, optionally of one status. */
export async function listPaperOrders(db: Queryable, accountId: string, status?: OrderStatus, limit = 100): Promise<PaperOrderRow[]> {
  return db.query<PaperOrderRow>(
    `SELECT ${ORDER} FROM paper_orders WHERE account_id = $1 AND ($2::text IS NULL OR status = $2) ORDER BY seq DESC LIMIT $3`,
    [accountId, status ?? null, limit],
  );
}

export async function getPaperOrder(db: Queryable, accountId: string, id: string): Promise<PaperOrderRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.query<PaperOrderRow>(`SELECT ${ORDER} FROM paper_orders WHERE account_id = $1 AND id = $2`, [accountId, id]);
  return row ?? null;
}

/** Cash and shares held back by open limit orders. */
async function reservations(db: Queryable, accountId: string): Promise<{ cash: number; shares: Map<string, number> }> {
  const rows = await db.query<{ side: OrderSide; ticker: string; quantity: number; limitPrice: number | null }>(
    `SELECT side, ticker, quantity, limit_price AS "limitPrice" FROM paper_orders WHERE account_id = $1 AND status = 'open'`,
    [accountId],
  );
  let cash = 0;
  const shares = new Map<string, number>();
  for (const r of rows) {
    if (r.side === 'buy') cash += paperCost(r.quantity, r.limitPrice ?? 0);
    else shares.set(r.ticker, roundShares((shares.get(r.ticker) ?? 0) + r.quantity));
  }
  return { cash: cents(cash), shares };
}

/**
 * Applies a fill to cash and positions; returns the realized P&L of a sale (null for a buy). Cash
 * moves by `paperCost` / `paperProceeds` (whole cents, rounded against the trader) and the realized
 * P&L is what cash moved less the cost of the shares sold, so cash = starting cash + realized P&L -
 * cost held after every fill.
 */
async function applyFill(db: Queryable, accountId: string, side: OrderSide, ticker: string, quantity: number, price: number): Promise<number | null> {
  const [pos] = await db.query<PaperPositionRow>(
    `SELECT ticker, shares, avg_cost AS "avgCost", cost FROM paper_positions WHERE account_id = $1 AND ticker = $2 FOR UPDATE`,
    [accountId, ticker],
  );
  if (side === 'buy') {
    const amount = paperCost(quantity, price);
    const shares = roundShares((pos?.shares ?? 0) + quantity);
    const cost = cents((pos?.cost ?? 0) + amount);
    await db.execute(
      `INSERT INTO paper_positions (account_id, ticker, shares, avg_cost, cost) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, ticker) DO UPDATE SET shares = excluded.shares, avg_cost = excluded.avg_cost, cost = excluded.cost`,
      [accountId, ticker, shares, roundPrice(cost / shares), cost],
    );
    await db.execute(`UPDATE paper_accounts SET cash = round((cash - $2)::numeric, 2)::double precision WHERE account_id = $1`, [accountId, amount]);
    return null;
  }
  const amount = paperProceeds(quantity, price);
  const left = roundShares(pos!.shares - quantity);
  // The cost of the shares sold: its share of the position's cost, all of it when sold out.
  const soldCost = left > 0 ? cents((pos!.cost * quantity) / pos!.shares) : pos!.cost;
  const realized = cents(amount - soldCost);
  if (left > 0) await db.execute(`UPDATE paper_positions SET shares = $3, cost = $4 WHERE account_id = $1 AND ticker = $2`, [accountId, ticker, left, cents(pos!.cost - soldCost)]);
  else await db.execute(`DELETE FROM paper_positions WHERE account_id = $1 AND ticker = $2`, [accountId, ticker]);
  await db.execute(
    `UPDATE paper_accounts SET cash = round((cash + $2)::numeric, 2)::double precision, realized_pnl = round((realized_pnl + $3)::numeric, 2)::double precision WHERE account_id = $1`,
    [accountId, amount, realized],
  );
  return realized;
}

export interface NewOrder {
  id: string;
  accountId: string;
  ticker: string;
  side: OrderSide;
  type: OrderType;
  quantity: number;
  limitPrice: number | null;
  /** The latest close the service holds for the ticker. */
  latest: Close;
  startingCash: number;
  at: Date;
}

/**
 * Places an order in one transaction: checks cash and shares (net of open-order reservations),
 * fills market and marketable limit orders at `latest.close`, leaves other limit orders open.
 * Throws PaperOrderError when the account cannot afford it or holds too few shares.
 */
export async function placePaperOrder(store: UserStore, o: NewOrder): Promise<PaperOrderRow> {
  return store.transaction(async (tx) => {
    const account = await lockAccount(tx, o.accountId, o.startingCash);
    const reserved = await reservations(tx, o.accountId);
    const price = o.latest.close;
    const marketable = o.type === 'market' || (o.side === 'buy' ? price <= o.limitPrice! : price >= o.limitPrice!);
    if (!marketable) {
      const [open] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM paper_orders WHERE account_id = $1 AND status = 'open'`, [o.accountId]);
      if (open!.n >= PAPER_MAX_OPEN_ORDERS) {
        throw new PaperOrderError('too_many_open_orders', `at most ${PAPER_MAX_OPEN_ORDERS} open orders per paper account; cancel one with DELETE /api/paper/orders/{id} first`);
      }
    }
    const value = o.quantity * (marketable ? price : o.limitPrice!);
    const minimum = (): PaperOrderError =>
      new PaperOrderError('below_minimum', `the order is worth ${value.toFixed(4)} USD at ${(marketable ? price : o.limitPrice!).toFixed(2)}: an order must be worth at least ${PAPER_MIN_ORDER_USD.toFixed(2)} USD (a sell of every unreserved share held excepted)`);
    if (o.side === 'buy') {
      if (value < PAPER_MIN_ORDER_USD) throw minimum();
      const cost = paperCost(o.quantity, marketable ? price : o.limitPrice!);
      const available = cents(account.cash - reserved.cash);
      if (cost > available) {
        throw new PaperOrderError('insufficient_cash', `insufficient cash: the order needs ${cost.toFixed(2)} USD and ${available.toFixed(2)} USD is available`);
      }
    } else {
      const [pos] = await tx.query<{ shares: number }>(`SELECT shares FROM paper_positions WHERE account_id = $1 AND ticker = $2`, [o.accountId, o.ticker]);
      const available = roundShares((pos?.shares ?? 0) - (reserved.shares.get(o.ticker) ?? 0));
      if (o.quantity > available) {
        throw new PaperOrderError('insufficient_shares', `short selling is not allowed: ${available} unreserved shares of ${o.ticker} are held`);
      }
      if (value < PAPER_MIN_ORDER_USD && o.quantity !== available) throw minimum();
    }
    await tx.execute(
      `INSERT INTO paper_orders (id, account_id, ticker, side, type, quantity, limit_price, status, placed_at, placed_price_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9)`,
      [o.id, o.accountId, o.ticker, o.side, o.type, o.quantity, o.limitPrice, o.at, o.latest.date],
    );
    if (marketable) {
      const realized = await applyFill(tx, o.accountId, o.side, o.ticker, o.quantity, price);
      await tx.execute(
        `UPDATE paper_orders SET status = 'filled', fill_price = $3, fill_date = $4, filled_at = $5, realized_pnl = $6 WHERE account_id = $1 AND id = $2`,
        [o.accountId, o.id, price, o.latest.date, o.at, realized],
      );
    }
    return (await getPaperOrder(tx, o.accountId, o.id))!;
  });
}

/** Cancels an open order; throws PaperOrderError('not_open') for a filled or cancelled one, null when not the owner's. */
export async function cancelPaperOrder(store: UserStore, accountId: string, id: string): Promise<PaperOrderRow | null> {
  return store.transaction(async (tx) => {
    const order = await getPaperOrder(tx, accountId, id);
    if (!order) return null;
    if (order.status !== 'open') throw new PaperOrderError('not_open', `order ${id} is ${order.status}, only open orders can be cancelled`);
    await tx.execute(`UPDATE paper_orders SET status = 'cancelled', reason = 'cancelled by the account' WHERE account_id = $1 AND id = $2`, [accountId, id]);
    return getPaperOrder(tx, accountId, id);
  });
}

/** Deletes every position and order and restores the starting cash. */
export async function resetPaperAccount(store: UserStore, accountId: string, startingCash: number): Promise<PaperAccountRow> {
  return store.transaction(async (tx) => {
    await lockAccount(tx, accountId, startingCash);
    await tx.execute(`DELETE FROM paper_orders WHERE account_id = $1`, [accountId]);
    await tx.execute(`DELETE FROM paper_positions WHERE account_id = $1`, [accountId]);
    await tx.execute(`UPDATE paper_accounts SET starting_cash = $2, cash = $2, realized_pnl = 0, reset_at = now() WHERE account_id = $1`, [accountId, startingCash]);
    const [row] = await tx.query<PaperAccountRow>(`SELECT ${ACCOUNT} FROM paper_accounts WHERE account_id = $1`, [accountId]);
    return row!;
  });
}

/**
 * The limit-order check: fills every open limit order (of one account, or of all accounts when
 * `accountId` is omitted) whose limit a close after its placement crossed, at that close, in date
 * order. Idempotent: run it after every new price load (the API runs it when it starts serving a
 * new snapshot) and before reading an account. Returns the number of orders filled.
 *
 * @example
 * await fillOpenLimitOrders(services.store, (t, after) => closesAfter(services.warehouse, t, after));
 */
export async function fillOpenLimitOrders(store: UserStore, closesAfter: ClosesAfter, accountId?: string): Promise<number> {
  const open = await store.query<{ accountId: string; id: string; ticker: string; side: OrderSide; limitPrice: number; placedPriceDate: string; seq: number }>(
    `SELECT account_id AS "accountId", id, ticker, side, limit_price AS "limitPrice", placed_price_date::text AS "placedPriceDate", seq
     FROM paper_orders WHERE status = 'open' AND type = 'limit' AND ($1::uuid IS NULL OR account_id = $1) ORDER BY account_id, seq`,
    [accountId ?? null],
  );
  if (open.length === 0) return 0;
  const cache = new Map<string, Close[]>();
  const fills: { accountId: string; id: string; date: string; close: number; seq: number }[] = [];
  for (const o of open) {
    const key = `${o.ticker}|${o.placedPriceDate}`;
    if (!cache.has(key)) cache.set(key, await closesAfter(o.ticker, o.placedPriceDate));
    const hit = cache.get(key)!.find((c) => (o.side === 'buy' ? c.close <= o.limitPrice : c.close >= o.limitPrice));
    if (hit) fills.push({ accountId: o.accountId, id: o.id, date: hit.date, close: hit.close, seq: o.seq });
  }
  fills.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq));
  let filled = 0;
  for (const f of fills) {
    const done = await store.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM paper_accounts WHERE account_id = $1 FOR UPDATE`, [f.accountId]);
      const [order] = await tx.query<{ status: OrderStatus; side: OrderSide; ticker: string; quantity: number }>(
        `SELECT status, side, ticker, quantity FROM paper_orders WHERE account_id = $1 AND id = $2`,
        [f.accountId, f.id],
      );
      if (!order || order.status !== 'open') return false; // cancelled or filled meanwhile
      const realized = await applyFill(tx, f.accountId, order.side, order.ticker, order.quantity, f.close);
      await tx.execute(
        `UPDATE paper_orders SET status = 'filled', fill_price = $3, fill_date = $4, filled_at = now(), realized_pnl = $5 WHERE account_id = $1 AND id = $2`,
        [f.accountId, f.id, f.close, f.date, realized],
      );
      return true;
    });
    if (done) filled++;
  }
  return filled;
}
