/** `/api/fund-holdings` (spec 4.4, 8.4) and `/api/institutions/:cik` (13F filer analytics). */
import { ErrorBody } from '../../schema/common.ts';
import { CikParams, FilerAnalyticsQuery, FilerAnalyticsResult, filerAnalyticsThrough, FundHoldingsQuery, FundHoldingsResult } from '../../schema/ownership.ts';
import { filerAnalytics, fundHoldings } from '../../warehouse/queries/institutions.ts';
import { NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

export const fundHoldingsResource = resource('Institutions', [
  defineRoute({
    method: 'GET',
    path: '/fund-holdings',
    capability: 'manager_holdings',
    summary: "One 13F manager's holdings",
    description:
      "The manager's latest quarter (or `quarter`, e.g. `2024Q2`), largest position first, with totals and the filings it came from. " +
      'A RESTATEMENT amendment replaces the quarter; NEW HOLDINGS amendments add to it. Values are US dollars (13F values reported in ' +
      'thousands before 2023 are converted). `as_of` answers as known on that date.',
    query: FundHoldingsQuery,
    responses: {
      200: { description: 'holdings with totals and the source filings', schema: FundHoldingsResult },
      400: { description: 'cik missing or invalid, max_holdings outside 1 to 500, bad quarter', schema: ErrorBody },
      404: { description: 'no 13F holdings for this CIK (and quarter)', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      const result = await fundHoldings(services.warehouse, { cik: Number(query.cik), quarter: query.quarter, maxHoldings: query.max_holdings, asOf: query.as_of });
      if (!result) throw new NotFoundError(`no 13F holdings for CIK ${Number(query.cik)}${query.quarter ? ` in ${query.quarter}` : ''}`);
      return result;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/institutions/:cik',
    capability: 'filer_analytics',
    summary: '13F filer analytics',
    description:
      'Per quarter: positions, value, new and exited positions; the latest top 10 holdings and their concentration. `as_of` answers as known on that date. ' +
      '`dataThrough` is the newest quarter end, `fetchedAt` the 13F job\'s last successful run (run ledger).',
    params: CikParams,
    query: FilerAnalyticsQuery,
    responses: {
      200: { description: 'quarters and top holdings', schema: FilerAnalyticsResult },
      400: { description: 'cik is not a number', schema: ErrorBody },
      404: { description: 'no 13F filings for this CIK', schema: ErrorBody },
    },
    dataThrough: filerAnalyticsThrough,
    handler: async ({ params, query, services }) => {
      const result = await filerAnalytics(services.warehouse, params.cik, query.as_of);
      if (!result) throw new NotFoundError(`no 13F filings for CIK ${params.cik}`);
      return result;
    },
  }),
]);
