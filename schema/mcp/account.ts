/**
 * MCP tools over the signed-in account's own state (portfolios, watchlists, saved screens, paper
 * trading, LEARN progress) and the LEARN curriculum. They run the REST routes' own handlers
 * (same validation, same ownership rule: another account's object is not found).
 */
import { z } from 'zod';
import { PaperLimitPrice, PaperQuantity } from '../paper.ts';
import { BENCHMARK_PERIODS, PortfolioId, PositionCostBasis, PositionShares, positionsThrough } from '../portfolio.ts';
import { WATCHLIST_LIMITS, WatchlistName } from '../watchlists.ts';
import { defineTools } from './tool.ts';
import { date, ticker } from './params.ts';

const portfolioId = PortfolioId.optional().describe('portfolio name (default "default")');

export const LEARN_TOOLS = defineTools('learn', {
  list_learn_tracks: {
    capability: 'learn_tracks',
    title: 'LEARN curriculum',
    description: 'The LEARN curriculum: tracks, modules and lessons in order, with levels.',
    output: '{tracks:{id,title,level,modules:{id,title,lessons:{id,title}[]}[]}[]}',
  },
  get_lesson: {
    capability: 'lesson',
    title: 'LEARN lesson',
    description: 'One lesson: text, worked examples, glossary links and its quiz questions (without answers).',
    input: z.object({ id: z.string().trim().min(1).max(80) }),
    output: '{id,title,body,examples[],glossary[],quiz:{question,choices[]}[]}',
  },
});

export const ACCOUNT_TOOLS = defineTools('account', {
  list_portfolio_positions: {
    dataThrough: positionsThrough,
    capability: 'portfolio_positions',
    title: 'Portfolio positions',
    description: 'Positions of one of your portfolios with latest price, market value and unrealized P&L.',
    input: z.object({ portfolioId }),
    output: '{ticker,shares,cost_basis,portfolio_id,opened_on,price,market_value,unrealized_pnl,synthetic}[]',
    list: true,
  },
  add_portfolio_position: {
    capability: 'portfolio_add',
    title: 'Add a position',
    description: 'Add shares at a per-share cost to a portfolio (merged into an existing position at the weighted average cost).',
    input: z.object({ ticker, shares: PositionShares, costBasis: PositionCostBasis, portfolioId, date: date.optional() }),
    output: '{ticker,shares,cost_basis,portfolio_id,opened_on,...}',
  },
  remove_portfolio_position: {
    capability: 'portfolio_remove',
    title: 'Remove a position',
    description: 'Close a position in a portfolio.',
    input: z.object({ ticker, portfolioId, date: date.optional() }),
    output: '{removed:{ticker,shares,...}}',
  },
  get_portfolio_history: {
    capability: 'portfolio_history',
    title: 'Portfolio value history',
    description: 'Daily value and cost of a portfolio over the last days (items, oldest first).',
    input: z.object({ days: z.number().int().min(1).max(3660).optional().describe('default 30'), portfolioId }),
    output: '{portfolio_id,start,end,synthetic,items:{date,value,cost,positions,synthetic}[]}',
    list: true,
  },
  get_portfolio_benchmark: {
    capability: 'portfolio_benchmark',
    title: 'Portfolio vs benchmark',
    description: 'Cumulative return of a portfolio against a broad US equity index (SPY) over a period; items = daily returns of both.',
    input: z.object({ period: z.enum(BENCHMARK_PERIODS).optional().describe('default 1Y'), portfolioId }),
    output: '{portfolio_id,period,start,end,portfolioReturn,benchmark,benchmarkReturn,excessReturn,synthetic,portfolioSynthetic,benchmarkSynthetic,items:{date,portfolio,value,benchmark}[]}',
    list: true,
  },
  list_watchlists: {
    capability: 'watchlist_list',
    title: 'Watchlists',
    description: 'Your watchlists with their tickers and latest prices.',
    output: '{id,name,tickers[],createdAt,updatedAt}[]',
    list: true,
  },
  create_watchlist: {
    capability: 'watchlist_create',
    title: 'Create a watchlist',
    description: 'Create a named watchlist, optionally with tickers.',
    // REST's bound (one rule: GraphQL's createWatchlist takes it from here).
    input: z.object({ name: WatchlistName, tickers: z.array(ticker).max(WATCHLIST_LIMITS.tickers).optional() }),
    output: '{id,name,tickers[]}',
  },
  add_watchlist_ticker: {
    capability: 'watchlist_add_ticker',
    title: 'Add to a watchlist',
    description: 'Add a ticker to one of your watchlists (by id).',
    input: z.object({ id: z.string().trim().min(1).max(64), ticker }),
    output: '{id,name,tickers[]}',
  },
  list_saved_screens: {
    capability: 'screen_list',
    title: 'Saved screens',
    description: 'Your saved screener queries.',
    output: '{id,name,params,lastRunAt}[]',
    list: true,
  },
  get_paper_account: {
    capability: 'paper_account',
    title: 'Paper trading account',
    description: 'Your paper-trading cash, positions at latest prices and equity (practice money, no real orders).',
    output: '{cash,reservedCash,buyingPower,positions:{ticker,shares,avgCost,price,marketValue,unrealizedPnl,synthetic,...}[],equity,realizedPnl,unrealizedPnl,totalPnl,startingCash,openOrders,synthetic}',
  },
  place_paper_order: {
    capability: 'paper_order_place',
    title: 'Place a paper order',
    description: 'Place a simulated market or limit order (no shorting; fills at daily closes).',
    input: z.object({
      ticker,
      side: z.enum(['buy', 'sell']),
      type: z.enum(['market', 'limit']).optional().describe('default market'),
      quantity: PaperQuantity,
      limitPrice: PaperLimitPrice.optional(),
    }),
    output: '{id,ticker,side,type,quantity,limitPrice,status,fillPrice,filledAt,synthetic}',
  },
  get_learn_progress: {
    capability: 'learn_progress',
    title: 'LEARN progress',
    description: 'Your lesson attempts, best scores, completed lessons and the next lesson.',
    output: '{completed,total,lessons[],nextLesson}',
  },
  submit_lesson_quiz: {
    capability: 'lesson_quiz',
    title: 'Submit a lesson quiz',
    description: 'Answer a lesson quiz (choice indexes, one per question); two thirds correct completes the lesson.',
    input: z.object({ id: z.string().trim().min(1).max(80), answers: z.array(z.number().int().min(0)).min(1).max(20) }),
    output: '{lessonId,score,questions,passed,results[],progress,nextLesson}',
  },
});
