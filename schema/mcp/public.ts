/** MCP tools: FDIC-insured banks and federal contract awards (USAspending). */
import { z } from 'zod';
import { boundedNumber } from '../common.ts';
import { newestOf } from '../provenance.ts';
import { defineTools } from './tool.ts';
import { ticker } from './params.ts';

const awardFilter = {
  ticker: ticker.optional().describe("recipient's listed parent"),
  recipient: z.string().trim().min(2).max(100).optional().describe('recipient or parent name contains'),
  agency: z.string().trim().min(2).max(100).optional().describe('awarding agency contains'),
  fiscalYear: z.number().int().min(2000).max(2100).optional(),
};

export const PUBLIC_TOOLS = defineTools('public', {
  alm_bank_lookup: {
    dataThrough: newestOf('reportDate'),
    capability: 'bank_lookup',
    title: 'Bank lookup',
    description: 'FDIC-insured institutions by name, holding company, city, state, certificate or holding-company ticker: assets, deposits, ROA/ROE, status.',
    input: z.object({
      q: z.string().trim().min(2).max(100).optional(),
      cert: boundedNumber({ min: 1, max: 99_999_999, int: true, coerce: false }).optional(),
      state: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter state').optional(),
      ticker: ticker.optional().describe("holding company's ticker"),
      activeOnly: z.boolean().optional(),
    }),
    output: '{dataThrough,fetchedAt,items:{cert,name,city,state,active,holdingCompany,holdingCompanyTicker,totalAssets,totalDeposits,netIncome,roa,roe,reportDate,inactiveSince,provenance:{source,document,url,accession,synthetic}}[]}',
    list: true,
  },
  alm_federal_contracts: {
    dataThrough: newestOf('latestActionDate'),
    capability: 'federal_contracts',
    title: 'Federal contracts',
    description: 'US federal prime contract awards (USAspending) by listed company, recipient name, agency or fiscal year, largest obligation first.',
    input: z.object(awardFilter),
    output: '{dataThrough,fetchedAt,items:{piid,awardingAgency,awardingSubAgency,recipientName,parentName,ticker,obligated,potentialValue,baseActionDate,endDate,naicsDescription,description,permalink,provenance:{source,document,url,accession,synthetic}}[]}',
    list: true,
  },
  get_federal_contract_totals: {
    capability: 'federal_contract_totals',
    title: 'Federal contract totals',
    description: 'Totals of federal contract awards for a company, recipient or agency: count, obligated, potential value, by agency and fiscal year.',
    input: z.object(awardFilter),
    output: '{awards,obligated,potentialValue,byAgency[],byFiscalYear[],synthetic,dataThrough}',
  },
});
