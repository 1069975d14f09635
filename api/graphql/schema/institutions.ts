/** 13F managers -> quarterly holdings -> securities (security master). */
import { resolveArrayConnection } from '@pothos/plugin-relay';
import { fundHoldings, isManager, type FundHolding, type FundHoldings } from '../../../warehouse/queries/institutions.ts';
import { lookupSecurity, type SecurityRow } from '../../../warehouse/queries/securities.ts';
import { builder } from '../builder.ts';
import { cikArgument, CompanyRef, date, quarter } from './company.ts';
import { datedFields, FETCHED_AT_DESCRIPTION, ProvenanceRef } from './provenance.ts';
import { PAGE } from './scalars.ts';

export const SecurityRef = builder.objectRef<SecurityRow>('Security');
SecurityRef.implement({
  description: 'A security in the security master (CUSIP, ISIN, ticker, issuer).',
  fields: (t) => ({
    cusip: t.exposeString('cusip'),
    isin: t.exposeString('isin'),
    ticker: t.exposeString('ticker'),
    issuerName: t.exposeString('issuerName'),
    title: t.exposeString('title'),
    company: t.field({ type: CompanyRef, resolve: (s, _a, ctx) => (s.ticker ? ctx.loaders.company.load(s.ticker) : null) }),
    ...datedFields(t, 'security_lookup'),
  }),
});

const HoldingRef = builder.objectRef<FundHolding>('Holding');
HoldingRef.implement({
  description: 'One 13F position (aggregated by CUSIP, share type and put/call).',
  fields: (t) => ({
    issuer: t.exposeString('issuer'),
    titleOfClass: t.exposeString('titleOfClass'),
    cusip: t.exposeString('cusip'),
    ticker: t.exposeString('ticker'),
    valueUsd: t.exposeFloat('valueUsd'),
    shares: t.exposeFloat('shares'),
    shareType: t.exposeString('shareType'),
    putCall: t.exposeString('putCall'),
    pctOfPortfolio: t.exposeFloat('pctOfPortfolio'),
    provenance: t.expose('provenance', { type: ProvenanceRef, description: 'The 13F filing the position comes from (EDGAR filing index).' }),
    security: t.field({ type: SecurityRef, resolve: (h, _a, ctx) => lookupSecurity(ctx.services.warehouse, h.cusip) }),
  }),
});

const QuarterHoldingsRef = builder.objectRef<FundHoldings>('ManagerQuarter');
QuarterHoldingsRef.implement({
  description: "A manager's 13F quarter: the filings it is made of (amendments applied as of asOf) and its positions.",
  fields: (t) => ({
    period: t.exposeString('period'),
    positions: t.exposeInt('positions'),
    totalValueUsd: t.exposeFloat('totalValueUsd'),
    accessions: t.stringList({ resolve: (q) => q.filings.map((f) => f.accession) }),
    dataThrough: t.exposeString('dataThrough'),
    fetchedAt: t.exposeString('fetchedAt', { nullable: true, description: FETCHED_AT_DESCRIPTION }),
    amendmentsOnly: t.exposeBoolean('amendmentsOnly', {
      description: 'True when no original 13F-HR or RESTATEMENT of the quarter is loaded: only what NEW HOLDINGS amendments report (a partial view).',
    }),
    holdings: t.connection({ type: HoldingRef, resolve: (q, args) => resolveArrayConnection({ args, ...PAGE }, q.holdings) }),
  }),
});

export const ManagerRef = builder.objectRef<{ cik: number; asOf: string | null }>('Manager');
ManagerRef.implement({
  description: 'A 13F filer (institutional investment manager).',
  fields: (t) => ({
    cik: t.exposeInt('cik'),
    holdings: t.field({
      type: QuarterHoldingsRef,
      description: 'One quarter (2024Q4 or a quarter-end date; default the latest), largest positions first.',
      args: { quarter: t.arg.string() },
      resolve: (m, args, ctx) => fundHoldings(ctx.services.warehouse, { cik: m.cik, quarter: quarter(args.quarter, 'quarter') ?? undefined, maxHoldings: 10_000, asOf: m.asOf ?? undefined }),
    }),
  }),
});

builder.queryFields((t) => ({
  manager: t.field({
    type: ManagerRef,
    description: 'A 13F filer by CIK; null when the CIK filed no 13F known on asOf (REST and MCP answer 404).',
    args: { cik: t.arg.int({ required: true }), asOf: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const m = { cik: cikArgument(args.cik, 'cik'), asOf: date(args.asOf, 'asOf') };
      return (await isManager(ctx.services.warehouse, m.cik, m.asOf ?? undefined)) ? m : null;
    },
  }),
  security: t.field({
    type: SecurityRef,
    description: 'A security by CUSIP, ISIN or ticker.',
    args: { id: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => lookupSecurity(ctx.services.warehouse, args.id),
  }),
}));
