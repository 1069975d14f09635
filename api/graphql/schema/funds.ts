/** Funds and ETFs (N-PORT) -> holdings. */
import { resolveArrayConnection } from '@pothos/plugin-relay';
import { etfData, etfList, type Breakdown, type EtfData, type EtfListRow, type FundHoldingRow } from '../../../warehouse/queries/funds.ts';
import { builder } from '../builder.ts';
import { CONNECTION_DATA_THROUGH, CONNECTION_FETCHED_AT, DATA_THROUGH_DESCRIPTION, FETCHED_AT_DESCRIPTION, ProvenanceRef, capabilityFreshness } from './provenance.ts';
import { SecurityRef } from './institutions.ts';
import { PAGE } from './scalars.ts';
import { lookupSecurity } from '../../../warehouse/queries/securities.ts';

const FundPositionRef = builder.objectRef<FundHoldingRow>('FundPosition');
FundPositionRef.implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    title: t.exposeString('title'),
    cusip: t.exposeString('cusip'),
    isin: t.exposeString('isin'),
    ticker: t.exposeString('ticker'),
    balance: t.exposeFloat('balance'),
    units: t.exposeString('units'),
    valueUsd: t.exposeFloat('valueUsd'),
    pctNetAssets: t.exposeFloat('pctNetAssets'),
    assetCategory: t.exposeString('assetCat'),
    country: t.exposeString('country'),
    maturity: t.exposeString('maturity'),
    couponRate: t.exposeFloat('couponRate'),
    security: t.field({ type: SecurityRef, resolve: (p, _a, ctx) => (p.cusip ? lookupSecurity(ctx.services.warehouse, p.cusip) : null) }),
  }),
});

const BreakdownRef = builder.objectRef<Breakdown>('Breakdown');
BreakdownRef.implement({
  fields: (t) => ({ name: t.exposeString('name'), pctNetAssets: t.exposeFloat('pctNetAssets'), valueUsd: t.exposeFloat('valueUsd'), holdings: t.exposeInt('holdings') }),
});

export const FundRef = builder.objectRef<EtfData>('Fund');
FundRef.implement({
  description: 'A fund or ETF from its latest N-PORT filing.',
  fields: (t) => ({
    symbol: t.string({ resolve: (f) => f.profile.symbol }),
    name: t.string({ resolve: (f) => f.profile.name }),
    cik: t.int({ resolve: (f) => f.profile.cik }),
    netAssets: t.float({ resolve: (f) => f.profile.netAssets }),
    period: t.string({ resolve: (f) => f.profile.period }),
    filed: t.string({ resolve: (f) => f.profile.filed }),
    holdingsCount: t.int({ resolve: (f) => f.profile.holdingsCount }),
    provenance: t.expose('provenance', { type: ProvenanceRef, description: 'The N-PORT filing (EDGAR filing index).' }),
    dataThrough: t.exposeString('dataThrough'),
    fetchedAt: t.exposeString('fetchedAt', { nullable: true, description: FETCHED_AT_DESCRIPTION }),
    holdings: t.connection({ type: FundPositionRef, resolve: (f, args) => resolveArrayConnection({ args, ...PAGE }, f.holdings) }),
    sectorBreakdown: t.field({ type: [BreakdownRef], resolve: (f) => f.sectorBreakdown }),
    assetBreakdown: t.field({ type: [BreakdownRef], resolve: (f) => f.assetBreakdown }),
  }),
});

const EtfSummaryRef = builder.objectRef<EtfListRow>('EtfSummary');
EtfSummaryRef.implement({
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    name: t.exposeString('name'),
    cik: t.exposeInt('cik'),
    netAssets: t.exposeFloat('netAssets'),
    period: t.exposeString('period'),
    fund: t.field({ type: FundRef, resolve: (e, _a, ctx) => etfData(ctx.services.warehouse, e.symbol, 10_000) }),
  }),
});

builder.queryFields((t) => ({
  fund: t.field({
    type: FundRef,
    description: 'A fund or ETF by symbol (e.g. SPY).',
    args: { symbol: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => etfData(ctx.services.warehouse, args.symbol.trim().toUpperCase(), 10_000),
  }),
  etfs: t.connection(
    {
      type: EtfSummaryRef,
      description: 'Every tracked exchange-listed fund, largest net assets first.',
      resolve: async (_r, args, ctx) => {
        const rows = await etfList(ctx.services.warehouse);
        return { ...resolveArrayConnection({ args, ...PAGE }, rows), ...(await capabilityFreshness(ctx.services.warehouse, 'etf_list', rows)) };
      },
    },
    { name: 'QueryEtfsConnection', fields: (c) => ({ dataThrough: c.string({ ...CONNECTION_DATA_THROUGH, description: `${DATA_THROUGH_DESCRIPTION} Here: the newest N-PORT report period listed.` }), fetchedAt: c.string(CONNECTION_FETCHED_AT) }) },
  ),
}));
