/**
 * `/api/credit/*`: the BDC corpus (MCP get_bdc_list, search_bdc_borrower, BDC credit quality).
 * Spec 8.2: `/api/credit/` is limited to 120 requests/min per IP (enforced by the limits layer from the path).
 */
import { ErrorBody } from '../../schema/common.ts';
import { BdcCikParams, BdcHoldingsQuery, BdcHoldingsResult, BdcListQuery, BdcListResult, BorrowerSearchQuery, CreditQualityQuery, CreditQualityResult } from '../../schema/credit.ts';
import { bdcCreditQuality, bdcHoldings, bdcList, searchBorrowers } from '../../warehouse/queries/bdc.ts';
import { NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

export const credit = resource('Credit', [
  defineRoute({
    method: 'GET',
    path: '/credit/bdc',
    capability: 'bdc_list',
    summary: 'Business development companies',
    description:
      'Every BDC in the SEC BDC Data Sets with its latest filing, holdings count, cost and fair value (USD). The answer\'s `dataThrough` (newest ' +
      'filing date listed) and `fetchedAt` are the X-Data-Through and X-Fetched-At headers (the body stays a list).',
    query: BdcListQuery,
    responses: { 200: { description: 'BDCs, largest fair value first', schema: BdcListResult, freshnessHeaders: true }, 400: { description: 'invalid as_of', schema: ErrorBody } },
    handler: async ({ query, services }) => {
      return bdcList(services.warehouse, query.as_of);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/credit/borrowers',
    capability: 'bdc_borrowers',
    summary: 'Search borrowers across all BDCs',
    description:
      "Positions in every BDC's latest schedule of investments whose borrower or investment identifier contains `q` (2+ characters). Each position " +
      "carries its `provenance` (the BDC's filing); the answer's `dataThrough` (newest filing date listed) and `fetchedAt` are the X-Data-Through " +
      'and X-Fetched-At headers (the body stays a list).',
    query: BorrowerSearchQuery,
    responses: {
      200: { description: 'positions, largest fair value first', schema: BdcHoldingsResult, freshnessHeaders: true },
      400: { description: 'q missing or shorter than 2 characters', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      return searchBorrowers(services.warehouse, query.q, { limit: query.limit, asOf: query.as_of });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/credit/bdc/:cik/holdings',
    capability: 'bdc_holdings',
    summary: "One BDC's loan-level holdings",
    description:
      'The latest filing (or `period`): borrower, industry, instrument, reference rate and spread, PIK, rate, maturity, principal, cost, fair value, ' +
      'non-accrual, and the `provenance` of each position. `dataThrough` (the filing date) and `fetchedAt` are the X-Data-Through and X-Fetched-At headers.',
    params: BdcCikParams,
    query: BdcHoldingsQuery,
    responses: {
      200: { description: 'positions, largest fair value first', schema: BdcHoldingsResult, freshnessHeaders: true },
      400: { description: 'invalid cik or parameter', schema: ErrorBody },
      404: { description: 'no holdings for this BDC (and period)', schema: ErrorBody },
    },
    handler: async ({ params, query, services }) => {
      const rows = await bdcHoldings(services.warehouse, params.cik, { period: query.period, limit: query.limit, asOf: query.as_of });
      if (rows.length === 0) throw new NotFoundError(`no BDC holdings for CIK ${params.cik}`);
      return rows;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/credit/bdc/:cik/quality',
    capability: 'bdc_credit_quality',
    summary: 'Credit quality of a BDC by quarter',
    description:
      'One row per filing, newest first: fair value / cost, non-accrual share at cost and at fair value, first-lien share of fair value and the ' +
      'cost-weighted average interest rate of accruing debt (fractions: 0.0936 = 9.36 %). `dataThrough` (the newest filing date) and `fetchedAt` ' +
      'are the X-Data-Through and X-Fetched-At headers.',
    params: BdcCikParams,
    query: CreditQualityQuery,
    responses: {
      200: { description: 'quarters, newest first', schema: CreditQualityResult, freshnessHeaders: true },
      400: { description: 'invalid cik', schema: ErrorBody },
      404: { description: 'no BDC holdings for this CIK', schema: ErrorBody },
    },
    handler: async ({ params, query, services }) => {
      const rows = await bdcCreditQuality(services.warehouse, params.cik, query.as_of);
      if (rows.length === 0) throw new NotFoundError(`no BDC holdings for CIK ${params.cik}`);
      return rows;
    },
  }),
]);
