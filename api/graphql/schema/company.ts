/** Company: the entry point of the graph (profile, snapshot, fundamentals, filings, prices, owners, news, peers). */
import { resolveArrayConnection, resolveOffsetConnection } from '@pothos/plugin-relay';
import { z } from 'zod';
import type { CompanyRow } from '../../../warehouse/queries/companies.ts';
import { searchTickers } from '../../../warehouse/queries/companies.ts';
import { sectors, type CompanyProfile } from '../../../warehouse/queries/filings.ts';
import { fundamentalsHistory, pitStatement } from '../../../warehouse/queries/fundamentals.ts';
import { fundsHoldingSecurity, type FundHolderRow } from '../../../warehouse/queries/funds.ts';
import { insiderTradeFilter, insiderTrades, type InsiderTrade } from '../../../warehouse/queries/insiders.ts';
import { holdersOfTicker, type InstitutionalHolder, type InstitutionalHolders } from '../../../warehouse/queries/institutions.ts';
import { InsiderCodeList, InsiderTradesQuery, InstitutionalHoldersQuery, Quarter } from '../../../schema/ownership.ts';
import { parseInDoorWords } from '../../route-call.ts';
import { tickerNews } from '../../../warehouse/queries/news.ts';
import { corporateActions, latestQuote, PRICE_INTERVALS, priceHistory, type CorporateActions, type PriceBar, type Quote } from '../../../warehouse/queries/prices.ts';
import { latestTechnicals, type Technicals } from '../../../warehouse/queries/technicals.ts';
import { intrinsicValue } from '../../../warehouse/queries/valuation.ts';
import { pitMeta } from '../../../warehouse/queries/freshness.ts';
import { Cik, IsoDate } from '../../../schema/common.ts';
import { OTHER_LIMITS } from '../../../schema/limits.ts';
import { END_BEFORE_HISTORY, historyRange } from '../../../schema/fundamentals.ts';
import { VALUATION_ASSUMPTIONS } from '../../../schema/mcp/fundamentals.ts';
import { ticker } from '../../../schema/mcp/params.ts';
import type { NewsItemRow } from '../../../schema/news.ts';
import { BadRequestError } from '../../errors.ts';
import { declaredArgs, deprecatedArg } from '../aliases.ts';
import { builder } from '../builder.ts';
import { FilingRef } from './filing.ts';
import { FilingEventRef, FundamentalsRef, IntrinsicValueRef, StatementRef } from './fundamentals.ts';
import { capabilityFreshness, CONNECTION_DATA_THROUGH, CONNECTION_FETCHED_AT, DATA_THROUGH_DESCRIPTION, DateFallbackRef, datedConnection, datedFields, FETCHED_AT_DESCRIPTION, ProvenanceRef, routeFreshness } from './provenance.ts';
import { JsonScalar, PAGE } from './scalars.ts';

export const CompanyRef = builder.objectRef<CompanyRow>('Company');

/** The `ticker` and `tickers` arguments, by the rule MCP's tools take a symbol with. */
const TICKER_ARGUMENT = z.object({ ticker });
const TICKERS_ARGUMENT = z.object({ tickers: z.array(ticker) });
/** The `code` argument (a list of transaction codes), by MCP's rule (REST: comma-separated). */
const INSIDER_CODE_ARGUMENT = z.object({ code: InsiderCodeList.optional() });

const FormerNameRef = builder.objectRef<CompanyProfile['formerNames'][number]>('FormerName');
FormerNameRef.implement({ fields: (t) => ({ name: t.exposeString('name'), from: t.exposeString('from'), to: t.exposeString('to') }) });

const ProfileRef = builder.objectRef<CompanyProfile>('CompanyProfile');
ProfileRef.implement({
  description: 'SEC profile fields (submissions JSON header).',
  fields: (t) => ({
    name: t.exposeString('name'),
    sector: t.exposeString('sector'),
    industry: t.exposeString('industry'),
    sicCode: t.exposeString('sicCode'),
    sicDescription: t.exposeString('sicDescription'),
    exchange: t.exposeString('exchange'),
    fiscalYearEnd: t.exposeString('fiscalYearEnd', { description: 'MMDD' }),
    stateOfIncorporation: t.exposeString('stateOfIncorporation'),
    formerNames: t.field({ type: [FormerNameRef], resolve: (p) => p.formerNames }),
    ...datedFields(t, 'company_profile'),
  }),
});

const QuoteRef = builder.objectRef<Quote>('Quote');
QuoteRef.implement({
  fields: (t) => ({
    date: t.exposeString('date'),
    current: t.exposeFloat('current'),
    previousClose: t.exposeFloat('previousClose'),
    change: t.exposeFloat('change'),
    changePercent: t.exposeFloat('changePercent'),
    open: t.exposeFloat('open'),
    high: t.exposeFloat('high'),
    low: t.exposeFloat('low'),
    volume: t.exposeFloat('volume'),
    provenance: t.expose('provenance', { type: ProvenanceRef }),
    fallback: t.expose('fallback', { type: DateFallbackRef, nullable: true, description: 'Present when the close is of an earlier day than asOf.' }),
    dataThrough: t.exposeString('dataThrough'),
    fetchedAt: t.exposeString('fetchedAt', { nullable: true, description: FETCHED_AT_DESCRIPTION }),
  }),
});

const PriceBarRef = builder.objectRef<PriceBar>('PriceBar');
PriceBarRef.implement({
  fields: (t) => ({
    date: t.exposeString('date'),
    open: t.exposeFloat('open'),
    high: t.exposeFloat('high'),
    low: t.exposeFloat('low'),
    close: t.exposeFloat('close'),
    adjClose: t.exposeFloat('adjClose'),
    volume: t.exposeFloat('volume'),
    dividend: t.exposeFloat('dividend'),
    splitRatio: t.exposeFloat('splitRatio'),
    synthetic: t.exposeBoolean('synthetic', { description: 'generated, not taken from the source (any generated day, for week and month bars)' }),
  }),
});

/** The bar lengths of REST `interval` and MCP `interval`, spelt the same. */
const PriceIntervalRef = builder.enumType('PriceInterval', { values: PRICE_INTERVALS, description: 'day: one bar per trading day; week: ISO weeks; month: calendar months' });

const DividendRef = builder.objectRef<CorporateActions['dividends'][number]>('Dividend');
DividendRef.implement({ fields: (t) => ({ date: t.exposeString('date', { description: 'ex-dividend date' }), amount: t.exposeFloat('amount', { description: 'cash per share' }) }) });
const SplitRef = builder.objectRef<CorporateActions['splits'][number]>('Split');
SplitRef.implement({ fields: (t) => ({ date: t.exposeString('date', { description: 'effective date' }), ratio: t.exposeFloat('ratio', { description: 'new shares per old share' }) }) });
const CorporateActionsRef = builder.objectRef<CorporateActions & { fetchedAt: string | null }>('CorporateActions');
CorporateActionsRef.implement({
  description: 'Dividends and splits, oldest first (as GET /api/corporate-actions).',
  fields: (t) => ({
    dividends: t.field({ type: [DividendRef], resolve: (c) => c.dividends }),
    splits: t.field({ type: [SplitRef], resolve: (c) => c.splits }),
    provenance: t.expose('provenance', { type: ProvenanceRef, description: 'The price file; synthetic when any action listed is on a generated day.' }),
    dataThrough: t.exposeString('dataThrough', { nullable: true, description: `${DATA_THROUGH_DESCRIPTION} Here: the last trading day in the range.` }),
    fetchedAt: t.exposeString('fetchedAt', { nullable: true, description: FETCHED_AT_DESCRIPTION }),
  }),
});

const TechnicalsRef = builder.objectRef<Technicals>('Technicals');
TechnicalsRef.implement({
  fields: (t) => ({
    asOf: t.exposeString('asOf'),
    sma20: t.exposeFloat('sma20'),
    sma50: t.exposeFloat('sma50'),
    sma200: t.exposeFloat('sma200'),
    ema12: t.exposeFloat('ema12'),
    ema26: t.exposeFloat('ema26'),
    rsi14: t.exposeFloat('rsi14'),
    macd: t.exposeFloat('macd'),
    macdSignal: t.exposeFloat('macdSignal'),
    high52Week: t.exposeFloat('high52Week'),
    low52Week: t.exposeFloat('low52Week'),
    volatility30d: t.exposeFloat('volatility30d'),
    dividendTtm: t.exposeFloat('dividendTtm'),
    synthetic: t.exposeBoolean('synthetic', { description: 'True when any close of the year the indicators are computed over was generated.' }),
    // As MCP get_technicals says it (issue 16): the day the indicators are of (its rule), and the ledger's fetch.
    ...datedFields(t, 'technicals', (r) => r, `${DATA_THROUGH_DESCRIPTION} Here: the close the indicators are computed at (asOf).`),
  }),
});

const InsiderTradeRef = builder.objectRef<InsiderTrade>('InsiderTrade');
InsiderTradeRef.implement({
  description: 'A Form 3/4/5 row (transaction or holding).',
  fields: (t) => ({
    provenance: t.expose('provenance', { type: ProvenanceRef, description: 'The filing (EDGAR filing index).' }),
    accession: t.exposeString('accession'),
    form: t.exposeString('form'),
    filed: t.exposeString('filed'),
    ownerNames: t.stringList({ resolve: (r) => r.owners.map((o) => o.name) }),
    securityTitle: t.exposeString('securityTitle'),
    transactionDate: t.exposeString('transactionDate'),
    code: t.exposeString('code'),
    shares: t.exposeFloat('shares'),
    price: t.exposeFloat('price'),
    acquiredDisposed: t.exposeString('acquiredDisposed'),
    sharesAfter: t.exposeFloat('sharesAfter'),
    rule10b5One: t.exposeBoolean('rule10b5One'),
    supersededBy: t.exposeString('supersededBy'),
  }),
});

const HolderRef = builder.objectRef<InstitutionalHolder>('InstitutionalHolder');
HolderRef.implement({
  fields: (t) => ({
    cik: t.exposeInt('cik'),
    manager: t.exposeString('manager'),
    period: t.exposeString('period'),
    shares: t.exposeFloat('shares'),
    valueUsd: t.exposeFloat('valueUsd'),
    pctOfPortfolio: t.exposeFloat('pctOfPortfolio'),
    changeShares: t.exposeFloat('changeShares'),
    change: t.exposeString('change'),
    provenance: t.expose('provenance', { type: ProvenanceRef, description: "The manager's 13F filing for the quarter (EDGAR filing index)." }),
  }),
});

const HoldersRef = builder.objectRef<InstitutionalHolders>('InstitutionalHolders');
HoldersRef.implement({
  description: '13F managers holding the company in one quarter (amendments as known on asOf).',
  fields: (t) => ({
    period: t.exposeString('period'),
    previousPeriod: t.exposeString('previousPeriod'),
    splitFactor: t.exposeFloat('splitFactor'),
    totalShares: t.exposeFloat('totalShares'),
    totalValueUsd: t.exposeFloat('totalValueUsd'),
    dataThrough: t.exposeString('dataThrough'),
    fetchedAt: t.exposeString('fetchedAt', { nullable: true, description: FETCHED_AT_DESCRIPTION }),
    holders: t.connection({ type: HolderRef, resolve: (h, args) => resolveArrayConnection({ args, ...PAGE }, h.holders) }),
  }),
});

const FundHolderRef = builder.objectRef<FundHolderRow>('FundHolder');
FundHolderRef.implement({
  description: 'A fund holding the security in its latest N-PORT.',
  fields: (t) => ({
    regCik: t.exposeInt('regCik'),
    fundName: t.exposeString('fundName'),
    period: t.exposeString('period'),
    balance: t.exposeFloat('balance'),
    units: t.exposeString('units'),
    valueUsd: t.exposeFloat('valueUsd'),
    pctNetAssets: t.exposeFloat('pctNetAssets'),
    provenance: t.expose('provenance', { type: ProvenanceRef, description: 'The N-PORT the row is read from.' }),
  }),
});

const NewsItemRef = builder.objectRef<NewsItemRow>('NewsItem');
NewsItemRef.implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    title: t.exposeString('title'),
    link: t.exposeString('link'),
    summary: t.exposeString('summary'),
    publishedAt: t.exposeString('publishedAt'),
    feed: t.exposeString('feed'),
    sentimentScore: t.float({ resolve: (n) => n.sentiment.score }),
    sentimentLabel: t.string({ resolve: (n) => n.sentiment.label }),
    tickers: t.exposeStringList('tickers'),
    tags: t.exposeStringList('tags'),
    provenance: t.expose('provenance', { type: ProvenanceRef, description: 'The feed document; synthetic for a headline written for the sample corpus.' }),
  }),
});

CompanyRef.implement({
  description: 'A listed company (SEC company list). Point-in-time fields take asOf (YYYY-MM-DD, default today).',
  fields: (t) => ({
    ticker: t.exposeString('ticker', { nullable: false }),
    name: t.exposeString('name', { nullable: false }),
    cik: t.exposeInt('cik', { nullable: false }),
    exchange: t.exposeString('exchange'),
    profile: t.field({ type: ProfileRef, resolve: (c, _a, ctx) => ctx.loaders.profile.load(c.ticker) }),
    snapshot: t.field({
      type: JsonScalar,
      description: 'The ticker snapshot, exactly as GET /api/data serves it.',
      resolve: (c, _a, ctx) => ctx.loaders.snapshot.load(c.ticker),
    }),
    fundamentals: t.field({
      type: FundamentalsRef,
      args: { asOf: t.arg.string() },
      resolve: (c, args, ctx) => ctx.loaders.fundamentals(date(args.asOf, 'asOf') ?? ctx.today).load(c.ticker),
    }),
    statement: t.field({
      type: StatementRef,
      description: 'The latest statement as known on asOf with every standardized item and its metrics (as GET /api/fundamentals-pit).',
      args: { asOf: t.arg.string() },
      resolve: async (c, args, ctx) => {
        const asOf = date(args.asOf, 'asOf') ?? ctx.today;
        const st = await pitStatement(ctx.services.warehouse, c.cik, asOf);
        if (!st) return null;
        return { ...st, ...(await pitMeta(ctx.services.warehouse, c.cik, st, asOf)) };
      },
    }),
    fundamentalsHistory: t.connection({
      type: FilingEventRef,
      description: 'Filings in [start, end] that created or restated fiscal periods, oldest first (default: every filing to today, as REST).',
      args: { start: t.arg.string(), end: t.arg.string() },
      resolve: async (c, args, ctx) => {
        const [start, end] = range(args);
        // REST's defaults and its check of the range they make.
        const { from, to, fault } = historyRange(start, end, ctx.today);
        if (fault) throw new BadRequestError(fault === 'end' ? `argument 'end' ${END_BEFORE_HISTORY}` : `argument 'start' is after 'end' (${to}${end ? '' : ', today'})`);
        const rows = await fundamentalsHistory(ctx.services.warehouse, c.cik, from, to);
        return resolveArrayConnection({ args, ...PAGE }, rows);
      },
    }, datedConnection('CompanyFundamentalsHistoryConnection', 'fundamentals_history')),
    intrinsicValue: t.field({
      type: IntrinsicValueRef,
      description: 'Researcher tier and above.',
      args: { asOf: t.arg.string(), discountRate: t.arg.float(), growthRate: t.arg.float(), terminalGrowth: t.arg.float() },
      resolve: (c, args, ctx) => {
        // The assumptions' bounds are the MCP tool's (one schema): any number was taken here.
        const assumptions = parseInDoorWords(
          VALUATION_ASSUMPTIONS,
          { discountRate: args.discountRate ?? undefined, growthRate: args.growthRate ?? undefined, terminalGrowth: args.terminalGrowth ?? undefined },
          'graphql',
        );
        return intrinsicValue(ctx.services.warehouse, c.ticker, c.cik, date(args.asOf, 'asOf') ?? ctx.today, assumptions);
      },
    }),
    filings: t.connection({
      type: FilingRef,
      description: 'SEC filings, newest first; optionally one form, filed on or before asOf.',
      args: { form: t.arg.string(), asOf: t.arg.string() },
      resolve: async (c, args, ctx) => {
        // Paged in SQL (every filing is reachable, however many); `last` alone needs the count.
        const form = args.form?.toUpperCase() ?? null;
        const asOf = date(args.asOf, 'asOf');
        const totalCount = args.last != null && args.before == null ? await ctx.loaders.filingCounts(form, asOf).load(c.cik) : undefined;
        return resolveOffsetConnection({ args, ...PAGE, totalCount }, ({ offset, limit }) => ctx.loaders.filings(form, asOf, offset, limit).load(c.cik));
      },
    }, datedConnection('CompanyFilingsConnection', 'sec_filings')),
    quote: t.field({ type: QuoteRef, args: { asOf: t.arg.string() }, resolve: (c, args, ctx) => latestQuote(ctx.services.warehouse, c.ticker, date(args.asOf, 'asOf')) }),
    prices: t.connection({
      type: PriceBarRef,
      description: 'Bars in [start, end], oldest first: daily, or weekly/monthly with interval (as GET /api/price-history).',
      args: { start: t.arg.string(), end: t.arg.string(), interval: t.arg({ type: PriceIntervalRef }) },
      resolve: async (c, args, ctx) =>
        resolveArrayConnection({ args, ...PAGE }, await priceHistory(ctx.services.warehouse, c.ticker, ...range(args), args.interval ?? 'day')),
    }, datedConnection('CompanyPricesConnection', 'price_history')),
    corporateActions: t.field({
      type: CorporateActionsRef,
      description: 'Dividends and splits in [start, end] (as GET /api/corporate-actions).',
      args: { start: t.arg.string(), end: t.arg.string() },
      resolve: async (c, args, ctx) => {
        const actions = await corporateActions(ctx.services.warehouse, c.ticker, ...range(args));
        return { ...actions, fetchedAt: (await routeFreshness(ctx.services.warehouse, '/corporate-actions', actions)).fetchedAt };
      },
    }),
    technicals: t.field({ type: TechnicalsRef, args: { asOf: t.arg.string() }, resolve: (c, args, ctx) => latestTechnicals(ctx.services.warehouse, c.ticker, date(args.asOf, 'asOf')) }),
    insiderTrades: t.connection(
      {
        type: InsiderTradeRef,
        description: 'Form 3/4/5 transactions, newest filing first; code e.g. ["P"] for open-market buys.',
        args: { code: t.arg.stringList(), codes: t.arg.stringList({ deprecationReason: deprecatedArg('Company.insiderTrades', 'codes') }), asOf: t.arg.string() },
        resolve: async (c, args, ctx) => {
          const { code } = parseInDoorWords(INSIDER_CODE_ARGUMENT, { code: declaredArgs('Company.insiderTrades', args).code ?? undefined }, 'graphql');
          const filter = { issuerCik: c.cik, codes: code, asOf: date(args.asOf, 'asOf') ?? undefined };
          let rows: InsiderTrade[] = [];
          const connection = await resolveOffsetConnection({ args, ...PAGE }, async ({ offset, limit }) => (rows = await insiderTrades(ctx.services.warehouse, { ...filter, offset, limit })));
          return { ...connection, ...(await capabilityFreshness(ctx.services.warehouse, 'insider_trades', rows)) };
        },
      },
      { name: 'CompanyInsiderTradesConnection', fields: (c) => ({ dataThrough: c.string(CONNECTION_DATA_THROUGH), fetchedAt: c.string(CONNECTION_FETCHED_AT) }) },
    ),
    institutionalHolders: t.field({
      type: HoldersRef,
      args: { quarter: t.arg.string(), asOf: t.arg.string() },
      resolve: async (c, args, ctx) => {
        // Every holder (the connection pages them; the query ranks them all anyway).
        const { result } = await holdersOfTicker(ctx.services.warehouse, { ticker: c.ticker, quarter: quarter(args.quarter, 'quarter') ?? undefined, asOf: date(args.asOf, 'asOf') ?? undefined, limit: Number.MAX_SAFE_INTEGER });
        return result;
      },
    }),
    fundHolders: t.connection({
      type: FundHolderRef,
      description: 'Funds holding the company\'s stock in their latest N-PORT, largest first.',
      resolve: (c, args, ctx) => resolveOffsetConnection({ args, ...PAGE }, ({ offset, limit }) => fundsHoldingSecurity(ctx.services.warehouse, c.ticker, limit, offset)),
    }, datedConnection('CompanyFundHoldersConnection', 'fund_holders')),
    news: t.connection({
      type: NewsItemRef,
      resolve: (c, args, ctx) => resolveOffsetConnection({ args, ...PAGE }, ({ offset, limit }) => tickerNews(ctx.services.warehouse, c.ticker, limit, offset)),
    }, datedConnection('CompanyNewsConnection', 'ticker_news')),
    peers: t.connection({
      type: CompanyRef,
      description: 'Companies in the same SEC sector (SIC), in company-list order.',
      resolve: async (c, args, ctx) => {
        const all = await sectors(ctx.services.warehouse);
        const mine = all.find((s) => s.cik === c.cik)?.sector;
        const ciks = mine ? all.filter((s) => s.sector === mine && s.cik !== c.cik).map((s) => s.cik) : [];
        const rows = (await ctx.loaders.companyByCik.loadMany(ciks)).filter((x): x is CompanyRow => !!x && !(x instanceof Error));
        return resolveArrayConnection({ args, ...PAGE }, rows);
      },
    }),
  }),
});

/** `start` and `end` arguments, validated; start after end is a BAD_REQUEST error. */
export function range(args: { start?: string | null; end?: string | null }): [string | null, string | null] {
  const start = date(args.start, 'start');
  const end = date(args.end, 'end');
  if (start && end && start > end) throw new BadRequestError("argument 'start' is after 'end'");
  return [start, end];
}

/** `value` by `schema`, the rule REST and MCP use for it; a bad one is a BAD_REQUEST error naming the argument. */
function validArgument<T>(schema: z.ZodType<T>, value: unknown, name: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadRequestError(`invalid argument '${name}': ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  return parsed.data;
}

/** An optional `YYYY-MM-DD` argument (`IsoDate`: a real calendar day from year 1000), as given. */
export function date(value: string | null | undefined, name: string): string | null {
  if (value === null || value === undefined) return null;
  validArgument(IsoDate, value, name);
  return value;
}

/**
 * An optional 13F quarter argument (`Quarter`: `2024Q2` or a quarter-end date). `2025-02-30`
 * reached DuckDB as a date and failed there as an internal error.
 */
export function quarter(value: string | null | undefined, name: string): string | null {
  return value === null || value === undefined ? null : validArgument(Quarter, value, name);
}

/** A CIK argument (`Cik`: 1 to 9,999,999,999). */
export function cikArgument(value: number, name: string): number {
  return validArgument(Cik, value, name);
}

builder.queryFields((t) => ({
  company: t.field({
    type: CompanyRef,
    args: { ticker: t.arg.string({ required: true }) },
    // A malformed symbol is a BAD_REQUEST, as on REST and MCP (it used to be a silent null).
    resolve: (_r, args, ctx) => ctx.loaders.company.load(parseInDoorWords(TICKER_ARGUMENT, { ticker: args.ticker }, 'graphql').ticker),
  }),
  companies: t.field({
    type: [CompanyRef],
    description: `Several companies by ticker (at most ${OTHER_LIMITS.bulkTickersMax}, as a bulk request; unknown tickers are left out).`,
    args: { tickers: t.arg.stringList({ required: true }) },
    resolve: async (_r, args, ctx) => {
      // As many tickers as one bulk request takes (spec 8.4, OTHER_LIMITS), not a number of its own.
      if (args.tickers.length > OTHER_LIMITS.bulkTickersMax) throw new BadRequestError(`invalid argument 'tickers': at most ${OTHER_LIMITS.bulkTickersMax}`);
      const { tickers } = parseInDoorWords(TICKERS_ARGUMENT, { tickers: args.tickers }, 'graphql');
      const rows = await ctx.loaders.company.loadMany(tickers);
      return rows.filter((x): x is CompanyRow => !!x && !(x instanceof Error));
    },
  }),
  insiderTrades: t.connection(
    {
      type: InsiderTradeRef,
      description:
        "Form 3/4/5 rows by ticker (the filing's own issuer ticker, listed company or not), owner CIK or owner name, newest filing first: the " +
        'same arguments, rules and rows as GET /api/insiders (give ticker, ownerCik or owner; holdings rows with includeHoldings).',
      args: {
        ticker: t.arg.string(),
        ownerCik: t.arg.int(),
        owner: t.arg.string(),
        code: t.arg.stringList(),
        codes: t.arg.stringList({ deprecationReason: deprecatedArg('Query.insiderTrades', 'codes') }),
        from: t.arg.string(),
        to: t.arg.string(),
        asOf: t.arg.string(),
        includeHoldings: t.arg.boolean(),
      },
      resolve: async (_r, given, ctx) => {
        const args = declaredArgs('Query.insiderTrades', given);
        const query = parseInDoorWords(
          InsiderTradesQuery,
          {
            ticker: args.ticker ?? undefined,
            owner_cik: args.ownerCik ?? undefined,
            owner: args.owner ?? undefined,
            code: parseInDoorWords(INSIDER_CODE_ARGUMENT, { code: args.code ?? undefined }, 'graphql').code?.join(','),
            from: args.from ?? undefined,
            to: args.to ?? undefined,
            as_of: args.asOf ?? undefined,
            include_holdings: args.includeHoldings ? '1' : undefined,
          },
          'graphql',
        );
        let rows: InsiderTrade[] = [];
        const connection = await resolveOffsetConnection({ args, ...PAGE }, async ({ offset, limit }) => (rows = await insiderTrades(ctx.services.warehouse, { ...insiderTradeFilter(query), offset, limit })));
        return { ...connection, ...(await capabilityFreshness(ctx.services.warehouse, 'insider_trades', rows)) };
      },
    },
    { name: 'QueryInsiderTradesConnection', fields: (c) => ({ dataThrough: c.string(CONNECTION_DATA_THROUGH), fetchedAt: c.string(CONNECTION_FETCHED_AT) }) },
  ),
  institutionalHolders: t.field({
    type: HoldersRef,
    nullable: true,
    description:
      '13F managers holding a ticker (security master CUSIPs, listed company or not) in the latest quarter or `quarter`: the same rows as ' +
      'GET /api/institutional-holders; null when no CUSIP is known for the ticker or no holder reported it.',
    args: { ticker: t.arg.string({ required: true }), quarter: t.arg.string(), asOf: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const query = parseInDoorWords(InstitutionalHoldersQuery, { ticker: args.ticker, quarter: args.quarter ?? undefined, as_of: args.asOf ?? undefined }, 'graphql');
      // Every holder (the connection pages them).
      const { result } = await holdersOfTicker(ctx.services.warehouse, { ticker: query.ticker, quarter: query.quarter, asOf: query.as_of, limit: Number.MAX_SAFE_INTEGER });
      return result;
    },
  }),
  searchCompanies: t.connection({
    type: CompanyRef,
    description: 'Companies by symbol or name, best match first.',
    args: { q: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => resolveOffsetConnection({ args, ...PAGE }, ({ offset, limit }) => searchTickers(ctx.services.warehouse, args.q, limit, offset)),
  }, datedConnection('QuerySearchCompaniesConnection', 'ticker_search')),
}));
