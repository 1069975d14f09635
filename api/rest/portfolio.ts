/**
 * Portfolios (spec 2.4, 4.4): `GET|POST|DELETE /api/portfolio-positions`, `GET /api/portfolio-history`
 * and `GET /api/portfolio/benchmark`. Per-user state: an account (key or session) is required and
 * every query is filtered by the caller's account.
 *
 * Decisions (documented in the route descriptions and the README):
 * - A second POST of a ticker already held merges at the weighted average cost.
 * - Every addition and removal is recorded with the trading day it takes effect (`date` in the
 *   body, default the latest trading day the service holds for the ticker); history values each
 *   day's close with the positions as they stood at that close.
 * - The benchmark is SPY (an S&P 500 index fund). Both returns are price returns (closes, no
 *   dividends); the portfolio's is time-weighted, so adding a position is not counted as a gain.
 */
import type { Db } from '../../warehouse/db.ts';
import { companyByTicker } from '../../warehouse/queries/companies.ts';
import { latestQuote, priceHistory } from '../../warehouse/queries/prices.ts';
import { ErrorBody, PRICE_DECIMALS, roundToDecimals, SHARE_DECIMALS, utcDay } from '../../schema/common.ts';
import { DISCLAIMER } from '../../schema/glossary.ts';
import {
  AddPositionBody,
  BENCHMARK_TICKER,
  BenchmarkQuery,
  BenchmarkResult,
  type BenchmarkPeriod,
  DEFAULT_PORTFOLIO,
  HistoryQuery,
  HistoryResult,
  PORTFOLIO_LIMITS,
  Position,
  POSITION_MAX_SHARES,
  PositionList,
  PositionsQuery,
  RemovedPosition,
  RemovePositionBody,
  seriesThrough,
} from '../../schema/portfolio.ts';
import {
  addPosition,
  holdingsByDay,
  listPositions,
  PositionSizeError,
  positionEvents,
  removePosition,
  TradeDateError,
  type PositionEvent,
  type PositionRow,
} from '../store/portfolios.ts';
import { CapError } from '../store/caps.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';
import type { z } from 'zod';

/** Dollars to the cent, by decimal rounding: a position of up to 1e12 shares is worth more than 2^53 cents. */
const cents = (n: number): number => roundToDecimals(n, 2);
const r6 = (n: number): number => Math.round(n * 1e6) / 1e6;

/** 400 unless the ticker is in the company universe or has prices. */
async function knownTicker(db: Db, ticker: string): Promise<void> {
  if (await companyByTicker(db, ticker)) return;
  if (await latestQuote(db, ticker)) return;
  throw new BadRequestError(`unknown ticker '${ticker}': look it up with GET /api/ticker-search?q=`);
}

async function effectiveDay(db: Db, ticker: string, given: string | undefined): Promise<string> {
  const today = utcDay();
  if (given && given > today) throw new BadRequestError(`invalid body field 'date': ${given} is after today (${today}); a trade is dated on or before the day it is recorded`);
  if (given) return given;
  const q = await latestQuote(db, ticker);
  return q?.date ?? utcDay();
}

async function view(db: Db, p: PositionRow): Promise<z.output<typeof Position>> {
  const q = await latestQuote(db, p.ticker);
  return {
    ticker: p.ticker,
    shares: p.shares,
    cost_basis: p.costBasis,
    portfolio_id: p.portfolioId,
    opened_on: p.openedOn,
    price: q?.current ?? null,
    price_date: q?.date ?? null,
    market_value: q ? cents(q.current * p.shares) : null,
    unrealized_pnl: q ? cents((q.current - p.costBasis) * p.shares) : null,
    synthetic: q?.provenance.synthetic ?? false,
  };
}

/** A close and whether it was generated (the price table's flag). */
interface Close {
  close: number;
  synthetic: boolean;
}

/** Closes of every ticker the events touch between `start` and `end`: ticker -> date -> close. */
async function closesOf(db: Db, tickers: string[], start: string | null, end: string | null): Promise<Map<string, Map<string, Close>>> {
  const out = new Map<string, Map<string, Close>>();
  for (const t of tickers) out.set(t, new Map((await priceHistory(db, t, start, end)).map((b) => [b.date, { close: b.close, synthetic: b.synthetic }])));
  return out;
}

/** The last close of `ticker` on or before `day` (carried forward over a missing day). */
function closeOn(closes: Map<string, Close> | undefined, days: string[], i: number): Close | null {
  if (!closes) return null;
  for (let k = i; k >= 0; k--) {
    const c = closes.get(days[k]!);
    if (c !== undefined) return c;
  }
  return null;
}

/** The value at the close of `days[i]` of the shares `held` then, and whether any close it rests on was generated. */
function valueOn(held: Map<string, number>, closes: Map<string, Map<string, Close>>, days: string[], i: number): { value: number; synthetic: boolean } {
  let value = 0;
  let synthetic = false;
  for (const [t, n] of held) {
    const c = closeOn(closes.get(t), days, i);
    value += n * (c?.close ?? 0);
    synthetic ||= c?.synthetic ?? false;
  }
  return { value: cents(value), synthetic };
}

const iso = (d: Date): string => d.toISOString().slice(0, 10);

/** The period's start date: `end` minus the period (YTD: the last day of the previous year). */
export function periodStart(end: string, period: BenchmarkPeriod): string {
  const d = new Date(`${end}T00:00:00Z`);
  if (period === 'YTD') return `${d.getUTCFullYear() - 1}-12-31`;
  const months = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12, '3Y': 36, '5Y': 60 }[period];
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return iso(d);
}

/**
 * Time-weighted daily returns of the positions held at each close: the return of day i uses the
 * holdings at the close of day i-1, so positions added on day i only count from day i+1.
 * `synthetic`: any close a value or a return rests on was generated.
 */
export function timeWeighted(events: PositionEvent[], days: string[], closes: Map<string, Map<string, Close>>): { values: number[]; cumulative: number[]; exposed: boolean; synthetic: boolean } {
  const held = holdingsByDay(events, days);
  const values: number[] = [];
  const cumulative: number[] = [];
  let growth = 1;
  let exposed = false;
  let synthetic = false;
  days.forEach((day, i) => {
    const v = valueOn(held.get(day)!, closes, days, i);
    values.push(v.value);
    synthetic ||= v.synthetic;
    if (i > 0) {
      let before = 0;
      let after = 0;
      for (const [t, n] of held.get(days[i - 1]!)!) {
        const p0 = closeOn(closes.get(t), days, i - 1);
        const p1 = closeOn(closes.get(t), days, i);
        if (p0 === null || p1 === null) continue;
        before += n * p0.close;
        after += n * p1.close;
        synthetic ||= p0.synthetic || p1.synthetic;
      }
      if (before > 0) {
        growth *= after / before;
        exposed = true;
      }
    }
    cumulative.push(r6(growth - 1));
  });
  return { values, cumulative, exposed, synthetic };
}

const VALUED = '`synthetic` is true when the close valuing a position was generated (sample prices), not taken from the source.';

export const portfolio = resource('Portfolio', [
  defineRoute({
    method: 'GET',
    path: '/portfolio-positions',
    capability: 'portfolio_positions',
    summary: 'Positions of a portfolio',
    description:
      'Lists the positions of `portfolio_id` (default `default`; an account may keep several named portfolios), each with the latest close, ' +
      'market value and unrealized P&L. Requires an account (X-API-Key or a session). A portfolio with no positions is an empty list. ' +
      `${VALUED} X-Data-Through (the newest close listed) and X-Fetched-At say how fresh the prices are. Educational, not investment advice.`,
    query: PositionsQuery,
    responses: {
      200: { description: 'positions, by ticker', schema: PositionList },
      400: { description: 'an invalid portfolio_id', schema: ErrorBody },
      401: { description: 'not authenticated', schema: ErrorBody },
    },
    handler: async ({ query, caller, services }) => {
      const rows = await listPositions(services.store, caller.accountId!, query.portfolio_id);
      return Promise.all(rows.map((p) => view(services.warehouse, p)));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/portfolio-positions',
    capability: 'portfolio_add',
    summary: 'Add a position',
    description:
      'Body `{ticker, shares, cost_basis}` (cost_basis per share; optional `date` = trade date, default the latest trading day the service ' +
      'holds for the ticker; optional `portfolio_id`, else the query parameter, else `default`). A second POST for a ticker already held ' +
      'is merged: shares are added and cost_basis becomes the weighted average cost. Unknown ticker, non-numeric, zero or negative ' +
      `shares, shares with more than ${SHARE_DECIMALS} decimal places or above ${POSITION_MAX_SHARES}, a merge whose total would pass ${POSITION_MAX_SHARES} shares ` +
      `(the position is left as it was), non-numeric or negative cost_basis or one with more than ${PRICE_DECIMALS} decimal places (positions keep costs to ${PRICE_DECIMALS}) -> 400. ` +
      `At most ${PORTFOLIO_LIMITS.portfolios} portfolios per account and ${PORTFOLIO_LIMITS.positions} positions per portfolio (a new one past either -> 400). Answers 201 with the position after the change. ${VALUED}`,
    query: PositionsQuery,
    body: AddPositionBody,
    responses: {
      201: { description: 'the position after the change', schema: Position },
      400: {
        description: 'unknown ticker, invalid shares (more than 8 decimal places included) / cost_basis (more than 4 decimal places included) / date (after today, or before the ticker\'s latest removal), a merged position above the most shares, or too many portfolios or positions',
        schema: ErrorBody,
      },
      401: { description: 'not authenticated', schema: ErrorBody },
    },
    dataThrough: (p: { price_date: string | null }) => p.price_date,
    handler: async ({ query, body, caller, services, reply }) => {
      await knownTicker(services.warehouse, body.ticker);
      const portfolioId = body.portfolio_id ?? query.portfolio_id ?? DEFAULT_PORTFOLIO;
      const effectiveOn = await effectiveDay(services.warehouse, body.ticker, body.date);
      const row = await services.store
        .transaction((tx) => addPosition(tx, { accountId: caller.accountId!, portfolioId, ticker: body.ticker, shares: body.shares, costBasis: body.cost_basis, effectiveOn, dated: body.date !== undefined }))
        .catch((err: unknown) => {
          throw err instanceof CapError || err instanceof TradeDateError || err instanceof PositionSizeError ? new BadRequestError(err.message) : err;
        });
      reply.code(201);
      return view(services.warehouse, row);
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/portfolio-positions',
    capability: 'portfolio_remove',
    summary: 'Remove a position',
    description:
      'Body `{ticker}` (optional `portfolio_id`, else the query parameter, else `default`; optional `date` the position was closed, default ' +
      'the latest trading day). Removes the whole position; history keeps it up to that day. A ticker not in the portfolio -> 404.',
    query: PositionsQuery,
    body: RemovePositionBody,
    responses: {
      200: { description: 'the removed position', schema: RemovedPosition },
      400: { description: 'invalid body, or a date after today or before the ticker\'s latest trade', schema: ErrorBody },
      401: { description: 'not authenticated', schema: ErrorBody },
      404: { description: 'no such position in this portfolio of the account', schema: ErrorBody },
    },
    dataThrough: (a: { removed: { price_date: string | null } }) => a.removed.price_date,
    handler: async ({ query, body, caller, services }) => {
      const portfolioId = body.portfolio_id ?? query.portfolio_id ?? DEFAULT_PORTFOLIO;
      const effectiveOn = await effectiveDay(services.warehouse, body.ticker, body.date);
      const removed = await services.store
        .transaction((tx) => removePosition(tx, { accountId: caller.accountId!, portfolioId, ticker: body.ticker, effectiveOn, dated: body.date !== undefined }))
        .catch((err: unknown) => {
          throw err instanceof TradeDateError ? new BadRequestError(err.message) : err;
        });
      if (!removed) throw new NotFoundError(`no position in ${body.ticker} in portfolio '${portfolioId}'`);
      return { removed: await view(services.warehouse, removed) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/portfolio-history',
    capability: 'portfolio_history',
    summary: 'Daily value of a portfolio',
    description:
      'For every trading day in the last `days` calendar days (default 30) ending at the latest close the service holds for the ' +
      "portfolio's tickers: the value of the positions as they stood at that close (shares x close; additions and removals count from " +
      'their trade date), their cost and the number of positions. Empty series for an empty portfolio. `synthetic` (per day, and for the ' +
      'series) is true when a close the value rests on was generated; `dataThrough` is the last day, `fetchedAt` the prices jobs\' last run.',
    query: HistoryQuery,
    responses: {
      200: { description: 'value history, oldest first', schema: HistoryResult },
      400: { description: 'invalid days or portfolio_id', schema: ErrorBody },
      401: { description: 'not authenticated', schema: ErrorBody },
    },
    dataThrough: seriesThrough,
    handler: async ({ query, caller, services }) => {
      const events = await positionEvents(services.store, caller.accountId!, query.portfolio_id);
      const tickers = [...new Set(events.map((e) => e.ticker))];
      const empty = { portfolio_id: query.portfolio_id, days: query.days, start: null, end: null, series: [], disclaimer: DISCLAIMER, synthetic: false };
      if (tickers.length === 0) return empty;
      const lasts = (await Promise.all(tickers.map((t) => latestQuote(services.warehouse, t)))).flatMap((q) => (q ? [q.date] : []));
      if (lasts.length === 0) return empty;
      const end = lasts.sort().at(-1)!;
      const start = iso(new Date(Date.parse(`${end}T00:00:00Z`) - (query.days - 1) * 86_400_000));
      const closes = await closesOf(services.warehouse, tickers, start, end);
      const days = [...new Set([...closes.values()].flatMap((m) => [...m.keys()]))].sort();
      const held = holdingsByDay(events, days);
      // Cost of the shares held: each add's price, replayed with average cost like the positions table.
      const costs = new Map<string, { shares: number; cost: number }>();
      const sorted = [...events];
      let k = 0;
      const series = days.map((day, i) => {
        while (k < sorted.length && sorted[k]!.effectiveOn <= day) {
          const e = sorted[k++]!;
          const c = costs.get(e.ticker) ?? { shares: 0, cost: 0 };
          if (e.kind === 'add') costs.set(e.ticker, { shares: c.shares + e.sharesDelta, cost: c.cost + e.sharesDelta * (e.price ?? 0) });
          else costs.delete(e.ticker);
        }
        const { value, synthetic } = valueOn(held.get(day)!, closes, days, i);
        const cost = [...costs.values()].reduce((s, c) => s + c.cost, 0);
        return { date: day, value, cost: cents(cost), positions: held.get(day)!.size, synthetic };
      });
      const synthetic = series.some((p) => p.synthetic);
      return { portfolio_id: query.portfolio_id, days: query.days, start: days[0] ?? null, end: days.at(-1) ?? null, series, disclaimer: DISCLAIMER, synthetic };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/portfolio/benchmark',
    capability: 'portfolio_benchmark',
    summary: 'Portfolio return against a broad US equity index fund',
    description:
      `Compares the portfolio with ${BENCHMARK_TICKER} (SPDR S&P 500 ETF Trust) over \`period\` (1M, 3M, 6M, YTD, 1Y, 3Y, 5Y; default 1Y) ending ` +
      `at the latest ${BENCHMARK_TICKER} close. The base date is the last trading day on or before the period start. Both are price returns ` +
      '(closes, dividends not reinvested). The portfolio return is time-weighted: each day returns the positions held at the previous ' +
      'close, so money added is not counted as gain; `portfolio.series[].value` is the value of the positions held at each close. ' +
      'Both series are cumulative returns from the base date. `portfolio.synthetic` and `benchmark.synthetic` are true when a close that side ' +
      'rests on was generated, `synthetic` when either is; `dataThrough` is the end, `fetchedAt` the prices jobs\' last run.',
    query: BenchmarkQuery,
    responses: {
      200: { description: 'both returns and both daily series', schema: BenchmarkResult },
      400: { description: 'an invalid period or portfolio_id', schema: ErrorBody },
      401: { description: 'not authenticated', schema: ErrorBody },
      404: { description: 'the service holds no benchmark prices', schema: ErrorBody },
    },
    dataThrough: seriesThrough,
    handler: async ({ query, caller, services }) => {
      const db = services.warehouse;
      const last = await latestQuote(db, BENCHMARK_TICKER);
      if (!last) throw new NotFoundError(`no ${BENCHMARK_TICKER} prices are loaded`);
      const end = last.date;
      const start = periodStart(end, query.period);
      const base = (await latestQuote(db, BENCHMARK_TICKER, start))?.date ?? (await priceHistory(db, BENCHMARK_TICKER))[0]!.date;
      const bench = await priceHistory(db, BENCHMARK_TICKER, base, end);
      const days = bench.map((b) => b.date);
      const events = await positionEvents(services.store, caller.accountId!, query.portfolio_id);
      const tickers = [...new Set(events.map((e) => e.ticker))];
      const closes = await closesOf(db, tickers, base, end);
      const twr = timeWeighted(events, days, closes);
      const b0 = bench[0]!.close;
      const benchSeries = bench.map((b) => ({ date: b.date, return: r6(b.close / b0 - 1) }));
      const benchReturn = benchSeries.at(-1)!.return;
      const portfolioReturn = twr.exposed ? twr.cumulative.at(-1)! : null;
      const company = await companyByTicker(db, BENCHMARK_TICKER);
      const benchSynthetic = bench.some((b) => b.synthetic);
      return {
        portfolio_id: query.portfolio_id,
        period: query.period,
        start: base,
        end,
        portfolio: { return: portfolioReturn, series: days.map((d, i) => ({ date: d, return: twr.cumulative[i]!, value: twr.values[i]! })), synthetic: twr.synthetic },
        benchmark: { ticker: BENCHMARK_TICKER, name: company?.name ?? null, return: benchReturn, series: benchSeries, synthetic: benchSynthetic },
        excessReturn: portfolioReturn === null ? null : r6(portfolioReturn - benchReturn),
        method: 'price returns from daily closes; portfolio time-weighted over the positions held at each previous close',
        disclaimer: DISCLAIMER,
        synthetic: twr.synthetic || benchSynthetic,
      };
    },
  }),
]);
