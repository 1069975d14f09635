/** Handlers of the account and LEARN tools (schema/mcp/account.ts): the REST routes' own handlers. */
import type { ACCOUNT_TOOLS, LEARN_TOOLS } from '../../../schema/mcp/account.ts';
import type { HandlerMap } from '../context.ts';
import { callRoute as callRestRoute, type CallContext, type RestParts } from '../../route-call.ts';
import type { HTTPMethods } from 'fastify';

/** A REST route's handler for a tool, its refusals worded for MCP. */
const callRoute = (method: HTTPMethods, path: string, parts: RestParts, ctx: CallContext): Promise<unknown> => callRestRoute(method, path, parts, ctx, 'mcp');

export const learnHandlers: HandlerMap<typeof LEARN_TOOLS> = {
  list_learn_tracks: (_a, ctx) => callRoute('GET', '/learn/tracks', {}, ctx),
  get_lesson: ({ id }, ctx) => callRoute('GET', '/learn/lessons/:id', { params: { id } }, ctx),
};

export const accountHandlers: HandlerMap<typeof ACCOUNT_TOOLS> = {
  // The REST routes' names (spec 2.4): portfolio_id, cost_basis.
  list_portfolio_positions: ({ portfolioId }, ctx) => callRoute('GET', '/portfolio-positions', { query: { portfolio_id: portfolioId } }, ctx),
  add_portfolio_position: ({ portfolioId, ticker, shares, costBasis, date }, ctx) =>
    callRoute('POST', '/portfolio-positions', { query: { portfolio_id: portfolioId }, body: { ticker, shares, cost_basis: costBasis, date } }, ctx),
  remove_portfolio_position: ({ portfolioId, ticker, date }, ctx) => callRoute('DELETE', '/portfolio-positions', { query: { portfolio_id: portfolioId }, body: { ticker, date } }, ctx),
  get_portfolio_history: async ({ days, portfolioId }, ctx) => {
    const { series, ...meta } = (await callRoute('GET', '/portfolio-history', { query: { days, portfolio_id: portfolioId } }, ctx)) as { series: unknown[] };
    return { ...meta, items: series };
  },
  get_portfolio_benchmark: async ({ period, portfolioId }, ctx) => {
    type Series = { date: string; return: number; value?: number }[];
    const r = (await callRoute('GET', '/portfolio/benchmark', { query: { period, portfolio_id: portfolioId } }, ctx)) as {
      portfolio: { return: number | null; series: Series; synthetic: boolean };
      benchmark: { ticker: string; name: string; return: number | null; series: Series; synthetic: boolean };
    } & Record<string, unknown>;
    const { portfolio, benchmark, ...meta } = r;
    // The two daily series share their dates: one item per day keeps a page self-contained.
    const bench = new Map(benchmark.series.map((p) => [p.date, p.return]));
    return {
      ...meta,
      portfolioReturn: portfolio.return,
      benchmark: benchmark.ticker,
      benchmarkName: benchmark.name,
      benchmarkReturn: benchmark.return,
      portfolioSynthetic: portfolio.synthetic,
      benchmarkSynthetic: benchmark.synthetic,
      items: portfolio.series.map((p) => ({ date: p.date, portfolio: p.return, value: p.value ?? null, benchmark: bench.get(p.date) ?? null })),
    };
  },
  list_watchlists: (_a, ctx) => callRoute('GET', '/watchlists', {}, ctx),
  create_watchlist: (body, ctx) => callRoute('POST', '/watchlists', { body }, ctx),
  add_watchlist_ticker: ({ id, ticker }, ctx) => callRoute('POST', '/watchlists/:id/tickers', { params: { id }, body: { ticker } }, ctx),
  list_saved_screens: (_a, ctx) => callRoute('GET', '/screens', {}, ctx),
  get_paper_account: (_a, ctx) => callRoute('GET', '/paper/account', {}, ctx),
  place_paper_order: (body, ctx) => callRoute('POST', '/paper/orders', { body }, ctx),
  get_learn_progress: (_a, ctx) => callRoute('GET', '/learn/progress', {}, ctx),
  submit_lesson_quiz: ({ id, answers }, ctx) => callRoute('POST', '/learn/lessons/:id/quiz', { params: { id }, body: { answers } }, ctx),
};
