/** MCP tools: the company list, profiles and SEC filings. */
import { z } from 'zod';
import { FETCH_DAY, newestOf } from '../provenance.ts';
import { defineTools } from './tool.ts';
import { asOf, text, ticker } from './params.ts';

export const COMPANY_TOOLS = defineTools('companies', {
  search_tickers: {
    dataThrough: FETCH_DAY,
    capability: 'ticker_search',
    title: 'Search tickers',
    description: 'Find companies by symbol or name; exact symbol first.',
    input: z.object({ q: text(1, 100) }),
    output: '{ticker,name,exchange,cik}[]',
    list: true,
  },
  get_random_ticker: {
    dataThrough: FETCH_DAY,
    capability: 'random_ticker',
    title: 'Random ticker',
    description: 'One company drawn at random from the universe.',
    output: '{ticker,name,exchange,cik}',
  },
  get_company_profile: {
    dataThrough: FETCH_DAY,
    capability: 'company_profile',
    title: 'Company profile',
    description: 'SEC profile: name, CIK, SIC sector/industry, exchange, fiscal year end, former names.',
    input: z.object({ ticker }),
    output: '{name,cik,sector,industry,sicCode,exchange,fiscalYearEnd,formerNames[]}',
  },
  get_sec_filings: {
    dataThrough: newestOf('filed'),
    capability: 'sec_filings',
    title: 'SEC filings',
    description: "A company's SEC filings, newest first; optional form filter (e.g. 10-K) and point in time (filed by asOf).",
    // An EDGAR form type ("SCHEDULE 13G/A" is 14 characters: the old bound of 12 refused it, on
    // this tool and, since GraphQL takes its arguments by the tools' rules, on Company.filings).
    input: z.object({ ticker, form: z.string().trim().min(1).max(30).optional(), asOf }),
    output: '{form,filed,accession,reportDate,primaryDocument}[]',
    list: true,
  },
  get_filing_facts: {
    dataThrough: newestOf('filed'),
    capability: 'filing_facts',
    title: 'Facts of a filing',
    description: 'XBRL facts reported in one filing (by accession number), optionally one concept.',
    input: z.object({
      accession: z.string().regex(/^\d{10}-\d{2}-\d{6}$/, 'must be an accession number 0000000000-00-000000'),
      concept: z.string().max(200).optional(),
    }),
    output: '{taxonomy,concept,unit,periodStart,periodEnd,value,form,filed}[]',
    list: true,
  },
});
