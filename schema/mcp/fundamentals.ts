/** MCP tools: point-in-time fundamentals, peers and valuation. */
import { newest } from '../provenance.ts';
import { z } from 'zod';
import { BULK_READ } from '../access.ts';
import { orderedRange } from '../common.ts';
import { historyThrough, statsThrough, universeThrough } from '../fundamentals.ts';
import { defineTools } from './tool.ts';
import { asOf, date, ticker } from './params.ts';

/** The intrinsic-value assumptions and their bounds: the MCP tool and GraphQL's `Company.intrinsicValue` take them by this one schema. */
export const VALUATION_ASSUMPTIONS = z.object({
  discountRate: z.number().min(0.02).max(0.3).optional().describe('default 0.09'),
  growthRate: z.number().min(-0.2).max(0.3).optional().describe('years 1-5, default 0.05'),
  terminalGrowth: z.number().min(-0.02).max(0.04).optional().describe('default 0.025'),
});

/**
 * Each value's filing, form and XBRL concept (`statement.sources`, as REST's fundamentals-pit always
 * answers and GraphQL's `Statement.sources` selects): asked for, since it doubles an answer an
 * agent reads.
 */
const withSources = z.boolean().optional().describe('include per-value sources (filing, XBRL concept)');

export const FUNDAMENTAL_TOOLS = defineTools('fundamentals', {
  get_fundamentals: {
    capability: 'fundamentals_pit',
    title: 'Point-in-time fundamentals',
    description: 'Latest statement as known on asOf: revenue, income, balance sheet, cash flow, EPS, ratios, with source filings.',
    input: z.object({ ticker, asOf, withSources }),
    output: '{ticker,asOf,statement:{fiscalYear,fiscalPeriod,periodEnd,filingDate,accession,fundamentals,metrics,sources?},provenance:{source,document,url,accession,synthetic},fallback?:{requested,served,reason},dataThrough,fetchedAt}',
  },
  get_fundamentals_history: {
    dataThrough: historyThrough,
    capability: 'fundamentals_history',
    title: 'Fundamentals history',
    description: 'Point-in-time series: one entry per filing that created or restated a period, in [start, end] (default: all, to today); withSources: one entry per statement.',
    input: z.object({ ticker, start: date.optional(), end: date.optional(), withSources: withSources.describe('include per-value sources; each item then holds one statement') }).refine(...orderedRange('start', 'end')),
    output: '{filingDate,accession,form,url,statements:{...,sources?}[]}[]',
    list: true,
  },
  get_fundamentals_universe: {
    dataThrough: universeThrough,
    capability: 'fundamentals_universe',
    title: 'Fundamentals universe',
    description: 'Every ticker with point-in-time fundamentals on a date, with its latest period.',
    input: z.object({ asOf }),
    output: '{ticker,cik,fiscalYear,fiscalPeriod,periodEnd,filingDate}[]',
    list: true,
  },
  get_fundamentals_stats: {
    dataThrough: statsThrough,
    capability: 'fundamentals_stats',
    title: 'Fundamentals database statistics',
    description: 'Counts of companies, facts, filings and statements, date coverage and last pipeline runs; per dataset its source, rows, entities, date range, synthetic rows, last successful fetch and next scheduled one.',
    output: '{companies,facts,filings,statements,factsFiledFrom,factsFiledTo,lastRuns[],datasets:{id,source,rows,syntheticRows,entities,from,to,lastFetchedAt,nextFetchAt,jobs[]}[]}',
  },
  get_bulk_fundamentals: {
    dataThrough: (a: { items: readonly { filingDate?: string | null }[] }) => newest(...a.items.map((i) => i.filingDate)),
    capability: 'bulk_fundamentals',
    title: 'Bulk fundamentals',
    description: 'Filing-derived rows for up to 100 tickers, in the order asked; a ticker without a filing is withheld with a reason.',
    input: z.object({ tickers: z.array(ticker).min(1).max(100), asOf }),
    output: '{asOf,items:({ticker,fiscalYear,periodEnd,filingDate,source,fundamentals,metrics}|{ticker,withheld})[]}',
    list: true,
  },
  alm_peer_fundamentals: {
    dataThrough: (a: { peers: readonly { periodEnd?: string | null }[] }) => newest(...a.peers.map((p) => p.periodEnd)),
    capability: 'peer_fundamentals',
    title: 'Peer fundamentals',
    description: 'Side-by-side latest fundamentals and ratios of 2-10 tickers as known on asOf, with medians.',
    input: z.object({ tickers: z.array(ticker).min(2).max(BULK_READ.maxTickers), asOf }),
    output: '{asOf,peers:{ticker,fiscalYear,periodEnd,revenue,netIncome,epsDilutedTtm,grossMargin,netMargin,roe,...}[],median,missing[]}',
  },
  alm_intrinsic_value: {
    dataThrough: (a: { price?: { date?: string | null } | null }) => newest(a.price?.date),
    capability: 'intrinsic_value',
    title: 'Intrinsic value',
    description:
      'Educational valuation from point-in-time fundamentals: two-stage DCF of operating cash flow, Graham number, earnings-power value; inputs and assumptions shown. Not advice.',
    input: z.object({ ticker, asOf, ...VALUATION_ASSUMPTIONS.shape }),
    output: '{ticker,asOf,inputs,models:{dcf,graham,epv},price:{date,close,synthetic},assumptions}',
  },
});
