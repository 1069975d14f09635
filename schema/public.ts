/**
 * Request and result shapes of `/api/banks` (FDIC-insured institutions) and
 * `/api/federal-contracts` (USAspending prime awards). MCP `alm_bank_lookup`,
 * `alm_federal_contracts` and `get_federal_contract_totals` take the same filters in camelCase
 * (`activeOnly`, `fiscalYear`) and read the same queries (warehouse/queries/{banks,contracts}.ts).
 */
import { z } from 'zod';
import { Provenance } from './provenance.ts';
import { boundedNumber, TICKER_CHARACTERS } from './common.ts';

const ticker = z
  .string()
  .trim()
  .min(1)
  .max(12)
  .regex(TICKER_CHARACTERS, 'must be a symbol such as AAPL or BRK.B')
  .toUpperCase();
const text = z.string().trim().min(2, 'needs 2 or more characters').max(100);
const page = {
  limit: boundedNumber({ min: 1, max: 500, int: true }).default(100).describe('rows per page (1-500, default 100)'),
  offset: boundedNumber({ min: 0, max: 100_000, int: true }).default(0),
};

export const BanksQuery = z
  .object({
    q: text.optional().describe('name, holding company or city contains (case-insensitive)'),
    cert: boundedNumber({ min: 1, max: 99_999_999, int: true }).optional().describe('FDIC certificate number'),
    state: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter state').toUpperCase().optional(),
    ticker: ticker.optional().describe("listed ticker of the holding company (e.g. JPM)"),
    active_only: z.enum(['0', '1', 'true', 'false']).optional().describe('`1`: leave out closed or merged institutions'),
    ...page,
  })
  .refine((q) => q.q || q.cert || q.state || q.ticker, { message: "give at least one of 'q', 'cert', 'state' or 'ticker'", path: ['q'] });

export const Bank = z
  .object({
    cert: z.number().int().describe('FDIC certificate number'),
    name: z.string(),
    fedRssd: z.number().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    active: z.boolean(),
    bankClass: z.string().nullable(),
    regulator: z.string().nullable(),
    holdingCompany: z.string().nullable(),
    holdingCompanyTicker: z.string().nullable().describe('listed ticker of the holding company, when it is in the company list'),
    totalAssets: z.number().nullable().describe('USD'),
    totalDeposits: z.number().nullable().describe('USD'),
    netIncome: z.number().nullable().describe('USD, year to date of reportDate'),
    roa: z.number().nullable().describe('percent, as the FDIC publishes it'),
    roe: z.number().nullable().describe('percent'),
    offices: z.number().nullable(),
    reportDate: z.string().nullable().describe('the Call Report the figures come from'),
    established: z.string().nullable(),
    insuredSince: z.string().nullable(),
    inactiveSince: z.string().nullable(),
    website: z.string().nullable(),
    /** The FDIC document the row was loaded from; `synthetic` for approximated sample figures. */
    provenance: Provenance,
  })
  .meta({ id: 'Bank' });

export const BanksResult = z.array(Bank);

const awardFilter = {
  ticker: ticker.optional().describe("listed ticker of the recipient's parent (or the recipient)"),
  recipient: text.optional().describe('recipient or parent name contains'),
  agency: text.optional().describe('awarding agency or sub-agency contains'),
  fiscal_year: boundedNumber({ min: 2000, max: 2100, int: true }).optional(),
};
const needsFilter = { message: "give at least one of 'ticker', 'recipient', 'agency' or 'fiscal_year'", path: ['ticker'] };
const hasFilter = (q: { ticker?: string; recipient?: string; agency?: string; fiscal_year?: number }) => Boolean(q.ticker || q.recipient || q.agency || q.fiscal_year);

export const ContractsQuery = z.object({ ...awardFilter, ...page }).refine(hasFilter, needsFilter);
export const ContractTotalsQuery = z.object(awardFilter).refine(hasFilter, needsFilter);

export const Award = z
  .object({
    awardKey: z.string(),
    piid: z.string(),
    awardingAgency: z.string().nullable(),
    awardingSubAgency: z.string().nullable(),
    recipientName: z.string(),
    parentName: z.string().nullable(),
    ticker: z.string().nullable(),
    obligated: z.number().nullable().describe('USD obligated'),
    currentValue: z.number().nullable(),
    potentialValue: z.number().nullable(),
    baseActionDate: z.string().nullable(),
    latestActionDate: z.string().nullable(),
    fiscalYear: z.number().nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    awardType: z.string().nullable(),
    naicsCode: z.string().nullable(),
    naicsDescription: z.string().nullable(),
    pscCode: z.string().nullable(),
    description: z.string().nullable(),
    permalink: z.string().nullable(),
    /** The USAspending document the row was loaded from; `synthetic` for approximated sample figures. */
    provenance: Provenance,
  })
  .meta({ id: 'FederalAward' });

export const ContractsResult = z.array(Award);

export const ContractTotalsResult = z.object({
  awards: z.number().int(),
  obligated: z.number(),
  potentialValue: z.number(),
  byAgency: z.array(z.object({ agency: z.string(), awards: z.number().int(), obligated: z.number() })),
  byFiscalYear: z.array(z.object({ fiscalYear: z.number().int(), awards: z.number().int(), obligated: z.number() })),
  synthetic: z.boolean().describe('true when any matching award\'s figures were generated (approximated sample figures), not taken from USAspending'),
  dataThrough: z.string().nullable().describe('the newest latest-action date of the matching awards (YYYY-MM-DD); null when none match'),
});
