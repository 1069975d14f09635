/** Point-in-time fundamentals: the latest statement as known on a date, and the filing history. */
import { STANDARD_ITEM_NAMES } from '../../../schema/fundamentals.ts';
import type { LatestFundamentals, Metrics, PitStatement, ValueSource } from '../../../warehouse/queries/fundamentals.ts';
import type { IntrinsicValue } from '../../../warehouse/queries/valuation.ts';
import { filingIndexProvenance, type DateFallbackData, type ProvenanceData } from '../../../schema/provenance.ts';
import { builder } from '../builder.ts';
import { DateFallbackRef, datedFields, FETCHED_AT_DESCRIPTION, ProvenanceRef } from './provenance.ts';

export const FundamentalsRef = builder.objectRef<LatestFundamentals>('Fundamentals');
FundamentalsRef.implement({
  description: 'The latest fiscal period as known on the requested date (values from filings only; amounts in USD).',
  fields: (t) => ({
    fiscalYear: t.exposeInt('fiscalYear'),
    fiscalPeriod: t.exposeString('fiscalPeriod'),
    periodEnd: t.exposeString('periodEnd'),
    filingDate: t.exposeString('filingDate', { description: 'when the values became public' }),
    accession: t.exposeString('accession'),
    form: t.exposeString('form'),
    revenue: t.exposeFloat('revenue'),
    netIncome: t.exposeFloat('netIncome'),
    totalAssets: t.exposeFloat('totalAssets'),
    totalLiabilities: t.exposeFloat('totalLiabilities'),
    stockholdersEquity: t.exposeFloat('stockholdersEquity'),
    operatingCashFlow: t.exposeFloat('operatingCashFlow'),
    epsBasic: t.exposeFloat('epsBasic'),
    epsDiluted: t.exposeFloat('epsDiluted'),
    epsDilutedTtm: t.exposeFloat('epsDilutedTtm'),
    longTermDebt: t.exposeFloat('longTermDebt'),
    sharesOutstanding: t.exposeFloat('sharesOutstanding'),
    dividendsPerShare: t.exposeFloat('dividendsPerShare'),
    grossMargin: t.exposeFloat('grossMargin'),
    operatingMargin: t.exposeFloat('operatingMargin'),
    netMargin: t.exposeFloat('netMargin'),
    roa: t.exposeFloat('roa'),
    roe: t.exposeFloat('roe'),
    currentRatio: t.exposeFloat('currentRatio'),
    // What the answer says about itself, as Company.statement, GET /api/fundamentals-pit and MCP
    // get_fundamentals say it (issue 16; an outside pass found this type without them).
    provenance: t.field({
      type: ProvenanceRef,
      nullable: true,
      description: 'The filing the values were taken from (EDGAR filing index).',
      resolve: (f) => (f.accession ? filingIndexProvenance(f.cik, f.accession, false) : null),
    }),
    // The end of the fiscal period covered (as pitMeta says it), the jobs of MCP get_fundamentals.
    ...datedFields(t, 'fundamentals_pit', (f) => ({ dataThrough: f.periodEnd ?? null }), 'End of the fiscal period covered.'),
  }),
});

const StatementItemsRef = builder.objectRef<PitStatement['fundamentals']>('StatementItems');
StatementItemsRef.implement({
  description: 'Standardized line items of one statement (USD; EPS in USD per share; shares).',
  fields: (t) => Object.fromEntries(STANDARD_ITEM_NAMES.map((item) => [item, t.exposeFloat(item)])) as Record<string, ReturnType<typeof t.exposeFloat>>,
});

const MetricsRef = builder.objectRef<Metrics>('Metrics');
MetricsRef.implement({
  description: 'Ratios of one statement\'s own values (null when an input is missing).',
  fields: (t) => ({
    grossMargin: t.exposeFloat('grossMargin'),
    operatingMargin: t.exposeFloat('operatingMargin'),
    netMargin: t.exposeFloat('netMargin'),
    roa: t.exposeFloat('roa'),
    roe: t.exposeFloat('roe'),
    currentRatio: t.exposeFloat('currentRatio'),
  }),
});

/** Where one value of a statement came from: REST's `statement.sources[item]`, with its item named. */
const ValueSourceRef = builder.objectRef<ValueSource & { item: string }>('ValueSource');
ValueSourceRef.implement({
  description: 'The filing one value of a statement was taken from (as statement.sources in GET /api/fundamentals-pit).',
  fields: (t) => ({
    item: t.exposeString('item', { description: 'the standardized item (a StatementItems field)' }),
    accession: t.exposeString('accession', { description: 'the filing\'s EDGAR accession number' }),
    form: t.exposeString('form'),
    filed: t.exposeString('filed', { description: 'the filing date (YYYY-MM-DD)' }),
    concept: t.exposeString('concept', { description: 'the XBRL concept the value was read from' }),
    derived: t.exposeBoolean('derived', { description: 'true when the quarter\'s value was worked out from year-to-date figures (Q4 = fiscal year minus nine months)' }),
  }),
});

/** A statement; `Company.statement` adds what the answer says about itself (issue 16). */
type StatementShape = PitStatement & { provenance?: ProvenanceData; fallback?: DateFallbackData; dataThrough?: string | null; fetchedAt?: string | null };

export const StatementRef = builder.objectRef<StatementShape>('Statement');
StatementRef.implement({
  description: 'One fiscal period as known after a filing (restated = changed by a later filing).',
  fields: (t) => ({
    fiscalYear: t.exposeInt('fiscalYear'),
    fiscalPeriod: t.exposeString('fiscalPeriod'),
    periodEnd: t.exposeString('periodEnd'),
    filingDate: t.exposeString('filingDate'),
    accession: t.exposeString('accession'),
    form: t.exposeString('form'),
    restated: t.exposeBoolean('restated'),
    items: t.field({ type: StatementItemsRef, resolve: (s) => s.fundamentals }),
    metrics: t.field({ type: MetricsRef, resolve: (s) => s.metrics }),
    sources: t.field({
      type: [ValueSourceRef],
      description: 'Per item: the filing, form and XBRL concept its value came from (REST fundamentals-pit statement.sources; items without a value have none).',
      resolve: (s) => Object.entries(s.sources).map(([item, v]) => ({ item, ...v })),
    }),
    provenance: t.expose('provenance', { type: ProvenanceRef, nullable: true, description: 'The filing the statement was taken from (Company.statement).' }),
    fallback: t.expose('fallback', { type: DateFallbackRef, nullable: true, description: 'The date asked and the filing date served, when they differ (Company.statement).' }),
    dataThrough: t.exposeString('dataThrough', { nullable: true, description: 'End of the fiscal period covered (Company.statement).' }),
    fetchedAt: t.exposeString('fetchedAt', { nullable: true, description: FETCHED_AT_DESCRIPTION }),
  }),
});

export interface FilingEventShape {
  filingDate: string;
  accession: string;
  form: string;
  statements: PitStatement[];
}

export const FilingEventRef = builder.objectRef<FilingEventShape>('FundamentalsEvent');
FilingEventRef.implement({
  description: 'A filing that created or restated fiscal periods, with the statements as known after it.',
  fields: (t) => ({
    filingDate: t.exposeString('filingDate'),
    accession: t.exposeString('accession'),
    form: t.exposeString('form'),
    statements: t.field({ type: [StatementRef], resolve: (e) => e.statements }),
  }),
});

export const IntrinsicValueRef = builder.objectRef<IntrinsicValue>('IntrinsicValue');
IntrinsicValueRef.implement({
  description: 'Educational valuation models from point-in-time fundamentals (see alm_intrinsic_value). Not advice.',
  fields: (t) => ({
    asOf: t.exposeString('asOf'),
    fiscalYear: t.int({ resolve: (v) => v.inputs.fiscalYear }),
    filingDate: t.string({ resolve: (v) => v.inputs.filingDate }),
    dcf: t.float({ resolve: (v) => v.models.dcf }),
    graham: t.float({ resolve: (v) => v.models.graham }),
    epv: t.float({ resolve: (v) => v.models.epv }),
    discountRate: t.float({ resolve: (v) => v.assumptions.discountRate }),
    growthRate: t.float({ resolve: (v) => v.assumptions.growthRate }),
    terminalGrowth: t.float({ resolve: (v) => v.assumptions.terminalGrowth }),
    price: t.float({ resolve: (v) => v.price?.close ?? null }),
    priceSynthetic: t.boolean({ nullable: true, description: 'True when the close `price` shows was generated (null without a price).', resolve: (v) => v.price?.synthetic ?? null }),
    method: t.exposeString('method'),
    ...datedFields(t, 'intrinsic_value'),
  }),
});
