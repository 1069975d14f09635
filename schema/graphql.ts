/**
 * GraphQL limits (issue 9), applied before execution: an operation over any limit is refused
 * with a GraphQL error and nothing runs. Cost model (api/graphql/limits.ts): every object field
 * costs 1 plus its selection; a connection multiplies its selection by `first` (or `last`; a
 * variable counts as the maximum page, a missing one as the default page) once, its `edges` being
 * that page; any other list of objects counts `listFactor` items.
 */
export const GRAPHQL_LIMITS = {
  /** Deepest selection nesting (fields, not fragments). */
  maxDepth: 10,
  /** Aliased fields in one operation. */
  maxAliases: 20,
  /** Estimated cost of one operation. */
  maxCost: 20_000,
  /** Connection page sizes. */
  defaultPage: 20,
  maxPage: 100,
  /** Assumed length of a plain list field. */
  listFactor: 10,
  /** Cost units per unit of the cost-weighted request budget (spec 8.2) when metering a request. */
  costPerWeightUnit: 100,
  /** Most weight one GraphQL request is metered at. */
  maxWeight: 50,
} as const;
