/** BDCs -> investments -> borrowers (SEC BDC Data Sets). */
import { resolveArrayConnection, resolveOffsetConnection } from '@pothos/plugin-relay';
import { bdcCreditQuality, bdcHoldings, bdcList, searchBorrowers, type BdcHoldingRow, type BdcRow, type CreditQuality } from '../../../warehouse/queries/bdc.ts';
import { builder } from '../builder.ts';
import { cikArgument, date } from './company.ts';
import { capabilityFreshness, CONNECTION_DATA_THROUGH, CONNECTION_FETCHED_AT, datedFields, ProvenanceRef } from './provenance.ts';
import { PAGE } from './scalars.ts';
import { BorrowerSearchQuery } from '../../../schema/credit.ts';
import { parseInDoorWords } from '../../route-call.ts';

const BORROWER_Q = BorrowerSearchQuery.pick({ q: true });

const BorrowerRef = builder.objectRef<{ name: string; industry: string | null; identifier: string | null }>('Borrower');
BorrowerRef.implement({ fields: (t) => ({ name: t.exposeString('name'), industry: t.exposeString('industry'), identifier: t.exposeString('identifier') }) });

const InvestmentRef = builder.objectRef<BdcHoldingRow>('Investment');
InvestmentRef.implement({
  description: 'One loan or equity position of a BDC (rates and spreads as fractions).',
  fields: (t) => ({
    bdcCik: t.exposeInt('bdcCik'),
    bdcName: t.exposeString('bdcName'),
    provenance: t.expose('provenance', { type: ProvenanceRef, description: 'The filing; synthetic for rows of a generated data-set file.' }),
    period: t.exposeString('period'),
    filed: t.exposeString('filed'),
    borrower: t.field({ type: BorrowerRef, resolve: (h) => ({ name: h.borrower, industry: h.industry, identifier: h.identifier }) }),
    investmentType: t.exposeString('investmentType'),
    instrument: t.exposeString('instrument'),
    referenceRate: t.exposeString('referenceRate'),
    spread: t.exposeFloat('spread'),
    pik: t.exposeBoolean('pik'),
    interestRate: t.exposeFloat('interestRate'),
    maturity: t.exposeString('maturity'),
    principal: t.exposeFloat('principal'),
    cost: t.exposeFloat('cost'),
    fairValue: t.exposeFloat('fairValue'),
    pctNetAssets: t.exposeFloat('pctNetAssets'),
    nonAccrual: t.exposeBoolean('nonAccrual'),
  }),
});

const CreditQualityRef = builder.objectRef<CreditQuality>('CreditQuality');
CreditQualityRef.implement({
  fields: (t) => ({
    period: t.exposeString('period'),
    filed: t.exposeString('filed'),
    holdings: t.exposeInt('holdings'),
    cost: t.exposeFloat('cost'),
    fairValue: t.exposeFloat('fairValue'),
    fairValueToCost: t.exposeFloat('fairValueToCost'),
    nonAccrualShareCost: t.exposeFloat('nonAccrualShareCost'),
    nonAccrualShareFairValue: t.exposeFloat('nonAccrualShareFairValue'),
    firstLienShare: t.exposeFloat('firstLienShare'),
    weightedAverageYield: t.exposeFloat('weightedAverageYield'),
    provenance: t.expose('provenance', { type: ProvenanceRef, description: 'The filing; synthetic when it or any of its holdings was generated.' }),
  }),
});

export const BdcRef = builder.objectRef<BdcRow & { asOf: string | null }>('Bdc');
BdcRef.implement({
  description: 'A business development company.',
  fields: (t) => ({
    cik: t.exposeInt('cik'),
    name: t.exposeString('name'),
    ticker: t.exposeString('ticker'),
    latestPeriod: t.exposeString('latestPeriod'),
    latestFiled: t.exposeString('latestFiled'),
    holdingsCount: t.exposeInt('holdings'),
    fairValue: t.exposeFloat('fairValue'),
    cost: t.exposeFloat('cost'),
    provenance: t.expose('provenance', { type: ProvenanceRef, description: 'The latest filing the totals are summed from; synthetic when it or any of its holdings was generated.' }),
    // The totals' filing date, as get_bdc_list dates its rows.
    ...datedFields(t, 'bdc_list', (b) => ({ dataThrough: b.latestFiled ?? null })),
    investments: t.connection(
      {
        type: InvestmentRef,
        args: { period: t.arg.string() },
        resolve: async (b, args, ctx) => {
          const opts = { period: date(args.period, 'period') ?? undefined, asOf: b.asOf ?? undefined };
          let rows: BdcHoldingRow[] = [];
          const connection = await resolveOffsetConnection({ args, ...PAGE }, async ({ offset, limit }) => (rows = await bdcHoldings(ctx.services.warehouse, b.cik, { ...opts, offset, limit })));
          return { ...connection, ...(await capabilityFreshness(ctx.services.warehouse, 'bdc_holdings', rows)) };
        },
      },
      { name: 'BdcInvestmentsConnection', fields: (c) => ({ dataThrough: c.string(CONNECTION_DATA_THROUGH), fetchedAt: c.string(CONNECTION_FETCHED_AT) }) },
    ),
    creditQuality: t.connection(
      {
        type: CreditQualityRef,
        description: 'Per quarter, newest first. Researcher tier and above.',
        resolve: async (b, args, ctx) => {
          const rows = await bdcCreditQuality(ctx.services.warehouse, b.cik, b.asOf ?? undefined);
          return { ...resolveArrayConnection({ args, ...PAGE }, rows), ...(await capabilityFreshness(ctx.services.warehouse, 'bdc_credit_quality', rows)) };
        },
      },
      { name: 'BdcCreditQualityConnection', fields: (c) => ({ dataThrough: c.string(CONNECTION_DATA_THROUGH), fetchedAt: c.string(CONNECTION_FETCHED_AT) }) },
    ),
  }),
});

builder.queryFields((t) => ({
  bdcs: t.connection(
    {
      type: BdcRef,
      args: { asOf: t.arg.string() },
      resolve: async (_r, args, ctx) => {
        const asOf = date(args.asOf, 'asOf');
        const rows = await bdcList(ctx.services.warehouse, asOf ?? undefined);
        return { ...resolveArrayConnection({ args, ...PAGE }, rows.map((r) => ({ ...r, asOf }))), ...(await capabilityFreshness(ctx.services.warehouse, 'bdc_list', rows)) };
      },
    },
    { name: 'QueryBdcsConnection', fields: (c) => ({ dataThrough: c.string(CONNECTION_DATA_THROUGH), fetchedAt: c.string(CONNECTION_FETCHED_AT) }) },
  ),
  bdc: t.field({
    type: BdcRef,
    args: { cik: t.arg.int({ required: true }), asOf: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const asOf = date(args.asOf, 'asOf');
      const cik = cikArgument(args.cik, 'cik');
      const row = (await bdcList(ctx.services.warehouse, asOf ?? undefined)).find((b) => b.cik === cik);
      return row ? { ...row, asOf } : null;
    },
  }),
  borrowers: t.connection(
    {
      type: InvestmentRef,
      description: "Positions whose borrower contains q, across every BDC's latest filing.",
      args: { q: t.arg.string({ required: true }) },
      resolve: async (_r, args, ctx) => {
        let rows: BdcHoldingRow[] = [];
        // q by REST's rule (2 to 100 characters; a shorter one was an empty list here, a 400 there).
        const { q } = parseInDoorWords(BORROWER_Q, { q: args.q }, 'graphql');
        const connection = await resolveOffsetConnection({ args, ...PAGE }, async ({ offset, limit }) => (rows = await searchBorrowers(ctx.services.warehouse, q, { offset, limit })));
        return { ...connection, ...(await capabilityFreshness(ctx.services.warehouse, 'bdc_borrowers', rows)) };
      },
    },
    { name: 'QueryBorrowersConnection', fields: (c) => ({ dataThrough: c.string(CONNECTION_DATA_THROUGH), fetchedAt: c.string(CONNECTION_FETCHED_AT) }) },
  ),
}));
