/**
 * Argument names at the doors (README, "One set of parameter names per capability"). A
 * capability's `params` (schema/access.ts) name its arguments once, as REST spells them; an MCP
 * tool or a GraphQL field serving it takes the camelCase of those names (`active_only` ->
 * `activeOnly`), or some of them. A list is comma-separated text in a REST query string and a list
 * at MCP and GraphQL, under the same name (`tickers`, `symbols`, `code`). This file is the one
 * place that says what a door takes beyond its capability's names, each with its reason, and which
 * published names stay accepted as deprecated aliases of a declared one. test/api/access.test.ts
 * holds every tool and field to it.
 */

/** The MCP and GraphQL spelling of a REST parameter name: `active_only` -> `activeOnly`. */
export const camelName = (rest: string): string => rest.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Arguments of a door's paging, which no capability declares, with why the door takes them. */
export const PAGING_ARGUMENTS = {
  mcp: {
    cursor: 'list tools ([paged]): the nextCursor of the previous page; REST pages with offset',
    limit: 'list tools ([paged]): items per page (1-100, each page at most 16,000 bytes); where the capability declares limit it counts the same rows, paged',
  },
  graphql: {
    first: 'Relay connection paging (every list of rows is a connection)',
    last: 'Relay connection paging',
    after: 'Relay connection paging: a cursor of the same connection',
    before: 'Relay connection paging: a cursor of the same connection',
  },
} as const satisfies Record<'mcp' | 'graphql', Record<string, string>>;

/** A door's own argument of one tool or field (`Type.field` for GraphQL), by name, with its reason. */
export const DOOR_ONLY_ARGUMENTS: Record<'mcp' | 'graphql', Record<string, Record<string, string>>> = {
  mcp: {
    get_fundamentals: { withSources: "asks for statement.sources, which REST's fundamentals-pit always answers and GraphQL selects as Statement.sources (left out by default: it doubles an answer an agent reads)" },
    get_fundamentals_history: { withSources: "asks for each statement's sources, which REST's history always answers and GraphQL selects as Statement.sources (left out by default: it doubles an answer an agent reads; with it each item holds one statement, so a page can hold any item)" },
  },
  graphql: {
    'Query.bdc': { cik: 'picks one BDC of the bdc_list answer (GraphQL reads one object by its id; REST and MCP answer the list with cik in each row)' },
  },
};

/** A published argument name kept working as a deprecated alias of the declared one. */
export interface DeprecatedArgument {
  /** The published name, still accepted: same type, same rule, same meaning. */
  name: string;
  /** The declared name (camelCase of one of the capability's `params`) it stands for. */
  for: string;
}

/** When the aliases below were deprecated. */
export const ALIASES_DEPRECATED_ON = '2026-11-29';
/** The earliest day an alias may be removed; until then every one keeps working. */
export const ALIASES_KEPT_UNTIL = '2027-06-01';

const PORTFOLIO_ID: DeprecatedArgument = { name: 'portfolio_id', for: 'portfolioId' };
const INSIDER_CODES: DeprecatedArgument = { name: 'codes', for: 'code' };

/**
 * Published names that differed from the capability's (tools.json and tools/list, the checked-in
 * SDL), by MCP tool name and GraphQL `Type.field`. Giving both names with different values is a
 * 400 (MCP) or `BAD_REQUEST` (GraphQL) naming both.
 */
export const DEPRECATED_ARGUMENTS: Record<'mcp' | 'graphql', Record<string, readonly DeprecatedArgument[]>> = {
  mcp: {
    get_insider_trades: [INSIDER_CODES],
    alm_recent_insider_buys: [{ name: 'minValueUsd', for: 'minValue' }],
    get_glossary_term: [{ name: 'term', for: 'slug' }],
    list_portfolio_positions: [PORTFOLIO_ID],
    add_portfolio_position: [PORTFOLIO_ID, { name: 'cost_basis', for: 'costBasis' }],
    remove_portfolio_position: [PORTFOLIO_ID],
    get_portfolio_history: [PORTFOLIO_ID],
    get_portfolio_benchmark: [PORTFOLIO_ID],
  },
  graphql: {
    'Query.insiderTrades': [INSIDER_CODES],
    'Company.insiderTrades': [INSIDER_CODES],
    'Query.glossaryTerm': [{ name: 'key', for: 'slug' }],
    'Mutation.submitLessonQuiz': [{ name: 'lessonId', for: 'id' }],
  },
};

/** What a deprecated argument's description (MCP) or `deprecationReason` (GraphQL) says. */
export function deprecationNote(alias: DeprecatedArgument): string {
  return `Deprecated since ${ALIASES_DEPRECATED_ON}: use '${alias.for}' (the same value); accepted until at least ${ALIASES_KEPT_UNTIL}.`;
}

/** The deprecated aliases of one MCP tool (`door` 'mcp') or GraphQL field (`Type.field`). */
export function aliasesOf(door: 'mcp' | 'graphql', at: string): readonly DeprecatedArgument[] {
  return Object.hasOwn(DEPRECATED_ARGUMENTS[door], at) ? DEPRECATED_ARGUMENTS[door][at]! : [];
}
