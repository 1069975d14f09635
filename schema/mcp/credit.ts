/** MCP tools: the private-credit corpus (BDCs, SEC BDC Data Sets). */
import { z } from 'zod';
import { newestOf } from '../provenance.ts';
import { defineTools } from './tool.ts';
import { asOf, cik, date, text } from './params.ts';

export const CREDIT_TOOLS = defineTools('credit', {
  get_bdc_list: {
    dataThrough: newestOf('latestFiled'),
    capability: 'bdc_list',
    title: 'BDC list',
    description: 'Business development companies with their latest filing, holdings count, cost and fair value.',
    input: z.object({ asOf }),
    output: '{dataThrough,fetchedAt,items:{cik,name,ticker,latestPeriod,latestFiled,holdings,fairValue,cost,provenance}[]}',
    list: true,
  },
  search_bdc_borrower: {
    dataThrough: newestOf('filed'),
    capability: 'bdc_borrowers',
    title: 'Search BDC borrowers',
    description: "Loan positions whose borrower name contains q across every BDC's latest filing: instrument, rate, spread, maturity, cost, fair value.",
    input: z.object({ q: text(2, 100), asOf }),
    output: '{dataThrough,fetchedAt,items:{bdcCik,bdcName,borrower,industry,instrument,referenceRate,spread,interestRate,maturity,principal,cost,fairValue,nonAccrual,provenance}[]}',
    list: true,
  },
  get_bdc_holdings: {
    dataThrough: newestOf('filed'),
    capability: 'bdc_holdings',
    title: 'BDC holdings',
    description: "One BDC's loan-level holdings (by CIK) for its latest filing or a period end, largest fair value first.",
    input: z.object({ cik, period: date.optional(), asOf }),
    output: '{dataThrough,fetchedAt,items:{borrower,industry,instrument,spread,interestRate,maturity,principal,cost,fairValue,pctNetAssets,nonAccrual,provenance}[]}',
    list: true,
  },
  alm_bdc_credit_quality: {
    dataThrough: newestOf('filed'),
    capability: 'bdc_credit_quality',
    title: 'BDC credit quality',
    description: 'Per quarter: fair value to cost, non-accrual share at cost and fair value, first-lien share, weighted average yield of a BDC.',
    input: z.object({ cik, asOf }),
    output: '{dataThrough,fetchedAt,items:{period,filed,holdings,cost,fairValue,fairValueToCost,nonAccrualShareCost,nonAccrualShareFairValue,firstLienShare,weightedAverageYield,provenance}[]}',
    list: true,
  },
});
