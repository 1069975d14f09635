/**
 * Every limit of spec section 8 as data: 8.1 (per key), 8.2 (per IP, per account, per path, MCP)
 * and 8.4 (parameter caps and the MCP heavy-tool gate), plus the cost weight of each route in the
 * cost-weighted request budget. The enforcement (`api/limits/`), the README and the OpenAPI
 * description all read these tables; nothing else writes a limit down.
 *
 * Windows: `minute`, `hour` and `day` are fixed windows aligned to the epoch (UTC), `month` is the
 * UTC calendar month, `burst` is a rolling window (GCRA: 200 per any 5 seconds). In
 * `RateLimit-Policy` (IETF draft) a policy's `w` is its window in seconds; for the calendar-month
 * policies, whose length varies, `w` is the seconds from the response until the month resets
 * (00:00 UTC on the 1st), i.e. the window the month's quota `q` still has to run: the same number
 * as `t` in `RateLimit` when the month is the tightest policy.
 *
 * How the two sets of spec 8 compose is `LIMIT_COMPOSITION` below.
 */
import type { TierId } from './tiers.ts';

export type LimitWindow = 'burst5s' | 'minute' | 'hour' | 'day' | 'month';

/**
 * Who a counter belongs to:
 * - `key`: one API key;
 * - `ip`: the client IP;
 * - `account_or_ip`: the signed-in account (key or session), else the anonymous IP;
 * - `account`: signed-in callers only.
 */
export type LimitScope = 'key' | 'ip' | 'account_or_ip' | 'account';

/**
 * Who is calling, for the composition of the limits: no credential (`anonymous`), a signed-in
 * session cookie without a key (`session`), an `X-API-Key` (`key`).
 */
export type CallerClass = 'anonymous' | 'session' | 'key';

const ANY: readonly CallerClass[] = ['anonymous', 'session', 'key'];
const SIGNED_IN: readonly CallerClass[] = ['session', 'key'];

/** Which callers and requests a policy applies to; see `api/limits/policies.ts`. */
export type LimitSelector =
  | { keyKind: 'standard' | 'premium' | 'trial' }
  | { callers: readonly CallerClass[] }
  | { botAgent: true }
  | { pathGroup: 'data' }
  | { mcpTier: TierId | 'plan' };

export interface LimitPolicy {
  /** Stable id: the Redis key part and the name in `RateLimit-Policy`. */
  id: string;
  /** The spec row it implements. */
  spec: string;
  limit: number;
  window: LimitWindow;
  /** `weight`: counts route weights (the cost-weighted budget); `requests`: counts 1 per request. */
  unit: 'requests' | 'weight';
  scope: LimitScope;
  /** Applies to every request under `/api/*` unless narrowed (`mcp`: MCP tool calls only). */
  applies: 'api' | 'mcp';
  when: LimitSelector;
  /**
   * Security limits keep working when Redis is unreachable (in-process fallback, DESIGN.md);
   * the others are quotas of accounts and keys, replaced during an outage by the small local
   * allowance of metered calls (`FALLBACK`).
   */
  security: boolean;
}

/** Length of each window in milliseconds (`month` varies: computed from the calendar). */
export const WINDOW_MS: Record<Exclude<LimitWindow, 'month'>, number> = {
  burst5s: 5_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

/** Spec 8.1 and 8.2, one policy per row (rows with two scopes are two policies). */
export const LIMIT_POLICIES: readonly LimitPolicy[] = [
  // 8.1 Per-key allowances
  { id: 'key-standard-minute', spec: '8.1 Standard key: 60 per minute', limit: 60, window: 'minute', unit: 'requests', scope: 'key', applies: 'api', when: { keyKind: 'standard' }, security: false },
  { id: 'key-standard-month', spec: '8.1 Standard key: 10,000 calls per month', limit: 10_000, window: 'month', unit: 'requests', scope: 'key', applies: 'api', when: { keyKind: 'standard' }, security: false },
  { id: 'key-premium-minute', spec: '8.1 Premium key: 300 per minute', limit: 300, window: 'minute', unit: 'requests', scope: 'key', applies: 'api', when: { keyKind: 'premium' }, security: false },
  { id: 'key-premium-month', spec: '8.1 Premium key: 100,000 calls per month', limit: 100_000, window: 'month', unit: 'requests', scope: 'key', applies: 'api', when: { keyKind: 'premium' }, security: false },
  { id: 'key-trial-day', spec: '8.1 Trial key: 100 calls per day (14 days, one per account lifetime)', limit: 100, window: 'day', unit: 'requests', scope: 'key', applies: 'api', when: { keyKind: 'trial' }, security: false },
  // 8.2 Per-IP and per-account limits
  { id: 'ip-authenticated-minute', spec: '8.2 Authenticated: 900 requests/min per IP', limit: 900, window: 'minute', unit: 'requests', scope: 'ip', applies: 'api', when: { callers: SIGNED_IN }, security: true },
  { id: 'ip-anonymous-minute', spec: '8.2 Unauthenticated: 290 requests/min per IP', limit: 290, window: 'minute', unit: 'requests', scope: 'ip', applies: 'api', when: { callers: ['anonymous'] }, security: true },
  { id: 'ip-burst', spec: '8.2 Burst window: 200 requests per 5 seconds per IP, signed in or not', limit: 200, window: 'burst5s', unit: 'requests', scope: 'ip', applies: 'api', when: { callers: ANY }, security: true },
  { id: 'budget-requests', spec: '8.2 Request budget: 200 requests per 60 seconds per signed-in account; same per anonymous IP', limit: 200, window: 'minute', unit: 'requests', scope: 'account_or_ip', applies: 'api', when: { callers: ['anonymous', 'session'] }, security: false },
  { id: 'budget-units', spec: '8.2 Request budget: 1,000 weighted units per 60 seconds per signed-in account; same per anonymous IP', limit: 1_000, window: 'minute', unit: 'weight', scope: 'account_or_ip', applies: 'api', when: { callers: ['anonymous', 'session'] }, security: false },
  { id: 'bot-minute', spec: '8.2 Bot or suspicious user agent: 30 requests/min', limit: 30, window: 'minute', unit: 'requests', scope: 'ip', applies: 'api', when: { botAgent: true }, security: true },
  { id: 'api-account-minute', spec: '8.2 /api/* catch-all: 1,200/min per signed-in account', limit: 1_200, window: 'minute', unit: 'requests', scope: 'account', applies: 'api', when: { callers: SIGNED_IN }, security: false },
  { id: 'api-anonymous-minute', spec: '8.2 /api/* catch-all: 200/min per anonymous IP', limit: 200, window: 'minute', unit: 'requests', scope: 'ip', applies: 'api', when: { callers: ['anonymous'] }, security: true },
  { id: 'path-data-minute', spec: '8.2 /api/data, /api/fundamentals, /api/credit/: 120/min per IP, signed in or not', limit: 120, window: 'minute', unit: 'requests', scope: 'ip', applies: 'api', when: { pathGroup: 'data' }, security: true },
  { id: 'mcp-learner-hour', spec: '8.2 MCP and agent-to-agent tool calls: Learner 100 per caller per hour', limit: 100, window: 'hour', unit: 'requests', scope: 'account_or_ip', applies: 'mcp', when: { mcpTier: 'learner' }, security: false },
  { id: 'mcp-researcher-hour', spec: '8.2 MCP and agent-to-agent tool calls: Researcher 500 per caller per hour', limit: 500, window: 'hour', unit: 'requests', scope: 'account_or_ip', applies: 'mcp', when: { mcpTier: 'researcher' }, security: false },
  { id: 'mcp-investor-hour', spec: '8.2 MCP and agent-to-agent tool calls: Investor 2,000 per caller per hour', limit: 2_000, window: 'hour', unit: 'requests', scope: 'account_or_ip', applies: 'mcp', when: { mcpTier: 'investor' }, security: false },
  { id: 'mcp-power-user-hour', spec: '8.2 MCP and agent-to-agent tool calls: Power User 5,000 per caller per hour', limit: 5_000, window: 'hour', unit: 'requests', scope: 'account_or_ip', applies: 'mcp', when: { mcpTier: 'power_user' }, security: false },
  { id: 'mcp-plan-hour', spec: '8.3 Plan keys run at the Power User hourly MCP limit (5,000 per hour)', limit: 5_000, window: 'hour', unit: 'requests', scope: 'account_or_ip', applies: 'mcp', when: { mcpTier: 'plan' }, security: false },
];

/**
 * How the two limit sets of spec 8 compose (issue 13.16), the one statement of it (README
 * "Limits, tiers and metering" and /llms.txt quote it). Every policy that applies to a request is
 * checked and the request is admitted only when all admit; what matters is which ones apply:
 *
 * - A key's own allowance (8.1) governs keyed calls: Standard 60/min and 10,000/month, Premium
 *   (developer-plan keys) 300/min, Trial 100/day. The request budget of 8.2 (200 requests and
 *   1,000 weighted units per 60 s) is the allowance of callers WITHOUT a key (per session account,
 *   per anonymous IP); applied to keys it would cut every key at 200/min, so Premium's 300 and the
 *   account's 1,200 could never be reached. Keyed calls do not count against it.
 * - The per-account catch-all (1,200/min per signed-in account) counts every call of the account,
 *   sessions and all its keys together: the ceiling for an account running several keys.
 * - The per-IP policies apply to everyone as abuse ceilings above those allowances: the burst
 *   (200 per 5 s), 900/min per IP when signed in (290 anonymous, which is what binds on public
 *   pages), bots 30/min, and 120/min per IP on /api/data, /api/fundamentals* and /api/credit/*
 *   (on those paths 120 binds even for a Premium key: the spec says "signed in or not"; the MCP
 *   tools and GraphQL fields serving the same capabilities count in the same window,
 *   api/data-paths.ts). Calls
 *   from one IP must also stay under the burst: a Premium key reaches 300/min when its calls are
 *   spread (the burst refills 40/s), not 300 sent at once from one address.
 * - MCP tool calls add the hourly per-tier limit on top (plan keys: 5,000/h).
 *
 * Each row: a caller, the policies that bind first for it (several when equal; an ordinary /api
 * route unless the row says otherwise) and the limit they bind at;
 * test/api/limits/limits.composition.test.ts drives each caller to it.
 */
export const LIMIT_COMPOSITION: readonly { id: string; caller: string; binds: readonly string[]; limit: number; window: LimitWindow }[] = [
  { id: 'anonymous', caller: 'Anonymous (per IP)', binds: ['budget-requests', 'api-anonymous-minute'], limit: 200, window: 'minute' },
  { id: 'session', caller: 'Signed-in session without a key (per account)', binds: ['budget-requests'], limit: 200, window: 'minute' },
  { id: 'trial-key', caller: 'Trial key', binds: ['key-trial-day'], limit: 100, window: 'day' },
  { id: 'standard-key', caller: 'Standard key', binds: ['key-standard-minute'], limit: 60, window: 'minute' },
  { id: 'standard-key-month', caller: 'Standard key, month', binds: ['key-standard-month'], limit: 10_000, window: 'month' },
  { id: 'premium-key', caller: 'Premium key (every key of a developer-plan account)', binds: ['key-premium-minute'], limit: 300, window: 'minute' },
  { id: 'account', caller: 'Signed-in account, all its keys and sessions together', binds: ['api-account-minute'], limit: 1_200, window: 'minute' },
  { id: 'anonymous-pages', caller: 'Anonymous on public pages (per IP)', binds: ['ip-anonymous-minute'], limit: 290, window: 'minute' },
  { id: 'data-paths', caller: 'Anyone on /api/data, /api/fundamentals*, /api/credit/* or their MCP tools and GraphQL fields (per IP), a Premium key too', binds: ['path-data-minute'], limit: 120, window: 'minute' },
  { id: 'burst', caller: 'Anyone sending at once from one IP, a Premium key too', binds: ['ip-burst'], limit: 200, window: 'burst5s' },
];

/**
 * Paths of the `path-data-minute` policy (spec 8.2: "/api/data, /api/fundamentals, /api/credit/"),
 * matched after `/api/v1` is normalised to `/api`: `/api/data` and everything below it, every path
 * starting `/api/fundamentals` (fundamentals-pit, fundamentals-history ...), everything under
 * `/api/credit/`.
 */
export const DATA_PATH_PATTERNS: readonly RegExp[] = [/^\/api\/data(\/|$)/, /^\/api\/fundamentals/, /^\/api\/credit\//];

/**
 * User agents that count as bots or suspicious (spec 8.2: 30 requests/min): self-declared
 * crawlers and headless browsers, and scraping frameworks. Bare default agents of HTTP clients
 * are refused outright without a credential (spec 5.3); with a key they are ordinary clients.
 */
export const BOT_AGENT_PATTERN = /bot\b|bot\/|crawler|spider|scrapy|scraper|headless|phantomjs|slurp|httrack|masscan|nikto|sqlmap|zgrab|nmap/i;

/**
 * Weight of a request that names no capability (an unknown `/api` path). Every route, MCP tool and
 * GraphQL field takes its weight and metering from its capability (schema/access.ts): one-row
 * lookups 1, ranked searches and series 2-3, scans of the whole universe 5, bulk up to 100 tickers 10.
 */
export const DEFAULT_WEIGHT = 1;

/**
 * The rows a list route answers at most (`limit`'s maximum) and by default, declared once: the REST
 * query reads both, and the MCP tool of the same capability, which pages over its items itself
 * (`cursor`), fetches up to the maximum, so an agent reaches every row a REST caller can (MCP
 * alm_recent_insider_buys fetched 200 where REST's limit goes to 500).
 */
export const LIST_LIMITS = {
  insiderTrades: { default: 100, max: 500 },
  recentInsiderBuys: { default: 50, max: 500 },
  institutionalHolders: { default: 100, max: 500 },
  borrowerSearch: { default: 100, max: 500 },
  bdcHoldings: { default: 500, max: 5000 },
  fundHolders: { default: 100, max: 500 },
  bondSearch: { default: 50, max: 200 },
  tickerSearch: { default: 20, max: 100 },
} as const;

/** Spec 8.4, other limits (read by the routes that enforce them). */
export const OTHER_LIMITS = {
  /** screener `limit`: capped at 500. */
  screenerLimitMax: 500,
  /** fund-holdings `max_holdings`: 1 to 500, default 50. */
  fundHoldingsMin: 1,
  fundHoldingsMax: 500,
  fundHoldingsDefault: 50,
  /** bulk: at most 100 tickers per request. */
  bulkTickersMax: 100,
  /** bond-search `q`: at least 2 characters (shorter answers an empty list). */
  bondSearchMinChars: 2,
} as const;

/**
 * How many of the largest positions a holdings answer keeps: REST's `max_holdings` and MCP's
 * `maxHoldings`, of a 13F manager (spec 8.4) and of a fund's N-PORT alike.
 */
export const MAX_HOLDINGS = { min: OTHER_LIMITS.fundHoldingsMin, max: OTHER_LIMITS.fundHoldingsMax, int: true } as const;

/**
 * Spec 8.4: MCP heavy tools run at most 2 at once per tool and 5 at once across all tools,
 * process-wide. Callers beyond that wait in a bounded queue (FIFO); when the queue is full, or a
 * caller has waited `maxWaitMs`, the call is refused with 429 and `Retry-After: 1`.
 */
export const HEAVY_TOOLS = {
  perTool: 2,
  total: 5,
  maxQueue: 50,
  maxWaitMs: 10_000,
} as const;

/**
 * The windows of a caller's allowance of calls: the hourly MCP tool limit (8.2), a Trial key's day
 * and a Standard or Premium key's month (8.1). A call the service admitted and then refused for its
 * own capacity (the heavy-tool gate above) gives its unit back on these, as it is never billed: the
 * caller did not get the call. The minute and burst windows keep it: they count requests (the
 * request budget, the per-key and per-account minutes), and a refused request was still one, as
 * any 429 is; they are also what slows a client that retries a busy tool at once.
 */
export const ALLOWANCE_WINDOWS: readonly LimitWindow[] = ['hour', 'day', 'month'];

/** Screener below Researcher (spec 2.5): only the top matches, with `locked: true` and `locked_total`. */
export const SCREENER_LOCK = { belowTier: 'researcher', preview: 3 } as const satisfies { belowTier: TierId; preview: number };

/**
 * When Redis is unreachable (DESIGN.md, reliability rules): security policies run on an
 * in-process limiter; metered calls get a small local allowance per caller per process and
 * minute, then 503 with `Retry-After`. Developer-plan calls are not admitted locally (their
 * allowance and cap live in Redis), so they get 503 at once. Never 402 or 429 for the fault.
 */
export const FALLBACK = {
  meteredPerMinute: 10,
  retryAfterSeconds: 5,
} as const;

/**
 * How a key gets its class (spec 8.1 names Standard, Premium and Trial keys but not how a key
 * becomes Premium). Decided with the identity step (api/identity/identify.ts): trial keys are
 * Trial; every other key is Premium while its account is on a developer plan (set by operators:
 * `almanac accounts set-plan`), otherwise Standard. A plan change therefore moves every key of
 * the account at once, with no key to reissue. Plan keys have no per-key monthly quota: the plan's
 * included allowance (spec 8.3, all keys of the account) replaces it; their per-minute limit is
 * the Premium 300.
 */
export function keyClass(stored: 'standard' | 'premium' | 'trial', plan: string | null): 'standard' | 'premium' | 'trial' {
  if (stored === 'trial') return 'trial';
  return stored === 'premium' || plan ? 'premium' : 'standard';
}
