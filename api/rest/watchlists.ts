/**
 * Watchlists (issue 8): create, rename, delete, add and remove tickers, and a view with the snapshot
 * fields of each ticker. Per-user state: an account is required; another account's list is a 404.
 *
 * Paths: `GET|POST /api/watchlists`, `GET|PATCH|DELETE /api/watchlists/{id}`,
 * `POST /api/watchlists/{id}/tickers`, `DELETE /api/watchlists/{id}/tickers/{ticker}`.
 */
import { randomUUID } from 'node:crypto';
import { companyByTicker } from '../../warehouse/queries/companies.ts';
import { latestQuote } from '../../warehouse/queries/prices.ts';
import type { Db } from '../../warehouse/db.ts';
import { ErrorBody } from '../../schema/common.ts';
import { DISCLAIMER } from '../../schema/glossary.ts';
import {
  AddTickerBody,
  CreateWatchlistBody,
  RenameWatchlistBody,
  Watchlist,
  WATCHLIST_LIMITS,
  WatchlistList,
  WatchlistParams,
  WatchlistTickerParams,
  WatchlistView,
  watchlistThrough,
} from '../../schema/watchlists.ts';
import {
  addWatchlistTicker,
  createWatchlist,
  deleteWatchlist,
  getWatchlist,
  listWatchlists,
  removeWatchlistTicker,
  renameWatchlist,
  type WatchlistRow,
} from '../store/watchlists.ts';
import { FULL } from '../store/caps.ts';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

const out = (w: WatchlistRow) => ({ id: w.id, name: w.name, tickers: w.tickers, createdAt: new Date(w.createdAt).toISOString(), updatedAt: new Date(w.updatedAt).toISOString() });
const missing = (id: string) => new NotFoundError(`no watchlist '${id}'`);

async function checkTickers(db: Db, tickers: string[]): Promise<void> {
  for (const t of tickers) {
    if (!(await companyByTicker(db, t)) && !(await latestQuote(db, t))) throw new BadRequestError(`unknown ticker '${t}': look it up with GET /api/ticker-search?q=`);
  }
}

const common = { 401: { description: 'not authenticated', schema: ErrorBody } };

export const watchlists = resource('Watchlists', [
  defineRoute({
    method: 'GET',
    path: '/watchlists',
    capability: 'watchlist_list',
    summary: "The account's watchlists",
    description: 'Every watchlist of the account (oldest first) with its tickers in the order they were added. Requires an account.',
    responses: { 200: { description: 'watchlists', schema: WatchlistList }, ...common },
    handler: async ({ caller, services }) => (await listWatchlists(services.store, caller.accountId!)).map(out),
  }),
  defineRoute({
    method: 'POST',
    path: '/watchlists',
    capability: 'watchlist_create',
    summary: 'Create a watchlist',
    description: `Body \`{name, tickers?}\`. Names are NFC-normalised and unique per account (case-insensitive; a duplicate is 409); control, bidirectional-control and zero-width characters and lone surrogates -> 400. Tickers keep the order given, later additions after them. At most ${WATCHLIST_LIMITS.lists} lists per account and ${WATCHLIST_LIMITS.tickers} tickers per list. Unknown ticker -> 400.`,
    body: CreateWatchlistBody,
    responses: {
      201: { description: 'the new watchlist', schema: Watchlist },
      400: { description: 'invalid name or an unknown ticker, or too many lists', schema: ErrorBody },
      409: { description: 'the account already has a watchlist of that name', schema: ErrorBody },
      ...common,
    },
    handler: async ({ body, caller, services, reply }) => {
      await checkTickers(services.warehouse, body.tickers);
      const row = await createWatchlist(services.store, caller.accountId!, randomUUID(), body.name, [...new Set(body.tickers)], WATCHLIST_LIMITS.lists);
      if (row === FULL) throw new BadRequestError(`at most ${WATCHLIST_LIMITS.lists} watchlists per account`);
      if (row === 'missing') throw new UnauthorizedError('the signed-in account no longer exists');
      if (!row) throw new ConflictError(`a watchlist named '${body.name}' already exists`);
      reply.code(201);
      return out(row);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/watchlists/:id',
    capability: 'watchlist_get',
    summary: 'A watchlist with snapshot fields',
    description:
      "Each ticker with its company name and the latest close, change and changePercent (the snapshot's price fields; `synthetic` when the close was " +
      "generated). Another account's id is a 404. `dataThrough` is the newest close shown, `fetchedAt` the prices jobs' last run (run ledger).",
    params: WatchlistParams,
    responses: { 200: { description: 'the watchlist view', schema: WatchlistView }, 404: { description: 'no such watchlist of the account', schema: ErrorBody }, ...common },
    dataThrough: watchlistThrough,
    handler: async ({ params, caller, services }) => {
      const w = await getWatchlist(services.store, caller.accountId!, params.id);
      if (!w) throw missing(params.id);
      const rows = await Promise.all(
        w.tickers.map(async (t) => {
          const [company, q] = await Promise.all([companyByTicker(services.warehouse, t), latestQuote(services.warehouse, t)]);
          return { ticker: t, name: company?.name ?? null, price: q ? { current: q.current, change: q.change, changePercent: q.changePercent, date: q.date, synthetic: q.provenance.synthetic } : null };
        }),
      );
      return { ...out(w), rows, disclaimer: DISCLAIMER };
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/watchlists/:id',
    capability: 'watchlist_rename',
    summary: 'Rename a watchlist',
    description: 'Body `{name}`. 409 when another watchlist of the account has that name.',
    params: WatchlistParams,
    body: RenameWatchlistBody,
    responses: {
      200: { description: 'the renamed watchlist', schema: Watchlist },
      404: { description: 'no such watchlist of the account', schema: ErrorBody },
      409: { description: 'name taken', schema: ErrorBody },
      ...common,
    },
    handler: async ({ params, body, caller, services }) => {
      const r = await renameWatchlist(services.store, caller.accountId!, params.id, body.name);
      if (r === 'missing') throw missing(params.id);
      if (r === 'taken') throw new ConflictError(`a watchlist named '${body.name}' already exists`);
      return out(r);
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/watchlists/:id',
    capability: 'watchlist_delete',
    summary: 'Delete a watchlist',
    description: 'Answers 204.',
    params: WatchlistParams,
    responses: { 204: { description: 'deleted' }, 404: { description: 'no such watchlist of the account', schema: ErrorBody }, ...common },
    handler: async ({ params, caller, services, reply }) => {
      if (!(await deleteWatchlist(services.store, caller.accountId!, params.id))) throw missing(params.id);
      reply.code(204);
      return undefined;
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/watchlists/:id/tickers',
    capability: 'watchlist_add_ticker',
    summary: 'Add a ticker to a watchlist',
    description: 'Body `{ticker}`; adding a ticker already on the list changes nothing. Unknown ticker -> 400.',
    params: WatchlistParams,
    body: AddTickerBody,
    responses: {
      200: { description: 'the watchlist after the change', schema: Watchlist },
      400: { description: 'unknown ticker or the list is full', schema: ErrorBody },
      404: { description: 'no such watchlist of the account', schema: ErrorBody },
      ...common,
    },
    handler: async ({ params, body, caller, services }) => {
      if (!(await getWatchlist(services.store, caller.accountId!, params.id))) throw missing(params.id);
      await checkTickers(services.warehouse, [body.ticker]);
      const added = await addWatchlistTicker(services.store, caller.accountId!, params.id, body.ticker, WATCHLIST_LIMITS.tickers);
      if (added === 'missing') throw missing(params.id);
      if (added === FULL) throw new BadRequestError(`at most ${WATCHLIST_LIMITS.tickers} tickers per watchlist`);
      return out(added);
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/watchlists/:id/tickers/:ticker',
    capability: 'watchlist_remove_ticker',
    summary: 'Remove a ticker from a watchlist',
    description: '404 when the list is not the account\'s or the ticker is not on it.',
    params: WatchlistTickerParams,
    responses: {
      200: { description: 'the watchlist after the change', schema: Watchlist },
      404: { description: 'no such watchlist of the account, or ticker not on it', schema: ErrorBody },
      ...common,
    },
    handler: async ({ params, caller, services }) => {
      const r = await removeWatchlistTicker(services.store, caller.accountId!, params.id, params.ticker);
      if (r === 'missing') throw missing(params.id);
      if (r === 'absent') throw new NotFoundError(`${params.ticker} is not on watchlist '${params.id}'`);
      return out(r);
    },
  }),
]);
