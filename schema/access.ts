/**
 * One access rule per capability (issue 13.3), written once. A capability is one thing a caller
 * can do (read a BDC's credit quality, place a paper order ...); the same capability is often
 * reachable through several doors — a REST route, an MCP tool, a GraphQL field — and every door
 * reads its rule from here:
 * - REST routes name their capability (`defineRoute({ capability })`, api/route.ts), which fills
 *   the route's access (auth, tier, CSRF), weight and metering;
 * - MCP tools name theirs (`defineTools`, schema/mcp/tool.ts), which fills the tool's tier,
 *   anonymous flag and heavy flag; the tool call is admitted with the capability's weight and
 *   metering, and a state-changing tool needs the CSRF token over a session cookie;
 * - GraphQL fields are mapped in api/graphql/access.ts and wrapped with the same check.
 * test/api/access.test.ts walks every capability through every door it has (anonymous and each
 * tier) and fails when a door exists without a rule.
 *
 * Tiers follow spec sections 4.4, 4.6 and 8 (bulk: Investor). Where the spec is silent and the
 * doors disagreed, the stricter existing rule was kept: BDC credit quality and 13F filer
 * analytics need Researcher on every door (REST served them anonymously; MCP and GraphQL refused
 * below Researcher).
 */
import type { TierId } from './tiers.ts';

export interface AccessRule {
  summary: string;
  /**
   * `public`: anyone, anonymous included; `account`: an API key or a signed-in session;
   * `session`: a signed-in browser session only (account and key management).
   */
  auth: 'public' | 'account' | 'session';
  /** Minimum tier (spec 1); below it every door refuses with the tier 402 (spec 7). */
  tier: TierId;
  /** Needs `X-CSRF-Token` even without a session (registration and login). */
  csrf?: boolean;
  /** Units in the cost-weighted request budget (spec 8.2). */
  weight: number;
  /** A billable API call (metering, `X-SVC-Per-Call-Cost`). */
  metered: boolean;
  /** Runs under the MCP heavy-tool concurrency limit (spec 8.4). */
  heavy: boolean;
  /**
   * Changes the caller's state. Over a session cookie such a call needs `X-CSRF-Token`, on every
   * door (REST account routes, MCP tools, GraphQL mutations); an API key needs none.
   */
  changesState: boolean;
  /**
   * Parameter names (query, path and body) as the REST door spells them (snake_case; MCP and
   * GraphQL spell them in camelCase: `active_only` -> `activeOnly`). test/api/access.test.ts checks
   * that each REST route takes exactly these, and each MCP tool and GraphQL field serving the
   * capability some of them; what a door takes besides (paging, its own arguments, deprecated
   * aliases of published names) is listed in schema/door-arguments.ts with its reason.
   */
  params: readonly string[];
  /**
   * Retired: its route answers 410 Gone on every method (api/route.ts refuses a retired capability
   * on any other route). Its requests count against the per-IP site limits only
   * (as pages do), never against an API, data-path or budget allowance: a retired `/api/data/...`
   * path spent the caller's `/api/data` budget and answered 429 with `Retry-After`, asking clients
   * to retry what is gone.
   */
  retired?: true;
}

/** Every capability and its rule. */
export const CAPABILITIES = {
  site_page: { summary: 'A public web page or machine-readable document outside /api (HTML, OpenAPI, llms.txt)', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  service_health: { summary: 'Service health', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  auth_challenge: { summary: 'A proof-of-work challenge for registration', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  auth_csrf: { summary: 'A CSRF token for the state-changing account and key endpoints', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  auth_register: { summary: 'Register an account (for the human user who supplied the email and password)', auth: 'public', tier: 'learner', csrf: true, weight: 1, metered: false, heavy: false, changesState: true, params: ['email', 'password', 'challenge', 'solution', 'displayName', 'experience', 'useCase', 'referralSource', 'timezone'] },
  auth_verify_email: { summary: 'Confirm an email address (the token of the verification mail)', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: ['token'] },
  auth_resend_verification: { summary: 'Send a new verification link', auth: 'public', tier: 'learner', csrf: true, weight: 1, metered: false, heavy: false, changesState: true, params: ['email'] },
  auth_login: { summary: 'Sign in: sets the HttpOnly session cookie', auth: 'public', tier: 'learner', csrf: true, weight: 1, metered: false, heavy: false, changesState: true, params: ['email', 'password', 'challenge', 'solution'] },
  auth_logout: { summary: 'Sign out: revokes the session and clears the cookie', auth: 'session', tier: 'learner', csrf: true, weight: 1, metered: false, heavy: false, changesState: true, params: [] },
  account_me: { summary: 'The current account and its tier', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  key_create: { summary: 'Create an API key (returned once)', auth: 'session', tier: 'learner', csrf: true, weight: 1, metered: false, heavy: false, changesState: true, params: ['name', 'expiresInDays'] },
  key_create_trial: { summary: 'Create the trial key (one per account lifetime)', auth: 'session', tier: 'learner', csrf: true, weight: 1, metered: false, heavy: false, changesState: true, params: [] },
  key_list: { summary: 'The account\'s keys: prefix and metadata, never the key', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  key_revoke: { summary: 'Revoke a key', auth: 'session', tier: 'learner', csrf: true, weight: 1, metered: false, heavy: false, changesState: true, params: ['id'] },
  billing_plan: { summary: 'The agent plan record: per-call rate, monthly extra-call limit and accrued extra-call charges', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  billing_usage: { summary: 'Month-to-date call count', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  billing_overage: { summary: 'Turn extra calls on (with a monthly cap) or off', auth: 'session', tier: 'learner', csrf: true, weight: 1, metered: false, heavy: false, changesState: true, params: ['cap_usd'] },
  billing_subscription: { summary: 'The account\'s tier or plan, its payment state, a pending change and every offer with its price', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  billing_plan_change: { summary: 'Change tier or developer plan (recorded for an operator, or paid through Stripe Checkout)', auth: 'session', tier: 'learner', csrf: true, weight: 1, metered: false, heavy: false, changesState: true, params: ['offer'] },
  billing_daily_usage: { summary: 'Month-to-date calls per day, per key and in total, with the allowance and the extra-call cap', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: ['key'] },
  billing_webhook: { summary: 'Payment provider webhook (Stripe): signed events that activate, end or flag a subscription', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: true, params: [] },
  ticker_search: { summary: 'Search tickers by symbol or company name', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['q', 'limit'] },
  random_ticker: { summary: 'A random ticker from the universe', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: [] },
  fundamentals_pit: { summary: 'Point-in-time fundamentals as known on a date', auth: 'public', tier: 'learner', weight: 2, metered: true, heavy: true, changesState: false, params: ['ticker', 'date', 'as_of'] },
  fundamentals_history: { summary: 'Point-in-time series of a company’s fundamentals', auth: 'public', tier: 'learner', weight: 3, metered: true, heavy: false, changesState: false, params: ['ticker', 'start', 'end'] },
  fundamentals_universe: { summary: 'Every ticker with point-in-time fundamentals on a date', auth: 'public', tier: 'learner', weight: 5, metered: true, heavy: true, changesState: false, params: ['date', 'as_of', 'limit', 'offset'] },
  fundamentals_stats: { summary: 'Fundamentals database statistics', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: [] },
  data_coverage: { summary: 'Per dataset: source, rows, companies or filers covered, date range, synthetic rows, last successful fetch and next scheduled one', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  bulk_fundamentals: { summary: 'Bulk fundamentals rows (filing-derived only)', auth: 'public', tier: 'investor', weight: 10, metered: true, heavy: true, changesState: false, params: ['tickers', 'fields', 'format', 'as_of'] },
  bulk_history_retired: { summary: 'Retired: bulk price history', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [], retired: true },
  ticker_snapshot: { summary: 'Ticker snapshot: price, fundamentals, profile, filings, technicals', auth: 'public', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['ticker', 'nocache', 'fields'] },
  screener: { summary: 'Screen tickers by market cap, P/E, dividend yield and sector', auth: 'public', tier: 'learner', weight: 5, metered: true, heavy: true, changesState: false, params: ['mktcap_min', 'pe_max', 'div_yield_min', 'sector', 'sort', 'limit', 'offset'] },
  news_search: { summary: 'Search news with sentiment, industry tags and tickers', auth: 'public', tier: 'learner', weight: 3, metered: true, heavy: false, changesState: false, params: ['q', 'ticker', 'tag', 'sentiment', 'days', 'limit', 'offset'] },
  ticker_news: { summary: 'Recent headlines for a ticker', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker', 'limit'] },
  news_stats: { summary: 'News database statistics', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: [] },
  macro_series: { summary: 'Observations of a macro series (FRED), as known on a date', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['id', 'start', 'end', 'as_of'] },
  macro_series_list: { summary: 'Every macro series in the warehouse', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: [] },
  yield_curve: { summary: 'The US Treasury daily par yield curve on a date, as known on a date', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['date', 'as_of'] },
  insider_trades: { summary: 'Insider trades by ticker or owner', auth: 'public', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['ticker', 'owner_cik', 'owner', 'code', 'from', 'to', 'as_of', 'include_holdings', 'limit', 'offset'] },
  recent_insider_buys: { summary: 'Recent insider open-market purchases across the market', auth: 'public', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['days', 'min_value', 'as_of', 'limit'] },
  manager_holdings: { summary: 'One 13F manager\'s holdings', auth: 'public', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['cik', 'max_holdings', 'quarter', 'as_of'] },
  filer_analytics: { summary: '13F filer analytics', auth: 'public', tier: 'researcher', weight: 2, metered: true, heavy: false, changesState: false, params: ['cik', 'as_of'] },
  institutional_holders: { summary: 'Managers holding a ticker (13F)', auth: 'public', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['ticker', 'quarter', 'as_of', 'limit'] },
  etf_data: { summary: 'ETF profile, holdings, sector breakdown and performance', auth: 'public', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['symbol', 'max_holdings'] },
  etf_compare: { summary: 'Compare several ETFs', auth: 'public', tier: 'learner', weight: 3, metered: true, heavy: false, changesState: false, params: ['symbols'] },
  etf_list: { summary: 'All tracked ETF tickers', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: [] },
  fund_holders: { summary: 'Which funds hold a security (N-PORT)', auth: 'public', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['id', 'limit'] },
  bond_search: { summary: 'Search bonds by issuer name or CUSIP', auth: 'public', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['q', 'limit'] },
  bdc_list: { summary: 'Business development companies', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['as_of'] },
  bdc_borrowers: { summary: 'Search borrowers across all BDCs', auth: 'public', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['q', 'limit', 'as_of'] },
  bdc_holdings: { summary: 'One BDC\'s loan-level holdings', auth: 'public', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['cik', 'period', 'limit', 'as_of'] },
  bdc_credit_quality: { summary: 'Credit quality of a BDC by quarter', auth: 'public', tier: 'researcher', weight: 2, metered: true, heavy: false, changesState: false, params: ['cik', 'as_of'] },
  portfolio_positions: { summary: 'Positions of a portfolio', auth: 'account', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['portfolio_id'] },
  portfolio_add: { summary: 'Add a position', auth: 'account', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: true, params: ['portfolio_id', 'ticker', 'shares', 'cost_basis', 'date'] },
  portfolio_remove: { summary: 'Remove a position', auth: 'account', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: true, params: ['portfolio_id', 'ticker', 'date'] },
  portfolio_history: { summary: 'Daily value of a portfolio', auth: 'account', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['portfolio_id', 'days'] },
  portfolio_benchmark: { summary: 'Portfolio return against a broad US equity index fund', auth: 'account', tier: 'learner', weight: 2, metered: true, heavy: false, changesState: false, params: ['portfolio_id', 'period'] },
  watchlist_list: { summary: 'The account\'s watchlists', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  watchlist_create: { summary: 'Create a watchlist', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: true, params: ['name', 'tickers'] },
  watchlist_get: { summary: 'A watchlist with snapshot fields', auth: 'account', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['id'] },
  watchlist_rename: { summary: 'Rename a watchlist', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: true, params: ['id', 'name'] },
  watchlist_delete: { summary: 'Delete a watchlist', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: true, params: ['id'] },
  watchlist_add_ticker: { summary: 'Add a ticker to a watchlist', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: true, params: ['id', 'ticker'] },
  watchlist_remove_ticker: { summary: 'Remove a ticker from a watchlist', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: true, params: ['id', 'ticker'] },
  screen_list: { summary: 'The account\'s saved screens', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  screen_save: { summary: 'Save a screen', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: true, params: ['name', 'params'] },
  screen_get: { summary: 'A saved screen', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: ['id'] },
  screen_update: { summary: 'Rename a saved screen or change its parameters', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: true, params: ['id', 'name', 'params'] },
  screen_delete: { summary: 'Delete a saved screen', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: true, params: ['id'] },
  screen_run: { summary: 'Run a saved screen', auth: 'account', tier: 'learner', weight: 5, metered: true, heavy: false, changesState: false, params: ['id'] },
  paper_account: { summary: 'The paper trading account', auth: 'account', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: [] },
  paper_order_place: { summary: 'Place a paper order', auth: 'account', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: true, params: ['ticker', 'side', 'type', 'quantity', 'limitPrice'] },
  paper_order_list: { summary: 'Paper order history', auth: 'account', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['status', 'limit'] },
  paper_order_get: { summary: 'One paper order', auth: 'account', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['id'] },
  paper_order_cancel: { summary: 'Cancel an open paper order', auth: 'account', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: true, params: ['id'] },
  paper_reset: { summary: 'Reset the paper account', auth: 'account', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: true, params: [] },
  learn_tracks: { summary: 'The LEARN curriculum', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  lesson: { summary: 'One lesson', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: ['id'] },
  lesson_quiz: { summary: 'Submit a lesson quiz', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: true, params: ['id', 'answers'] },
  learn_progress: { summary: 'LEARN progress of the account', auth: 'account', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  glossary_search: { summary: 'Search the glossary', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: ['q', 'topic', 'limit', 'offset'] },
  glossary_term: { summary: 'One glossary term', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: ['slug'] },
  mcp_catalog: { summary: 'The MCP tool list', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
  company_lookup: { summary: 'Companies by ticker or CIK (name, CIK, exchange)', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker', 'tickers'] },
  company_profile: { summary: 'Company profile', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker'] },
  sec_filings: { summary: 'SEC filings', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker', 'form', 'as_of'] },
  filing_facts: { summary: 'Facts of a filing', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['accession', 'concept'] },
  peer_fundamentals: { summary: 'Peer fundamentals', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['tickers', 'asOf'] },
  intrinsic_value: { summary: 'Intrinsic value', auth: 'public', tier: 'researcher', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker', 'asOf', 'discountRate', 'growthRate', 'terminalGrowth'] },
  quote: { summary: 'Latest quote', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker', 'asOf'] },
  price_history: { summary: 'Daily, weekly or monthly OHLCV bars of a ticker', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker', 'start', 'end', 'interval'] },
  corporate_actions: { summary: 'Dividends and splits of a ticker', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker', 'start', 'end'] },
  priced_tickers: { summary: 'Price coverage', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: [] },
  technicals: { summary: 'Technical indicators', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker', 'asOf'] },
  technicals_history: { summary: 'Technicals history', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker', 'start', 'end'] },
  security_lookup: { summary: 'Security lookup', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['id'] },
  price_performance: { summary: 'Price performance', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['symbol'] },
  bank_lookup: { summary: 'FDIC-insured banks by name, holding company, city, state, certificate or ticker', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['q', 'cert', 'state', 'ticker', 'active_only', 'limit', 'offset'] },
  federal_contracts: { summary: 'US federal prime contract awards by company, recipient, agency or fiscal year', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker', 'recipient', 'agency', 'fiscal_year', 'limit', 'offset'] },
  federal_contract_totals: { summary: 'Totals of federal contract awards by agency and fiscal year', auth: 'public', tier: 'learner', weight: 1, metered: true, heavy: false, changesState: false, params: ['ticker', 'recipient', 'agency', 'fiscal_year'] },
  glossary_topics: { summary: 'Glossary topics', auth: 'public', tier: 'learner', weight: 1, metered: false, heavy: false, changesState: false, params: [] },
} as const satisfies Record<string, AccessRule>;

export type CapabilityId = keyof typeof CAPABILITIES;

/** The rule of `id`. */
export function accessRule(id: CapabilityId): AccessRule {
  return CAPABILITIES[id];
}

/**
 * Multi-ticker fundamentals (issue 13.3): reading the fundamentals of more than `maxTickers`
 * companies in one request is a bulk read and needs what `bulk_fundamentals` needs, whatever the
 * door. 10 is the largest multi-ticker fundamentals read open below Investor (peer fundamentals:
 * 2 to 10 tickers). GraphQL counts the distinct companies (by CIK) whose `fieldsOfCompany`, or
 * the `fieldsOfFiling` of one of whose filings, are resolved in one request (`companies(tickers:)`,
 * aliases, nested lists alike).
 */
export const BULK_READ = {
  maxTickers: 10,
  capability: 'bulk_fundamentals',
  // A snapshot holds the company's fundamentals too.
  fieldsOfCompany: ['fundamentals', 'statement', 'fundamentalsHistory', 'snapshot'],
  // A filing's XBRL facts are the values fundamentals are made of (Revenues, NetIncomeLoss, ...):
  // `companies(tickers: [100]) { filings { edges { node { facts } } } }` read 100 companies'
  // reported values below Investor (found by an outside pass).
  fieldsOfFiling: ['facts'],
} as const satisfies { maxTickers: number; capability: CapabilityId; fieldsOfCompany: readonly string[]; fieldsOfFiling: readonly string[] };
