/**
 * `me`: the signed-in caller's own state (API key or session), and the mutations that change it.
 * Every field runs the REST route's own handler (api/route-call.ts): the same validation and the
 * same ownership rule — objects are looked up with their owner, so another account's id is
 * NOT_FOUND. Anonymous callers get UNAUTHENTICATED.
 */
import { resolveArrayConnection } from '@pothos/plugin-relay';
import type { HTTPMethods } from 'fastify';
import { callRoute, type RestParts } from '../../route-call.ts';
import type { DoorNames } from '../../door-words.ts';
import { BadRequestError } from '../../errors.ts';
import { camelName } from '../../../schema/door-arguments.ts';
import { ScreenParams } from '../../../schema/screens.ts';
import { listPortfolios } from '../../store/portfolios.ts';
import type { CompanyRow } from '../../../warehouse/queries/companies.ts';
import { declaredArgs, deprecatedArg } from '../aliases.ts';
import { builder } from '../builder.ts';
import { requireAccount, type GraphQLContext } from '../context.ts';
import { CompanyRef } from './company.ts';
import { JsonScalar, PAGE } from './scalars.ts';
import { datedConnection } from './provenance.ts';

interface PositionShape {
  ticker: string;
  shares: number;
  cost_basis: number;
  portfolio_id: string;
  opened_on: string;
  price: number | null;
  market_value: number | null;
  unrealized_pnl: number | null;
  synthetic: boolean;
}
interface WatchlistShape {
  id: string;
  name: string;
  tickers: string[];
}
interface ScreenShape {
  id: string;
  name: string;
  params: unknown;
}

function call<T>(ctx: GraphQLContext, method: HTTPMethods, path: string, parts: RestParts = {}, names?: DoorNames): Promise<T> {
  requireAccount(ctx);
  return callRoute(method, path, parts, ctx, 'graphql', names) as Promise<T>;
}

/**
 * A saved screen's `params` as GraphQL takes them: each screener argument in camelCase (as MCP's
 * `run_screener` and GraphQL spell arguments) or REST's name, stored under REST's. The same one
 * given both ways is refused; any other key is left for the route to refuse by name. The keys are
 * the caller's own (a literal object's keys can be any name): kept in an object without a
 * prototype and looked up as own keys, so `toString` or `__proto__` is an unknown argument like any
 * other (an `in` test against a plain object called them "given twice", and an assignment of
 * `__proto__` would have set its prototype).
 */
function screenParams(given: unknown): unknown {
  if (!given || typeof given !== 'object' || Array.isArray(given)) return given;
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(given)) {
    const rest = SCREEN_PARAM_NAMES.get(key) ?? key;
    if (Object.hasOwn(out, rest)) throw new BadRequestError(`invalid argument 'params.${key}': '${rest}' given twice (as ${key} and as ${rest}); give it once`);
    out[rest] = value;
  }
  return out;
}

/** The saved-screen parameters by their camelCase names (`mktcapMin` -> `mktcap_min`). */
const SCREEN_PARAM_NAMES = new Map(Object.keys(ScreenParams.shape).filter((k) => camelName(k) !== k).map((k) => [camelName(k), k] as const));

/** A portfolio's fields read it by `portfolio(id:)`: a refusal of its id names that argument. */
const PORTFOLIO_ID: DoorNames = { portfolio_id: 'id' };

const PositionRef = builder.objectRef<PositionShape>('Position');
PositionRef.implement({
  fields: (t) => ({
    ticker: t.exposeString('ticker'),
    shares: t.exposeFloat('shares'),
    costBasis: t.exposeFloat('cost_basis', { description: 'per-share cost' }),
    portfolioId: t.exposeString('portfolio_id'),
    openedOn: t.exposeString('opened_on'),
    price: t.exposeFloat('price'),
    marketValue: t.exposeFloat('market_value'),
    unrealizedPnl: t.exposeFloat('unrealized_pnl'),
    synthetic: t.exposeBoolean('synthetic', { description: 'true when `price`, the close valuing the position, was generated (sample prices), not taken from the source' }),
    company: t.field({ type: CompanyRef, resolve: (p, _a, ctx) => ctx.loaders.company.load(p.ticker) }),
  }),
});

const PortfolioRef = builder.objectRef<{ id: string }>('Portfolio');
PortfolioRef.implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    positions: t.connection({
      type: PositionRef,
      resolve: async (p, args, ctx) => resolveArrayConnection({ args, ...PAGE }, await call<PositionShape[]>(ctx, 'GET', '/portfolio-positions', { query: { portfolio_id: p.id } }, PORTFOLIO_ID)),
    }, datedConnection('PortfolioPositionsConnection', 'portfolio_positions')),
    history: t.field({
      type: JsonScalar,
      description: 'Daily value and cost (GET /api/portfolio-history).',
      args: { days: t.arg.int() },
      resolve: (p, args, ctx) => call(ctx, 'GET', '/portfolio-history', { query: { portfolio_id: p.id, days: args.days ?? undefined } }, PORTFOLIO_ID),
    }),
    benchmark: t.field({
      type: JsonScalar,
      description: 'Return against SPY over a period (GET /api/portfolio/benchmark).',
      args: { period: t.arg.string() },
      resolve: (p, args, ctx) => call(ctx, 'GET', '/portfolio/benchmark', { query: { portfolio_id: p.id, period: args.period ?? undefined } }, PORTFOLIO_ID),
    }),
  }),
});

const WatchlistRef = builder.objectRef<WatchlistShape>('Watchlist');
WatchlistRef.implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    tickers: t.exposeStringList('tickers'),
    companies: t.field({
      type: [CompanyRef],
      resolve: async (w, _a, ctx) => (await ctx.loaders.company.loadMany(w.tickers)).filter((c): c is CompanyRow => !!c && !(c instanceof Error)),
    }),
  }),
});

const ScreenRef = builder.objectRef<ScreenShape>('SavedScreen');
ScreenRef.implement({ fields: (t) => ({ id: t.exposeString('id'), name: t.exposeString('name'), params: t.field({ type: JsonScalar, resolve: (s) => s.params }) }) });

const MeRef = builder.objectRef<{ accountId: string }>('Me');
MeRef.implement({
  description: "The signed-in account's own state.",
  fields: (t) => ({
    accountId: t.exposeString('accountId', { nullable: false }),
    tier: t.string({ resolve: (_m, _a, ctx) => ctx.caller.tier }),
    portfolios: t.connection({
      type: PortfolioRef,
      resolve: async (m, args, ctx) => {
        const rows = await listPortfolios(ctx.services.store, m.accountId);
        return resolveArrayConnection({ args, ...PAGE }, rows.map((r) => ({ id: r.portfolioId })));
      },
    }),
    portfolio: t.field({ type: PortfolioRef, args: { id: t.arg.string() }, resolve: (_m, args) => ({ id: args.id ?? 'default' }) }),
    watchlists: t.connection({
      type: WatchlistRef,
      resolve: async (_m, args, ctx) => resolveArrayConnection({ args, ...PAGE }, await call<WatchlistShape[]>(ctx, 'GET', '/watchlists')),
    }),
    savedScreens: t.connection({
      type: ScreenRef,
      resolve: async (_m, args, ctx) => resolveArrayConnection({ args, ...PAGE }, await call<ScreenShape[]>(ctx, 'GET', '/screens')),
    }),
    paperAccount: t.field({ type: JsonScalar, description: 'GET /api/paper/account', resolve: (_m, _a, ctx) => call(ctx, 'GET', '/paper/account') }),
    learnProgress: t.field({ type: JsonScalar, description: 'GET /api/learn/progress', resolve: (_m, _a, ctx) => call(ctx, 'GET', '/learn/progress') }),
  }),
});

builder.queryFields((t) => ({
  me: t.field({ type: MeRef, description: 'The signed-in caller (API key or session); UNAUTHENTICATED otherwise.', resolve: (_r, _a, ctx) => ({ accountId: requireAccount(ctx) }) }),
}));

builder.mutationType({ description: "Changes to the signed-in account's own state (session callers send X-CSRF-Token)." });

builder.mutationFields((t) => ({
  addPosition: t.field({
    type: PositionRef,
    args: { ticker: t.arg.string({ required: true }), shares: t.arg.float({ required: true }), costBasis: t.arg.float({ required: true }), portfolioId: t.arg.string(), date: t.arg.string() },
    resolve: (_r, a, ctx) =>
      call<PositionShape>(ctx, 'POST', '/portfolio-positions', { query: { portfolio_id: a.portfolioId ?? undefined }, body: { ticker: a.ticker, shares: a.shares, cost_basis: a.costBasis, date: a.date ?? undefined } }),
  }),
  removePosition: t.field({
    type: PositionRef,
    args: { ticker: t.arg.string({ required: true }), portfolioId: t.arg.string(), date: t.arg.string() },
    resolve: async (_r, a, ctx) =>
      (await call<{ removed: PositionShape }>(ctx, 'DELETE', '/portfolio-positions', { query: { portfolio_id: a.portfolioId ?? undefined }, body: { ticker: a.ticker, date: a.date ?? undefined } })).removed,
  }),
  createWatchlist: t.field({
    type: WatchlistRef,
    args: { name: t.arg.string({ required: true }), tickers: t.arg.stringList() },
    resolve: (_r, a, ctx) => call<WatchlistShape>(ctx, 'POST', '/watchlists', { body: { name: a.name, tickers: a.tickers ?? undefined } }),
  }),
  addWatchlistTicker: t.field({
    type: WatchlistRef,
    args: { id: t.arg.string({ required: true }), ticker: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => call<WatchlistShape>(ctx, 'POST', '/watchlists/:id/tickers', { params: { id: a.id }, body: { ticker: a.ticker } }),
  }),
  saveScreen: t.field({
    type: ScreenRef,
    description:
      'POST /api/screens. `params` takes the screener arguments as `runScreener`-style camelCase (`mktcapMin`, `peMax`, `divYieldMin`, `sector`, `sort`, `limit`) or as REST names (`mktcap_min`); they are stored, and read back, as REST names.',
    args: { name: t.arg.string({ required: true }), params: t.arg({ type: JsonScalar, required: true }) },
    resolve: (_r, a, ctx) => call<ScreenShape>(ctx, 'POST', '/screens', { body: { name: a.name, params: screenParams(a.params) } }),
  }),
  placePaperOrder: t.field({
    type: JsonScalar,
    args: { ticker: t.arg.string({ required: true }), side: t.arg.string({ required: true }), type: t.arg.string(), quantity: t.arg.float({ required: true }), limitPrice: t.arg.float() },
    resolve: (_r, a, ctx) =>
      call(ctx, 'POST', '/paper/orders', { body: { ticker: a.ticker, side: a.side, type: a.type ?? undefined, quantity: a.quantity, limitPrice: a.limitPrice ?? undefined } }),
  }),
  submitLessonQuiz: t.field({
    type: JsonScalar,
    args: {
      id: t.arg.string(),
      lessonId: t.arg.string({ deprecationReason: deprecatedArg('Mutation.submitLessonQuiz', 'lessonId') }),
      answers: t.arg.intList({ required: true }),
    },
    resolve: (_r, a, ctx) => call(ctx, 'POST', '/learn/lessons/:id/quiz', { params: { id: declaredArgs('Mutation.submitLessonQuiz', a).id ?? undefined }, body: { answers: a.answers } }),
  }),
}));
