/** Handlers of the fundamentals tools (schema/mcp/fundamentals.ts). */
import type { FUNDAMENTAL_TOOLS } from '../../../schema/mcp/fundamentals.ts';
import { bulkFundamentals, fundamentalsHistory, fundamentalsStats, latestFundamentals, pitStatement, pitUniverse, type LatestFundamentals, type PitStatement } from '../../../warehouse/queries/fundamentals.ts';
import { intrinsicValue } from '../../../warehouse/queries/valuation.ts';
import { pitMeta } from '../../../warehouse/queries/freshness.ts';
import { catalogDatasets, catalogStats } from '../../../warehouse/queries/catalog.ts';
import { END_BEFORE_HISTORY, historyRange } from '../../../schema/fundamentals.ts';
import { documentUrl, filingDocument } from '../../../schema/provenance.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { SerialisedResult, type HandlerMap } from '../context.ts';
import { snapshotBodies } from '../../../warehouse/serving.ts';
import { median, requireCompany } from './common.ts';

const PEER_FIELDS = [
  'revenue',
  'netIncome',
  'totalAssets',
  'stockholdersEquity',
  'operatingCashFlow',
  'epsDilutedTtm',
  'longTermDebt',
  'grossMargin',
  'operatingMargin',
  'netMargin',
  'roa',
  'roe',
  'currentRatio',
] as const satisfies readonly (keyof LatestFundamentals)[];

/** A statement without its per-value `sources` (what an agent gets unless it asks `withSources`). */
const withoutSources = ({ sources: _s, ...statement }: PitStatement): Omit<PitStatement, 'sources'> => statement;

export const fundamentalHandlers: HandlerMap<typeof FUNDAMENTAL_TOOLS> = {
  get_fundamentals: async ({ ticker, asOf, withSources }, { services, today }) => {
    const company = await requireCompany(services.warehouse, ticker);
    const date = asOf ?? today;
    // Serialised once per (snapshot, ticker as asked, date, sources or not) into the snapshot's
    // body cache, as /api/fundamentals-pit is (issue 15); a 404 is thrown, never kept.
    const key = `mcp:get_fundamentals:${company.cik}:${date}:${ticker}${withSources ? ':sources' : ''}`;
    // The text and its JSON-string form from one snapshot's cache (`snapshotBodies`).
    const bodies = snapshotBodies(services.warehouse);
    const json = await bodies(key, async () => {
      const statement = await pitStatement(services.warehouse, company.cik, date);
      if (!statement) throw new NotFoundError(`no fundamentals of ${ticker} were filed by ${date}`);
      return JSON.stringify({ ticker, cik: company.cik, asOf: date, statement: withSources ? statement : withoutSources(statement), ...(await pitMeta(services.warehouse, company.cik, statement, date)) });
    });
    return new SerialisedResult(json, await bodies(`${key}:quoted`, async () => Buffer.from(JSON.stringify(json))));
  },
  get_fundamentals_history: async ({ ticker, start, end, withSources }, { services, today }) => {
    const company = await requireCompany(services.warehouse, ticker);
    // REST's defaults and its check of the range they make (one capability, the same rule on
    // every door): a start after today with no end is a 400 there, not an empty answer.
    const { from, to, fault } = historyRange(start, end, today);
    if (fault) throw new BadRequestError(fault === 'end' ? `invalid parameter 'end': ${END_BEFORE_HISTORY}` : `invalid parameter 'start': is after 'end' (${to}${end ? '' : ', today'})`);
    // Each filing event with its EDGAR filing index, as REST's history gives it.
    const entries = (await fundamentalsHistory(services.warehouse, company.cik, from, to)).map((e) => ({ ...e, url: documentUrl(filingDocument(company.cik, e.accession)) }));
    // With sources a filing event can outgrow a page (a 10-K restating twelve periods: 43 KB), and
    // a page always holds a whole item: each item then holds one statement, an event's following
    // one another under its filing.
    if (withSources) return entries.flatMap((e) => e.statements.map((statement) => ({ ...e, statements: [statement] })));
    return entries.map((e) => ({ ...e, statements: e.statements.map(withoutSources) }));
  },
  get_fundamentals_universe: ({ asOf }, { services, today }) => pitUniverse(services.warehouse, asOf ?? today),
  get_fundamentals_stats: async (_args, { services }) => ({
    ...(await fundamentalsStats(services.warehouse)),
    datasets: catalogDatasets(await catalogStats(services.warehouse), services.config.schedules),
  }),
  get_bulk_fundamentals: async ({ tickers, asOf }, { services, today }) => {
    const date = asOf ?? today;
    const rows = await bulkFundamentals(services.warehouse, [...new Set(tickers)], date);
    return {
      asOf: date,
      items: rows.map((r) =>
        r.status === 'ok'
          ? { ticker: r.ticker, fiscalYear: r.fiscalYear, fiscalPeriod: r.fiscalPeriod, periodEnd: r.periodEnd, filingDate: r.filingDate, accession: r.accession, source: 'sec' as const, fundamentals: r.fundamentals, metrics: r.metrics }
          : { ticker: r.ticker, withheld: r.status === 'unknown' ? 'unknown ticker' : `no filing-derived fundamentals as known on ${date}` },
      ),
    };
  },
  alm_peer_fundamentals: async ({ tickers, asOf }, { services, today }) => {
    const unique = [...new Set(tickers)];
    const date = asOf ?? today;
    const rows = await latestFundamentals(services.warehouse, unique, date);
    const byTicker = new Map(rows.map((r) => [r.ticker, r]));
    const peers = unique.flatMap((t) => {
      const r = byTicker.get(t);
      if (!r) return [];
      const out: Record<string, unknown> = { ticker: t, fiscalYear: r.fiscalYear, fiscalPeriod: r.fiscalPeriod, periodEnd: r.periodEnd, filingDate: r.filingDate };
      for (const f of PEER_FIELDS) out[f] = r[f];
      return [out];
    });
    const med: Record<string, number | null> = {};
    for (const f of PEER_FIELDS) med[f] = median(rows.map((r) => r[f]));
    return { asOf: date, peers, median: med, missing: unique.filter((t) => !byTicker.has(t)) };
  },
  alm_intrinsic_value: async ({ ticker, asOf, discountRate, growthRate, terminalGrowth }, { services, today }) => {
    const company = await requireCompany(services.warehouse, ticker);
    const date = asOf ?? today;
    const value = await intrinsicValue(services.warehouse, ticker, company.cik, date, { discountRate, growthRate, terminalGrowth });
    if (!value) throw new NotFoundError(`no fiscal-year statement of ${ticker} was filed by ${date}`);
    return value;
  },
};
