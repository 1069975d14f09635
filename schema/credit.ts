/** Request and result shapes of the BDC routes (`/api/credit/*`). Rates and shares are fractions (0.0936 = 9.36 %). */
import { z } from 'zod';
import { Provenance } from './provenance.ts';
import { Cik, IsoDate, listLimit, missing } from './common.ts';
import { LIST_LIMITS } from './limits.ts';

const date = IsoDate;

export const BdcListQuery = z.object({ as_of: date.optional() });

export const BdcListResult = z.array(
  z.object({
    cik: z.number().int(),
    name: z.string(),
    ticker: z.string().nullable(),
    fileNumber: z.string().nullable().describe('814- for business development companies'),
    latestPeriod: date.nullable(),
    latestFiled: date,
    latestForm: z.string(),
    holdings: z.number().int(),
    fairValue: z.number().nullable(),
    cost: z.number().nullable(),
    /** The latest filing the totals are summed from; `synthetic` when it or any of its holdings was generated. */
    provenance: Provenance.describe('the latest filing the totals are summed from; synthetic when it or any of its holdings was generated'),
  }),
);

export const BdcHolding = z.object({
  bdcCik: z.number().int(),
  bdcName: z.string(),
  adsh: z.string(),
  period: date.nullable(),
  filed: date,
  borrower: z.string(),
  industry: z.string().nullable(),
  identifier: z.string().nullable(),
  affiliation: z.string().nullable(),
  investmentType: z.string().nullable(),
  instrument: z.enum(['first_lien', 'second_lien', 'unitranche', 'subordinated', 'equity', 'other']),
  referenceRate: z.string().nullable(),
  spread: z.number().nullable(),
  pik: z.boolean(),
  interestRate: z.number().nullable(),
  maturity: date.nullable(),
  principal: z.number().nullable(),
  cost: z.number().nullable(),
  fairValue: z.number().nullable(),
  pctNetAssets: z.number().nullable(),
  nonAccrual: z.boolean(),
  /** The filing (EDGAR filing index of `adsh`); `synthetic` for rows of a generated data-set file. */
  provenance: Provenance,
});

export const BorrowerSearchQuery = z.object({
  q: z.string({ error: missing("missing required parameter 'q' (borrower name)") }).trim().min(2, "parameter 'q' needs 2 or more characters").max(100),
  limit: listLimit(LIST_LIMITS.borrowerSearch),
  as_of: date.optional(),
});

export const BdcHoldingsResult = z.array(BdcHolding);

export const BdcCikParams = z.object({
  cik: Cik,
});

export const BdcHoldingsQuery = z.object({
  period: date.optional(),
  limit: listLimit(LIST_LIMITS.bdcHoldings),
  as_of: date.optional(),
});

export const CreditQualityQuery = z.object({ as_of: date.optional() });

export const CreditQualityResult = z.array(
  z.object({
    cik: z.number().int(),
    name: z.string(),
    adsh: z.string(),
    form: z.string(),
    period: date.nullable(),
    filed: date,
    holdings: z.number().int(),
    cost: z.number(),
    fairValue: z.number(),
    fairValueToCost: z.number().nullable(),
    nonAccrualShareCost: z.number().nullable(),
    nonAccrualShareFairValue: z.number().nullable(),
    nonAccrualPositions: z.number().int(),
    firstLienShare: z.number().nullable().describe('first lien and unitranche share of fair value'),
    weightedAverageYield: z.number().nullable().describe('cost-weighted interest rate of accruing debt with a stated rate'),
    provenance: Provenance.describe('the filing (EDGAR filing index of adsh); synthetic when it or any of its holdings was generated'),
  }),
);
