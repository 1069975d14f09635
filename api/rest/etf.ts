/** `/api/etf-data`, `/api/etf-compare`, `/api/etf-list` (spec 4.4) and `/api/fund-holders` (N-PORT). */
import { ErrorBody } from '../../schema/common.ts';
import { etfCompareThrough, EtfCompareQuery, EtfCompareResult, EtfDataQuery, EtfDataResult, EtfListResult, FundHoldersQuery, FundHoldersResult } from '../../schema/funds.ts';
import { etfCompare, etfData, etfList, fundsHoldingSecurity } from '../../warehouse/queries/funds.ts';
import { NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

export const etf = resource('Funds', [
  defineRoute({
    method: 'GET',
    path: '/etf-data',
    capability: 'etf_data',
    summary: 'ETF profile, holdings, sector breakdown and performance',
    description:
      'From the latest N-PORT of the fund behind `symbol` (any fund symbol works, ETFs and mutual fund share classes): profile, the ' +
      '`max_holdings` largest holdings (default 25), breakdown by sector and by N-PORT asset category, and price returns from the daily prices.',
    query: EtfDataQuery,
    responses: {
      200: { description: 'profile, holdings, breakdowns, performance', schema: EtfDataResult },
      400: { description: 'symbol missing or invalid', schema: ErrorBody },
      404: { description: 'no N-PORT data for the symbol', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      const result = await etfData(services.warehouse, query.symbol, query.max_holdings);
      if (!result) throw new NotFoundError(`no fund data for ${query.symbol}`);
      return result;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/etf-compare',
    capability: 'etf_compare',
    summary: 'Compare several ETFs',
    description:
      'Profiles and performance side by side, and pairwise holdings overlap (sum of the smaller weight over common securities). Unknown symbols are listed in `missing`. ' +
      '`dataThrough` is the newest report period of the funds compared, `fetchedAt` the run ledger\'s last fetch of the N-PORT jobs.',
    query: EtfCompareQuery,
    responses: {
      200: { description: 'funds, pairwise overlap, missing symbols', schema: EtfCompareResult },
      400: { description: 'symbols missing, invalid or more than 10', schema: ErrorBody },
    },
    dataThrough: etfCompareThrough,
    handler: ({ query, services }) => etfCompare(services.warehouse, query.symbols),
  }),
  defineRoute({
    method: 'GET',
    path: '/etf-list',
    capability: 'etf_list',
    summary: 'All tracked ETF tickers',
    description:
      'Exchange-listed funds with N-PORT data, largest net assets first. X-Data-Through (the newest report period listed) and X-Fetched-At ' +
      '(the run ledger\'s last fetch of the N-PORT jobs) say how fresh the list is.',
    responses: { 200: { description: 'ETF symbols with names and net assets', schema: EtfListResult } },
    handler: ({ services }) => etfList(services.warehouse),
  }),
  defineRoute({
    method: 'GET',
    path: '/fund-holders',
    capability: 'fund_holders',
    summary: 'Which funds hold a security (N-PORT)',
    description:
      "Funds whose latest N-PORT holds the security given by CUSIP, ISIN or ticker, largest position first; an empty list when none. Each row names its N-PORT (`provenance`; `accession` null for a document published without one); X-Data-Through and X-Fetched-At say how fresh the list is.",
    query: FundHoldersQuery,
    responses: {
      200: { description: 'fund positions', schema: FundHoldersResult, freshnessHeaders: true },
      400: { description: 'id missing', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      return fundsHoldingSecurity(services.warehouse, query.id, query.limit);
    },
  }),
]);
