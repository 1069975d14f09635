/** MCP tools: funds and ETFs (N-PORT) and the bond index. */
import { newest, newestOf } from '../provenance.ts';
import { z } from 'zod';
import { etfCompareThrough, etfListThrough, FundSymbol } from '../funds.ts';
import { defineTools } from './tool.ts';
import { maxHoldings, text, ticker } from './params.ts';

export const FUND_TOOLS = defineTools('funds', {
  get_etf_data: {
    capability: 'etf_data',
    title: 'ETF or fund profile',
    description: 'N-PORT profile of a fund or ETF symbol: net assets, sector and asset-class breakdown, price performance; items = holdings, largest first.',
    input: z.object({ symbol: FundSymbol, maxHoldings }),
    output: '{profile,sectorBreakdown[],assetBreakdown[],performance,provenance,dataThrough,fetchedAt,items:{name,cusip,ticker,balance,valueUsd,pctNetAssets,assetCat}[]}',
    list: true,
  },
  compare_etfs: {
    dataThrough: etfCompareThrough,
    capability: 'etf_compare',
    title: 'Compare ETFs',
    description: 'Compare 1-10 funds: net assets, holdings count, performance and pairwise holdings overlap.',
    input: z.object({ symbols: z.array(FundSymbol).min(1).max(10) }),
    output: '{funds[],overlap:{a,b,commonHoldings,weightOverlapPct}[],missing[]}',
  },
  list_etfs: {
    dataThrough: etfListThrough,
    capability: 'etf_list',
    title: 'ETF list',
    description: 'Every tracked exchange-listed fund with its latest net assets.',
    output: '{symbol,name,cik,netAssets,period}[]',
    list: true,
  },
  get_funds_holding: {
    dataThrough: newestOf('period'),
    capability: 'fund_holders',
    title: 'Funds holding a security',
    description: 'Which funds hold a security (CUSIP, ISIN or ticker) in their latest N-PORT, largest position first.',
    input: z.object({ id: z.string().trim().min(1).max(12) }),
    output: '{regCik,fundName,period,accession,balance,units,valueUsd,pctNetAssets,provenance}[]',
    list: true,
  },
  search_bonds: {
    // Dated by its rule and its datasets' jobs (N-PORT and the security master) like every data tool.
    dataThrough: newestOf('asOf'),
    capability: 'bond_search',
    title: 'Search bonds',
    description: 'Bonds held by funds whose issuer or title contains q, or whose CUSIP/ISIN starts with it (q under 2 characters: none): coupon, maturity, holders.',
    input: z.object({ q: text(0, 100) }),
    output: '{dataThrough,fetchedAt,items:{cusip,isin,issuer,title,couponRate,maturity,holders,totalParUsd,totalValueUsd,provenance,sources:provenance[]}[]}',
    list: true,
  },
  get_price_performance: {
    dataThrough: (a: { asOf?: string | null }) => newest(a.asOf),
    capability: 'price_performance',
    title: 'Price performance',
    description: 'Trailing total returns (percent: 1m, 3m, YTD, 1y) of a ticker or ETF from daily adjusted closes.',
    input: z.object({ symbol: ticker }),
    output: '{asOf,close,returns,synthetic}',
  },
});
