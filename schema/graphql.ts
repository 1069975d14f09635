/**
 * GraphQL limits (issues 9 and 13), applied before execution and before graphql-js validation: an
 * operation over any limit is refused with a GraphQL error and nothing runs.
 *
 * Document limits bound the work of everything that follows (graphql-js validation included):
 * characters, lexical tokens, operations, fragments and fragment spreads, and the number of
 * field selections once every fragment spread is expanded (a spread counts as many times as it
 * is written, so `fragment F0 { ...F1 ...F1 }` chains are counted, not walked).
 *
 * Cost model (api/graphql/limits.ts): every object costs 1 plus its selection. A connection costs
 * 1 plus its selection times `first` (or `last`; a variable counts at its value, or the maximum
 * page when it has none; neither counts the default page), its `edges` being that page. Any other
 * list of objects costs (1 + selection) per item, counting as many items as its longest list
 * argument has (`companies(tickers:)` with 100 tickers is 100 companies; a list variable without a
 * value counts `maxListArgument`), or `listFactor` items when it has none (`listLengths` when its
 * length has a known cap). Leaves cost nothing. A fragment costs what its selection costs each time
 * it is spread.
 */
import { OTHER_LIMITS } from './limits.ts';
import { WATCHLIST_LIMITS } from './watchlists.ts';

export const GRAPHQL_LIMITS = {
  /** Deepest selection nesting (fields, not fragments; `__schema`/`__type` subtrees do not count). */
  maxDepth: 10,
  /** Aliased fields in one operation, fragments expanded. */
  maxAliases: 20,
  /** Estimated cost of one operation. */
  maxCost: 20_000,
  /** Characters of the query text. */
  maxQueryLength: 32_768,
  /** Lexical tokens of the query text (graphql-js `parse` stops there). */
  maxTokens: 5_000,
  /** Operations in one document (only one runs; every one is validated). */
  maxOperations: 20,
  /** Fragment definitions in one document. */
  maxFragments: 30,
  /** Fragment spreads written in one document. */
  maxSpreads: 100,
  /** Field selections of one operation once fragments are expanded. */
  maxFields: 1_000,
  /**
   * Times one response key may be written in one selection set (inline fragments included):
   * graphql-js compares every pair of same-named fields (OverlappingFieldsCanBeMerged), and a
   * repeated field is merged into one anyway.
   */
  maxRepeatedField: 5,
  /**
   * Wall-clock budget (ms) of each of the two checking phases of a request: parse with the limit
   * checks, then graphql-js validation. Over it, the request is refused (QUERY_TOO_COMPLEX).
   */
  validationBudgetMs: 400,
  /** Connection page sizes: `first`/`last` from 0 to maxPage, defaultPage when neither is given. */
  defaultPage: 20,
  maxPage: 100,
  /** Assumed length of a plain list field without list arguments (and not in `listLengths`). */
  listFactor: 10,
  /**
   * Plain lists of objects, by `Type.field`, whose length is bounded by a cap larger than
   * `listFactor`: counted at that cap. `Watchlist.companies` holds up to 200 companies (each able
   * to select prices, filings, news ...); counted as 10, a watchlist query was measured at a
   * twentieth of its work (found by an outside pass).
   */
  listLengths: { 'Watchlist.companies': WATCHLIST_LIMITS.tickers } as Readonly<Record<string, number>>,
  /**
   * Assumed length of a list argument given by a variable without a value: the longest list a
   * field takes (`companies(tickers:)`, as many as a bulk request: OTHER_LIMITS.bulkTickersMax).
   */
  maxListArgument: OTHER_LIMITS.bulkTickersMax,
  /** Cost units per unit of the cost-weighted request budget (spec 8.2) when metering a request. */
  costPerWeightUnit: 100,
  /** Most weight one GraphQL request is metered at. */
  maxWeight: 50,
  /**
   * Leaves that are not cheap, by `Type.field`: what each costs (other leaves are free). A
   * snapshot is a whole `/api/data` answer (price, fundamentals, profile, filings, technicals);
   * as a free leaf, 20 aliases of 100 companies' snapshots cost 2,000 of the 20,000 allowed.
   */
  leafCosts: { 'Company.snapshot': 5 } as Readonly<Record<string, number>>,
} as const;

/**
 * Where the GraphQL API lives (issue 17: discoverable). The SDL is served at a stable URL in every
 * environment (introspection is off in production), generated from the same schema as the
 * checked-in `schema/graphql.schema.graphql`; GraphiQL answers a browser's GET of the endpoint in
 * development and test only.
 */
export const GRAPHQL_PATHS = {
  endpoint: '/graphql',
  sdl: '/graphql/schema.graphql',
} as const;

/**
 * A first query for the docs (llms.txt, /api-docs, the home page). Every field in it is checked
 * against the schema by test/api/web/discoverable.test.ts.
 */
export const GRAPHQL_EXAMPLE = '{ company(ticker: "AAPL") { name quote { date current } prices(interval: month, first: 3) { edges { node { date close } } } } }';
