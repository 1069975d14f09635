/** MCP tools: insider transactions (Forms 3/4/5), 13F institutions, the security master. */
import { z } from 'zod';
import { boundedNumber, orderedRange } from '../common.ts';
import { filerAnalyticsThrough, InsiderCodeList, MIN_VALUE_USD, Quarter } from '../ownership.ts';
import { FETCH_DAY, newestOf } from '../provenance.ts';
import { defineTools } from './tool.ts';
import { asOf, cik, date, maxHoldings, ticker } from './params.ts';

/** REST's quarter (schema/ownership.ts): `2024Q2` or a quarter-end date; `2025-02-30` is neither. */
const quarter = Quarter;

export const OWNERSHIP_TOOLS = defineTools('ownership', {
  get_insider_trades: {
    dataThrough: newestOf('filed'),
    capability: 'insider_trades',
    title: 'Insider trades',
    description: 'Form 3/4/5 rows by ticker, owner CIK or name, newest filing first: owners, codes (P buy, S sale, A grant...), prices, footnotes.',
    input: z
      .object({
        ticker: ticker.optional(),
        ownerCik: cik.optional(),
        owner: z.string().trim().min(2).max(100).optional().describe('owner name contains'),
        code: InsiderCodeList.optional(),
        from: date.optional(),
        to: date.optional(),
        asOf,
        includeHoldings: z.boolean().optional(),
      })
      .refine((a) => a.ticker || a.ownerCik || a.owner, { message: "pass 'ticker', 'ownerCik' or 'owner'", path: ['ticker'] })
      .refine(...orderedRange('from', 'to')),
    output: '{dataThrough,fetchedAt,items:{accession,form,filed,ticker,owners[],code,transactionDate,shares,price,acquiredDisposed,sharesAfter,footnotes,provenance}[]}',
    list: true,
  },
  alm_recent_insider_buys: {
    dataThrough: newestOf('filed'),
    capability: 'recent_insider_buys',
    title: 'Recent insider buys',
    description: 'Open-market insider purchases (code P) across the market in the last days, largest dollar value first.',
    input: z.object({ days: z.number().int().min(1).max(3650).optional().describe('default 90'), minValue: boundedNumber({ ...MIN_VALUE_USD, coerce: false }).optional(), asOf }),
    output: '{dataThrough,fetchedAt,items:{accession,filed,ticker,issuerName,owners[],transactionDate,shares,price,valueUsd,provenance}[]}',
    list: true,
  },
  get_institutional_holders: {
    capability: 'institutional_holders',
    title: 'Institutional holders',
    description: '13F managers holding a ticker in a quarter (default latest), with quarter-over-quarter share changes (split-aware).',
    input: z.object({ ticker, quarter: quarter.optional(), asOf }),
    output: '{ticker,period,previousPeriod,splitFactor,totalShares,totalValueUsd,dataThrough,fetchedAt,items:{cik,manager,shares,valueUsd,pctOfPortfolio,change,provenance}[]}',
    list: true,
  },
  get_13f_holdings: {
    capability: 'manager_holdings',
    title: '13F holdings of a manager',
    description: "One 13F filer's holdings (by CIK) for its latest quarter or a given one, largest first; amendments applied as of asOf.",
    input: z.object({ cik, maxHoldings, quarter: quarter.optional(), asOf }),
    output: '{cik,manager,period,filings[],positions,totalValueUsd,dataThrough,fetchedAt,items:{issuer,cusip,ticker,valueUsd,shares,pctOfPortfolio,provenance}[]}',
    list: true,
  },
  alm_13f_filer_analytics: {
    dataThrough: filerAnalyticsThrough,
    capability: 'filer_analytics',
    title: '13F filer analytics',
    description: 'Quarter-by-quarter positions, value, new and exited positions of a 13F filer, its top 10 holdings and their concentration.',
    input: z.object({ cik, asOf }),
    output: '{cik,manager,quarters:{period,filed,positions,valueUsd,newPositions,exitedPositions}[],top[],concentrationTop10}',
  },
  lookup_security: {
    // The security master holds the identifiers as last fetched (no data date of its own), as the
    // company list does: it answered with fetchedAt alone (a review found GraphQL's Security
    // dated null, and no test called it on a security the sample holds).
    dataThrough: FETCH_DAY,
    capability: 'security_lookup',
    title: 'Security lookup',
    description: 'Resolve a CUSIP, ISIN or ticker in the security master: issuer, title, ticker, CIK, LEI.',
    input: z.object({ id: z.string().trim().min(1).max(12) }),
    output: '{cusip,isin,ticker,cik,issuerName,title,lei,mappedBy}',
  },
});
