/**
 * Paper trading (issue 8; paths not given by the spec):
 * - `GET /api/paper/account`: cash, buying power, positions with market value and unrealized P&L,
 *   realized P&L, equity (the account is created on first use with PAPER_STARTING_CASH);
 * - `POST /api/paper/orders`, `GET /api/paper/orders`, `GET|DELETE /api/paper/orders/{id}`;
 * - `POST /api/paper/reset`.
 * Rules are in api/store/paper.ts; open limit orders are checked against every close after their
 * placement before each paper call of the account (and by `fillOpenLimitOrders` for all accounts).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../warehouse/db.ts';
import { closeKey, latestQuote, priceHistory, syntheticCloses } from '../../warehouse/queries/prices.ts';
import { ErrorBody, roundShares } from '../../schema/common.ts';
import { DISCLAIMER } from '../../schema/glossary.ts';
import {
  accountThrough,
  OrderIdParams,
  OrdersQuery,
  ordersThrough,
  orderThrough,
  PAPER_MAX_OPEN_ORDERS,
  PAPER_MIN_ORDER_USD,
  PAPER_QUANTITY_DECIMALS,
  PAPER_STARTING_CASH,
  PaperAccount,
  paperCost,
  PaperOrder,
  PaperOrderList,
  PlaceOrderBody,
} from '../../schema/paper.ts';
import {
  cancelPaperOrder,
  type ClosesAfter,
  ensurePaperAccount,
  fillOpenLimitOrders,
  getPaperOrder,
  listPaperOrders,
  PaperOrderError,
  type PaperOrderRow,
  paperFills,
  paperPositions,
  placePaperOrder,
  resetPaperAccount,
} from '../store/paper.ts';
import type { UserStore } from '../store/interface.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts';
import { defineRoute, named, resource } from '../route.ts';

const cents = (n: number): number => Math.round(n * 100) / 100;
const isoTime = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** Closes strictly after `after`, from the served warehouse snapshot. */
export const warehouseCloses =
  (db: Db): ClosesAfter =>
  async (ticker, after) =>
    (await priceHistory(db, ticker, after)).filter((b) => b.date > after).map((b) => ({ date: b.date, close: b.close }));

/**
 * The limit-order check for every account: fills open limit orders crossed by closes loaded since
 * they were placed. Call it after a price load is published (the pipelines cannot reach the user
 * store; the API process or a scheduled task calls this with its warehouse reader).
 */
export async function checkPaperLimitOrders(store: UserStore, db: Db): Promise<number> {
  return fillOpenLimitOrders(store, warehouseCloses(db));
}

/** Orders as answered: `synthetic` when one filled at a generated close (one query for them all). */
async function ordersOut(db: Db, orders: PaperOrderRow[]) {
  const generated = await syntheticCloses(db, orders.flatMap((o) => (o.fillDate === null ? [] : [{ ticker: o.ticker, date: o.fillDate }])));
  return orders.map((o) => ({
    ...o,
    placedAt: isoTime(o.placedAt)!,
    filledAt: isoTime(o.filledAt),
    synthetic: o.fillDate !== null && generated.has(closeKey(o.ticker, o.fillDate)),
  }));
}
const orderOut = async (db: Db, o: PaperOrderRow) => (await ordersOut(db, [o]))[0]!;


/**
 * Which fills of the account were at generated closes: `any` of them since the last reset (cash
 * and realized P&L carry their prices), and the tickers whose average cost rests on one (the
 * fills are replayed as applyFill applies them: a position sold down to nothing starts afresh).
 */
async function syntheticFills(store: UserStore, db: Db, accountId: string): Promise<{ any: boolean; costs: Set<string> }> {
  const held = new Map<string, number>();
  const costs = new Set<string>();
  let any = false;
  const fills = await paperFills(store, accountId);
  const generated = await syntheticCloses(db, fills.map((f) => ({ ticker: f.ticker, date: f.fillDate })));
  for (const f of fills) {
    const synthetic = generated.has(closeKey(f.ticker, f.fillDate));
    any ||= synthetic;
    const left = roundShares((held.get(f.ticker) ?? 0) + (f.side === 'buy' ? f.quantity : -f.quantity));
    if (left > 0) held.set(f.ticker, left);
    else held.delete(f.ticker);
    if (left <= 0) costs.delete(f.ticker);
    else if (f.side === 'buy' && synthetic) costs.add(f.ticker);
  }
  return { any, costs };
}

const common = { 401: { description: 'not authenticated', schema: ErrorBody } };
const FILL_SYNTHETIC =
  'An order is `synthetic` when it filled at a generated close (sample prices); `dataThrough` is the close it filled at (else the latest close when it was placed), `fetchedAt` the prices jobs\' last run.';
const RULES =
  `Paper accounts start with ${PAPER_STARTING_CASH.toLocaleString('en-US')} USD of virtual cash. Market orders fill at once at the latest close the ` +
  'service holds for the ticker (end-of-day data; the order shows the date of that close). Limit orders that the latest close already ' +
  'satisfies fill at once at that close; others stay open and fill at the first later close at or through the limit (buy: close <= limit; ' +
  'sell: close >= limit), at that close. Open limit buys reserve quantity x limit of cash and open limit sells reserve their shares. ' +
  'Cash moves in whole cents rounded against the trader: a buy costs its value rounded up to the cent, a sale brings its value rounded down. ' +
  'A position\'s `avgCost` is the cash paid for it per share; a sale realizes what it brought less the cost of the shares sold (all of it when ' +
  'the position is sold out), so cash is always the starting cash + `realizedPnl` - the cost of the positions held. ' +
  `No margin, no short selling, no commissions; fractional quantities are allowed, with at most ${PAPER_QUANTITY_DECIMALS} decimal places. An order must be worth ` +
  `at least ${PAPER_MIN_ORDER_USD.toFixed(2)} USD at its fill or limit price (a sell of every unreserved share held excepted). Educational, not investment advice.`;

const routes = resource('Paper trading', [
  defineRoute({
    method: 'GET',
    path: '/paper/account',
    capability: 'paper_account',
    summary: 'The paper trading account',
    description:
      `Cash, reserved cash, buying power, positions valued at the latest close, realized and unrealized P&L, equity. ${RULES} ` +
      'A position is `synthetic` when its close or a fill its average cost comes from was generated (sample prices); the account is when a position is or ' +
      'any fill since the last reset was. `dataThrough` is the newest close valuing a position, `fetchedAt` the prices jobs\' last run.',
    responses: { 200: { description: 'the paper account', schema: PaperAccount }, ...common },
    dataThrough: accountThrough,
    handler: async ({ caller, services }) => {
      const accountId = caller.accountId!;
      await ensurePaperAccount(services.store, accountId, PAPER_STARTING_CASH);
      await fillOpenLimitOrders(services.store, warehouseCloses(services.warehouse), accountId);
      const account = await ensurePaperAccount(services.store, accountId, PAPER_STARTING_CASH);
      const open = await listPaperOrders(services.store, accountId, 'open', 1000);
      const reservedCash = cents(open.filter((o) => o.side === 'buy').reduce((s, o) => s + paperCost(o.quantity, o.limitPrice ?? 0), 0));
      const fills = await syntheticFills(services.store, services.warehouse, accountId);
      const positions = await Promise.all(
        (await paperPositions(services.store, accountId)).map(async (p) => {
          const q = await latestQuote(services.warehouse, p.ticker);
          return {
            ticker: p.ticker,
            shares: p.shares,
            avgCost: p.avgCost,
            price: q?.current ?? null,
            priceDate: q?.date ?? null,
            marketValue: q ? cents(q.current * p.shares) : null,
            // From the cash paid (not the rounded average), so realized + unrealized = total P&L.
            unrealizedPnl: q ? cents(q.current * p.shares - p.cost) : null,
            synthetic: (q?.provenance.synthetic ?? false) || fills.costs.has(p.ticker),
          };
        }),
      );
      const marketValue = cents(positions.reduce((s, p) => s + (p.marketValue ?? 0), 0));
      const equity = cents(account.cash + marketValue);
      return {
        startingCash: account.startingCash,
        cash: account.cash,
        reservedCash,
        buyingPower: cents(account.cash - reservedCash),
        marketValue,
        equity,
        realizedPnl: account.realizedPnl,
        unrealizedPnl: cents(positions.reduce((s, p) => s + (p.unrealizedPnl ?? 0), 0)),
        totalPnl: cents(equity - account.startingCash),
        positions,
        openOrders: open.length,
        createdAt: isoTime(account.createdAt)!,
        resetAt: isoTime(account.resetAt),
        disclaimer: DISCLAIMER,
        synthetic: fills.any || positions.some((p) => p.synthetic),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/paper/orders',
    capability: 'paper_order_place',
    summary: 'Place a paper order',
    description: `Body \`{ticker, side: buy|sell, quantity, type: market|limit (default market), limitPrice (limit orders only)}\`. ${RULES} ${FILL_SYNTHETIC} Insufficient cash or shares -> 400 (\`reason: insufficient_cash\`, \`insufficient_shares\`); an order worth less than ${PAPER_MIN_ORDER_USD.toFixed(2)} USD -> 400 (\`reason: below_minimum\`); a ticker without prices -> 400; a limit order that would stay open while ${PAPER_MAX_OPEN_ORDERS} are open -> 400 (\`reason: too_many_open_orders\`).`,
    body: PlaceOrderBody,
    responses: {
      201: { description: 'the order (filled, or open for a limit order not yet reached)', schema: PaperOrder },
      400: { description: 'invalid order (a quantity with more than 8 decimal places included), unknown ticker, insufficient cash, more shares than held (no shorting), or an order worth less than the minimum (reason: below_minimum)', schema: ErrorBody },
      ...common,
    },
    dataThrough: orderThrough,
    handler: async ({ body, caller, services, reply }) => {
      const q = await latestQuote(services.warehouse, body.ticker);
      if (!q) throw new BadRequestError(`unknown ticker '${body.ticker}' (no prices): look it up with GET /api/ticker-search?q=`);
      await ensurePaperAccount(services.store, caller.accountId!, PAPER_STARTING_CASH);
      await fillOpenLimitOrders(services.store, warehouseCloses(services.warehouse), caller.accountId!);
      try {
        const order = await placePaperOrder(services.store, {
          id: randomUUID(),
          accountId: caller.accountId!,
          ticker: body.ticker,
          side: body.side,
          type: body.type,
          quantity: body.quantity,
          limitPrice: body.limitPrice ?? null,
          latest: { date: q.date, close: q.current },
          startingCash: PAPER_STARTING_CASH,
          at: new Date(),
        });
        reply.code(201);
        return await orderOut(services.warehouse, order);
      } catch (err) {
        if (err instanceof PaperOrderError) throw new BadRequestError(err.message, { reason: err.code });
        throw err;
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/paper/orders',
    capability: 'paper_order_list',
    summary: 'Paper order history',
    description: `Orders of the account, newest first; \`status\` filters (open, filled, cancelled, rejected); \`limit\` default 100, at most 500. ${FILL_SYNTHETIC}`,
    query: OrdersQuery,
    responses: { 200: { description: 'orders', schema: PaperOrderList }, ...common },
    dataThrough: ordersThrough,
    handler: async ({ query, caller, services }) => {
      await ensurePaperAccount(services.store, caller.accountId!, PAPER_STARTING_CASH);
      await fillOpenLimitOrders(services.store, warehouseCloses(services.warehouse), caller.accountId!);
      return ordersOut(services.warehouse, await listPaperOrders(services.store, caller.accountId!, query.status, query.limit));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/paper/orders/:id',
    capability: 'paper_order_get',
    summary: 'One paper order',
    description: FILL_SYNTHETIC,
    params: OrderIdParams,
    responses: { 200: { description: 'the order', schema: PaperOrder }, 404: { description: 'no such order of the account', schema: ErrorBody }, ...common },
    dataThrough: orderThrough,
    handler: async ({ params, caller, services }) => {
      await fillOpenLimitOrders(services.store, warehouseCloses(services.warehouse), caller.accountId!);
      const o = await getPaperOrder(services.store, caller.accountId!, params.id);
      if (!o) throw new NotFoundError(`no paper order '${params.id}'`);
      return orderOut(services.warehouse, o);
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/paper/orders/:id',
    capability: 'paper_order_cancel',
    summary: 'Cancel an open paper order',
    description: 'Cancels an open limit order (releasing its reserved cash or shares). A filled or cancelled order -> 409.',
    params: OrderIdParams,
    responses: {
      200: { description: 'the cancelled order', schema: PaperOrder },
      404: { description: 'no such order of the account', schema: ErrorBody },
      409: { description: 'the order is not open', schema: ErrorBody },
      ...common,
    },
    dataThrough: orderThrough,
    handler: async ({ params, caller, services }) => {
      await fillOpenLimitOrders(services.store, warehouseCloses(services.warehouse), caller.accountId!);
      try {
        const o = await cancelPaperOrder(services.store, caller.accountId!, params.id);
        if (!o) throw new NotFoundError(`no paper order '${params.id}'`);
        return await orderOut(services.warehouse, o);
      } catch (err) {
        if (err instanceof PaperOrderError) throw new ConflictError(err.message);
        throw err;
      }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/paper/reset',
    capability: 'paper_reset',
    summary: 'Reset the paper account',
    description: `Deletes every paper position and order of the account and restores ${PAPER_STARTING_CASH.toLocaleString('en-US')} USD of cash.`,
    responses: { 200: { description: 'the account after the reset', schema: PaperAccount.pick({ startingCash: true, cash: true, realizedPnl: true, resetAt: true }) }, ...common },
    handler: async ({ caller, services }) => {
      const a = await resetPaperAccount(services.store, caller.accountId!, PAPER_STARTING_CASH);
      return { startingCash: a.startingCash, cash: a.cash, realizedPnl: a.realizedPnl, resetAt: isoTime(a.resetAt) };
    },
  }),
]);

const watching = new WeakSet<object>();

/**
 * The paper resource: its routes, plus the limit-order check on each new price load. The API
 * process polls the snapshot pointer (`config.snapshotPollMs`); when the served version changes,
 * every open limit order is checked against the new closes. (Reads check the caller's orders too,
 * so a fill never waits for the poll: the fill date is the close that crossed the limit either way.)
 */
export const paper: typeof routes = {
  ...routes,
  plugin: named(async (app) => {
    await routes.plugin(app, {});
    const services = app.services;
    // The resource is mounted under /api and /api/v1: start one watcher per service set.
    if (!services?.store || !services.config.snapshotPollMs || watching.has(services)) return;
    watching.add(services);
    let seen: string | null = null;
    let running = false;
    const timer = setInterval(() => {
      const version = services.warehouse.version;
      if (running || version === null || version === seen) return;
      running = true;
      checkPaperLimitOrders(services.store, services.warehouse)
        .then(() => {
          seen = version;
        })
        .catch((err: unknown) => app.log.warn({ err }, 'paper limit-order check failed'))
        .finally(() => {
          running = false;
        });
    }, services.config.snapshotPollMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }, 'resource Paper'),
};
