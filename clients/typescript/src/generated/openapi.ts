/**
 * Generated from the Almanac OpenAPI description (API version 0.1.0) by `npm run clients:generate`.
 * Do not edit: a test fails when this file no longer matches the API.
 */
/* eslint-disable */
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description Answers 200 when every store is reachable and a snapshot is served, 503 otherwise (same body).
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A proof-of-work challenge for registration
         * @description Returns an HMAC-signed challenge, valid for 10 minutes and usable once. Compute `solution` so that the SHA-256 of `challenge` followed directly by `solution`, in hex, begins with `000` (about 4,096 tries), then send both to POST /api/auth/register.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        get: operations["getAuthChallenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/csrf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A CSRF token for the state-changing account and key endpoints
         * @description Send the token in the `X-CSRF-Token` header on register, login, logout, resend-verification and every key change. Signed in, the token is bound to the session; before sign-in it is bound to the HttpOnly `alm_csrf` cookie this endpoint sets (keep cookies). After login, fetch a new token.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        get: operations["getAuthCsrf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register an account (for the human user who supplied the email and password)
         * @description CSRF-protected and rate-limited per client IP. The email and password must come from the human user; an agent must not invent credentials.
         *
         *     Password: at least 12 characters, not a common password or a common word with digits around it, not the email address.
         *
         *     Unknown body fields are refused (400). A new and an already registered email get the same 202: a verification link, or a notice that the account exists, is mailed to the address.
         *
         *     Keys can be issued once the address is verified (GET /api/auth/verify-email).
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. CSRF-protected: send `X-CSRF-Token` (from GET /api/auth/csrf) and `Content-Type: application/json`.
         */
        post: operations["postAuthRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm an email address (the link in the verification mail)
         * @description The `token` comes from the mailed link; it works once and expires after 24 hours.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        get: operations["getAuthVerifyEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/resend-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a new verification link
         * @description Always 202, whether or not the address has an unverified account (nothing about the account is revealed). Earlier links stop working.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. CSRF-protected: send `X-CSRF-Token` (from GET /api/auth/csrf) and `Content-Type: application/json`.
         */
        post: operations["postAuthResendVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in: sets the HttpOnly session cookie
         * @description Sets `alm_session` (HttpOnly, SameSite=Lax, Secure outside local development), valid 7 days or until logout. Unknown email and wrong password give the same 401. Throttled per client IP and per account (429 with Retry-After). The response carries a CSRF token bound to the new session.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. CSRF-protected: send `X-CSRF-Token` (from GET /api/auth/csrf) and `Content-Type: application/json`.
         */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out: revokes the session and clears the cookie
         * @description Requires a signed-in browser session (the `alm_session` cookie from POST /api/auth/login). CSRF-protected: send `X-CSRF-Token` (from GET /api/auth/csrf) and `Content-Type: application/json`.
         */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current account and its tier
         * @description With a session cookie or an X-API-Key.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session).
         */
        get: operations["getAuthMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an API key (returned once)
         * @description Needs a verified email. The response holds the raw key (`alm_live_...`) once; only its prefix and last four characters are retrievable later. Optional `name` and `expiresInDays`. At most 20 active keys per account. Send the key as `X-API-Key`; a key sent as `Authorization: Bearer` is treated as anonymous.
         *
         *     Requires a signed-in browser session (the `alm_session` cookie from POST /api/auth/login). CSRF-protected: send `X-CSRF-Token` (from GET /api/auth/csrf) and `Content-Type: application/json`.
         */
        post: operations["postKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/trial": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create the trial key (one per account lifetime)
         * @description Needs a verified email. Valid 14 days, 100 calls per UTC day; one per account lifetime (a revoked or expired trial key still counts). The raw key (`alm_trial_...`) is returned once.
         *
         *     Requires a signed-in browser session (the `alm_session` cookie from POST /api/auth/login). CSRF-protected: send `X-CSRF-Token` (from GET /api/auth/csrf) and `Content-Type: application/json`.
         */
        post: operations["postKeysTrial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's keys: prefix and metadata, never the key
         * @description Newest first, revoked and expired keys included (see `status`). With a session or an X-API-Key.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session).
         */
        get: operations["getKeysList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a key
         * @description Revokes one of the signed-in account's keys; later use of it returns 401. Revoking an already revoked key answers the same. Another account's key id is a 404.
         *
         *     Requires a signed-in browser session (the `alm_session` cookie from POST /api/auth/login). CSRF-protected: send `X-CSRF-Token` (from GET /api/auth/csrf) and `Content-Type: application/json`.
         */
        delete: operations["deleteKeysById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/agent-plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agent plan record: per-call rate, monthly extra-call limit and accrued extra-call charges
         * @description For the current UTC month: `rate_usd` (price of each call beyond the included allowance), `limit_usd` (the extra-call cap in force; 0 while extra calls are off), `overage_accrued_usd`, `extra_calls_enabled`, `included_calls` and `calls_this_month`. `consent_required` is true when extra calls were turned on at another plan or price: they stay off until POST /api/billing/agent-plan/overage is sent again. An account without a developer plan answers `plan: null` and zeros: it is never billed per call.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session).
         */
        get: operations["getBillingAgentPlan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/agent-usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Month-to-date call count
         * @description `calls`: successful metered calls of the account this UTC month, all keys and sessions (402, 403, 404, 429 and 5xx answers are never counted or billed); `plan_calls` of them under a developer plan, `remaining_included_calls`, `extra_calls` and `overage_accrued_usd`.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session).
         */
        get: operations["getBillingAgentUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/agent-plan/overage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn extra calls on (with a monthly cap) or off
         * @description JSON `{ "cap_usd": number }`, optional. Absent: extra calls on with the plan's default cap (50 on Developer, 250 on Developer Pro); a number up to 4 times the plan price (396 on Developer, 1996 on Developer Pro): on with that cap; above: 400; 0: off. The rate and cap shown in the answer are the ones that bill; a later price or plan change turns extra calls back to needing this consent. Extra calls are added to the next monthly invoice as one line.
         *
         *     Requires a signed-in browser session (the `alm_session` cookie from POST /api/auth/login). CSRF-protected: send `X-CSRF-Token` (from GET /api/auth/csrf) and `Content-Type: application/json`.
         */
        post: operations["postBillingAgentPlanOverage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ticker-search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search tickers by symbol or company name
         * @description Ranked: exact symbol, then symbol prefix, then company-name matches. Returns an array (empty when nothing matches).
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getTickerSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/random-ticker": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A random ticker from the universe
         * @description Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getRandomTicker"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fundamentals-pit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Point-in-time fundamentals as known on a date
         * @description The latest fiscal period (FY, or Q1-Q3) first reported on or before `date`, with its standardized statement as known on that date (restatements filed later are not visible) and, per value, the filing it came from (accession, form, filed). Metrics are ratios of the same values and null when an input is missing.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getFundamentalsPit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fundamentals-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Point-in-time series of a company’s fundamentals
         * @description One entry per filing event with start <= filing date <= end that created or changed a fiscal period’s statement, oldest first. A restatement (10-K/A, or restated comparatives in a later filing) is a new entry on its filing date with `restated: true`.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 3 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getFundamentalsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fundamentals-pit/universe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every ticker with point-in-time fundamentals on a date
         * @description Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 5 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getFundamentalsPitUniverse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fundamentals-pit/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fundamentals database statistics
         * @description Companies, facts, filings, statement versions, date ranges, the served snapshot version and the last run of each pipeline job.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getFundamentalsPitStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bulk fundamentals rows (filing-derived only)
         * @description One row per ticker (at most 100): fiscalYear, periodEnd, filingDate, source "sec" and the `fundamentals` and `metrics` groups of the latest fiscal period as known today. Tickers without a filing-derived row are listed under `withheld` with the reason. Retired groups (`price`) asked for in `fields` are answered under `retiredFields`. No prices, volumes, market capitalization or vendor profile fields. Formats: JSON (default), CSV, Arrow IPC stream, Parquet, chosen by `format` or the Accept header; tabular formats list withheld tickers as rows with a `withheld` reason and retired fields in the `X-Retired-Fields` header (JSON). Investor tier and above.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Requires the Investor tier or above (402 otherwise). Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 10 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getDataBulk"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/bulk-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retired: bulk price history
         * @description Retired on 2026-09-14 (spec 9). Every method answers 410 Gone; nothing sent is parsed.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        get: operations["getDataBulkHistory"];
        /**
         * Retired: bulk price history
         * @description Retired on 2026-09-14 (spec 9). Every method answers 410 Gone; nothing sent is parsed.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        put: operations["putDataBulkHistory"];
        /**
         * Retired: bulk price history
         * @description Retired on 2026-09-14 (spec 9). Every method answers 410 Gone; nothing sent is parsed.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        post: operations["postDataBulkHistory"];
        /**
         * Retired: bulk price history
         * @description Retired on 2026-09-14 (spec 9). Every method answers 410 Gone; nothing sent is parsed.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        delete: operations["deleteDataBulkHistory"];
        options?: never;
        head?: never;
        /**
         * Retired: bulk price history
         * @description Retired on 2026-09-14 (spec 9). Every method answers 410 Gone; nothing sent is parsed.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        patch: operations["patchDataBulkHistory"];
        trace?: never;
    };
    "/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ticker snapshot: price, fundamentals, profile, filings, technicals
         * @description price.change and price.changePercent come from the last two closes; fundamentals are point in time as known today (marketCap = latest close x shares outstanding; pe = close / trailing diluted EPS, null when EPS <= 0 or missing; dividendYield in percent from the trailing 12 months of dividends in the price file). priceTarget appears only when a source supplies one, with its source and fetch date (analystCount only when that source gives it); no ratings. Cached for 60 s per ticker and snapshot version; nocache=1 forces a fresh snapshot. fields= selects fields (dotted names select inside price, fundamentals, profile, technicals, priceTarget).
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/screener": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Screen tickers by market cap, P/E, dividend yield and sector
         * @description Matches every ticker with a latest price against point-in-time fundamentals as known today. mktcap_min in USD, pe_max (rows without a positive P/E are excluded), div_yield_min in percent, sector (case-insensitive). sort: one of marketCap, pe, dividendYield, price, changePercent, revenue, netMargin, roe, eps, ticker, name, as field, field:asc, field:desc or -field (default marketCap:desc; nulls last; ties by ticker). limit: default 50, values above 500 are capped at 500 (the applied limit is echoed). Below the Researcher tier only the top three matches are returned with `locked: true` and `locked_total`.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 5 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getScreener"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/news/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search news with sentiment, industry tags and tickers
         * @description Full-text search (every term of q must occur in the title or summary; ranked by relevance, title matches count double), filtered by ticker, industry tag and sentiment label, within `days` (default 7) counted back from the newest item in the news database. Stable pagination: ordered by relevance, then publication time (newest first), then id; `total` counts all matches.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 3 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getNewsSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/news/ticker": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent headlines for a ticker
         * @description Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getNewsTicker"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/news/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * News database statistics
         * @description Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getNewsStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/macro/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Observations of a macro series (FRED), as known on a date
         * @description Values of a FRED series such as DGS10, DGS2, FEDFUNDS, CPIAUCSL, UNRATE or GDP between start and end. With asOf, a revised (vintaged, ALFRED) observation is served only from its realtime start; without it, the latest vintage. Missing days are null, never zero.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getMacroSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/macro/series-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every macro series in the warehouse
         * @description Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getMacroSeriesList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/macro/yield-curve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The US Treasury daily par yield curve on a date, as known on a date
         * @description Serves the curve of the latest business day on or before date (and asOf). Tenors 1M..30Y in percent, ordered by maturity; tenors the Treasury did not publish that day are absent.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getMacroYieldCurve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/insiders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Insider trades by ticker or owner
         * @description Every row of both tables of Forms 3/4/5 (transactions; holdings too with `include_holdings=1`), newest filing first, with all reporting owners and their relationship, the Rule 10b5-1 flag, and footnotes resolved onto the fields they annotate. Rows an amendment replaced are left out (an amendment replaces only the sections it reports). Give `ticker`, `owner_cik` or `owner` (name substring); `code` filters transaction codes (e.g. `P,S`); `as_of` answers as known on that date.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getInsiders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/insiders/recent-buys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent insider open-market purchases across the market
         * @description Code P purchases (non-derivative, acquired) filed in the `days` (default 90) before `as_of` (default: the newest Form 4 in the warehouse), largest dollar value first; `min_value` filters by shares x price.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getInsidersRecentBuys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fund-holdings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One 13F manager's holdings
         * @description The manager's latest quarter (or `quarter`, e.g. `2024Q2`), largest position first, with totals and the filings it came from. A RESTATEMENT amendment replaces the quarter; NEW HOLDINGS amendments add to it. Values are US dollars (13F values reported in thousands before 2023 are converted). `as_of` answers as known on that date.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getFundHoldings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/institutions/{cik}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 13F filer analytics
         * @description Per quarter: positions, value, new and exited positions; the latest top 10 holdings and their concentration.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getInstitutionsByCik"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/institutional-holders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Managers holding a ticker (13F)
         * @description Managers holding the ticker in the latest quarter (or `quarter`) with shares, value, percent of their portfolio and the change from the previous quarter. Split-aware: previous shares are scaled by any split between the two quarter ends (from the daily prices, else inferred from the holders), so a split is not reported as a purchase.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getInstitutionalHolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/etf-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * ETF profile, holdings, sector breakdown and performance
         * @description From the latest N-PORT of the fund behind `symbol` (any fund symbol works, ETFs and mutual fund share classes): profile, the `max_holdings` largest holdings (default 25), breakdown by sector and by N-PORT asset category, and price returns from the daily prices.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getEtfData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/etf-compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Compare several ETFs
         * @description Profiles and performance side by side, and pairwise holdings overlap (sum of the smaller weight over common securities). Unknown symbols are listed in `missing`.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 3 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getEtfCompare"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/etf-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All tracked ETF tickers
         * @description Exchange-listed funds with N-PORT data, largest net assets first.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getEtfList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fund-holders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which funds hold a security (N-PORT)
         * @description Funds whose latest N-PORT holds the security given by CUSIP, ISIN or ticker, largest position first; an empty list when none.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getFundHolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bond-search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search bonds by issuer name or CUSIP
         * @description Bonds held by funds (N-PORT debt holdings) whose issuer name or title contains `q`, or whose CUSIP or ISIN starts with it, with coupon, maturity, default flags and the number of fund holders. A query shorter than two characters returns an empty list.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getBondSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/credit/bdc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Business development companies
         * @description Every BDC in the SEC BDC Data Sets with its latest filing, holdings count, cost and fair value (USD).
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getCreditBdc"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/credit/borrowers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search borrowers across all BDCs
         * @description Positions in every BDC's latest schedule of investments whose borrower or investment identifier contains `q` (2+ characters).
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getCreditBorrowers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/credit/bdc/{cik}/holdings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One BDC's loan-level holdings
         * @description The latest filing (or `period`): borrower, industry, instrument, reference rate and spread, PIK, rate, maturity, principal, cost, fair value, non-accrual.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getCreditBdcByCikHoldings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/credit/bdc/{cik}/quality": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credit quality of a BDC by quarter
         * @description One row per filing, newest first: fair value / cost, non-accrual share at cost and at fair value, first-lien share of fair value and the cost-weighted average interest rate of accruing debt (fractions: 0.0936 = 9.36 %).
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getCreditBdcByCikQuality"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portfolio-positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Positions of a portfolio
         * @description Lists the positions of `portfolio_id` (default `default`; an account may keep several named portfolios), each with the latest close, market value and unrealized P&L. Requires an account (X-API-Key or a session). A portfolio with no positions is an empty list. Educational, not investment advice.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getPortfolioPositions"];
        put?: never;
        /**
         * Add a position
         * @description Body `{ticker, shares, cost_basis}` (cost_basis per share; optional `date` = trade date, default the latest trading day the service holds for the ticker; optional `portfolio_id`, else the query parameter, else `default`). A second POST for a ticker already held is merged: shares are added and cost_basis becomes the weighted average cost. Unknown ticker, non-numeric, zero or negative shares, non-numeric or negative cost_basis -> 400. Answers 201 with the position after the change.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        post: operations["postPortfolioPositions"];
        /**
         * Remove a position
         * @description Body `{ticker}` (optional `portfolio_id`, else the query parameter, else `default`; optional `date` the position was closed, default the latest trading day). Removes the whole position; history keeps it up to that day. A ticker not in the portfolio -> 404.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        delete: operations["deletePortfolioPositions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portfolio-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily value of a portfolio
         * @description For every trading day in the last `days` calendar days (default 30) ending at the latest close the service holds for the portfolio's tickers: the value of the positions as they stood at that close (shares x close; additions and removals count from their trade date), their cost and the number of positions. Empty series for an empty portfolio.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getPortfolioHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portfolio/benchmark": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Portfolio return against a broad US equity index fund
         * @description Compares the portfolio with SPY (SPDR S&P 500 ETF Trust) over `period` (1M, 3M, 6M, YTD, 1Y, 3Y, 5Y; default 1Y) ending at the latest SPY close. The base date is the last trading day on or before the period start. Both are price returns (closes, dividends not reinvested). The portfolio return is time-weighted: each day returns the positions held at the previous close, so money added is not counted as gain; `portfolio.series[].value` is the value of the positions held at each close. Both series are cumulative returns from the base date.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 2 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getPortfolioBenchmark"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/watchlists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's watchlists
         * @description Every watchlist of the account (oldest first) with its tickers in the order they were added. Requires an account.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session).
         */
        get: operations["getWatchlists"];
        put?: never;
        /**
         * Create a watchlist
         * @description Body `{name, tickers?}`. Names are unique per account (case-insensitive; a duplicate is 409). At most 50 lists per account and 200 tickers per list. Unknown ticker -> 400.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token.
         */
        post: operations["postWatchlists"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/watchlists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A watchlist with snapshot fields
         * @description Each ticker with its company name and the latest close, change and changePercent (the snapshot's price fields). Another account's id is a 404.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getWatchlistsById"];
        put?: never;
        post?: never;
        /**
         * Delete a watchlist
         * @description Answers 204.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token.
         */
        delete: operations["deleteWatchlistsById"];
        options?: never;
        head?: never;
        /**
         * Rename a watchlist
         * @description Body `{name}`. 409 when another watchlist of the account has that name.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token.
         */
        patch: operations["patchWatchlistsById"];
        trace?: never;
    };
    "/watchlists/{id}/tickers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a ticker to a watchlist
         * @description Body `{ticker}`; adding a ticker already on the list changes nothing. Unknown ticker -> 400.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token.
         */
        post: operations["postWatchlistsByIdTickers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/watchlists/{id}/tickers/{ticker}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a ticker from a watchlist
         * @description 404 when the list is not the account's or the ticker is not on it.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token.
         */
        delete: operations["deleteWatchlistsByIdTickersByTicker"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/screens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's saved screens
         * @description Requires an account: `X-API-Key` (or a signed-in browser session).
         */
        get: operations["getScreens"];
        put?: never;
        /**
         * Save a screen
         * @description Body `{name, params}`; `params` holds /api/screener parameters (mktcap_min, pe_max, div_yield_min, sector, sort, limit) as JSON values, checked like the screener checks them. Names are unique per account (409). At most 100 per account.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token.
         */
        post: operations["postScreens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/screens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A saved screen
         * @description Requires an account: `X-API-Key` (or a signed-in browser session).
         */
        get: operations["getScreensById"];
        put?: never;
        post?: never;
        /**
         * Delete a saved screen
         * @description Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token.
         */
        delete: operations["deleteScreensById"];
        options?: never;
        head?: never;
        /**
         * Rename a saved screen or change its parameters
         * @description Body `{name?, params?}`; `params` replaces the stored parameters.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token.
         */
        patch: operations["patchScreensById"];
        trace?: never;
    };
    "/screens/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run a saved screen
         * @description Runs the stored parameters through the screener with the data and tier of now: Researcher and above receive the full result set; below Researcher only the top 3 matches with `locked: true` and `locked_total`. Costs as much as /api/screener.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed. Counts 5 units of the cost-weighted request budget (spec 8.2).
         */
        get: operations["getScreensByIdRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/paper/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The paper trading account
         * @description Cash, reserved cash, buying power, positions valued at the latest close, realized and unrealized P&L, equity. Paper accounts start with 100,000 USD of virtual cash. Market orders fill at once at the latest close the service holds for the ticker (end-of-day data; the order shows the date of that close). Limit orders that the latest close already satisfies fill at once at that close; others stay open and fill at the first later close at or through the limit (buy: close <= limit; sell: close >= limit), at that close. Open limit buys reserve quantity x limit of cash and open limit sells reserve their shares. No margin, no short selling, no commissions; fractional quantities are allowed. Educational, not investment advice.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getPaperAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/paper/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Paper order history
         * @description Orders of the account, newest first; `status` filters (open, filled, cancelled, rejected); `limit` default 100, at most 500.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getPaperOrders"];
        put?: never;
        /**
         * Place a paper order
         * @description Body `{ticker, side: buy|sell, quantity, type: market|limit (default market), limitPrice (limit orders only)}`. Paper accounts start with 100,000 USD of virtual cash. Market orders fill at once at the latest close the service holds for the ticker (end-of-day data; the order shows the date of that close). Limit orders that the latest close already satisfies fill at once at that close; others stay open and fill at the first later close at or through the limit (buy: close <= limit; sell: close >= limit), at that close. Open limit buys reserve quantity x limit of cash and open limit sells reserve their shares. No margin, no short selling, no commissions; fractional quantities are allowed. Educational, not investment advice. Insufficient cash or shares -> 400; a ticker without prices -> 400.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        post: operations["postPaperOrders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/paper/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One paper order
         * @description Requires an account: `X-API-Key` (or a signed-in browser session). Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        get: operations["getPaperOrdersById"];
        put?: never;
        post?: never;
        /**
         * Cancel an open paper order
         * @description Cancels an open limit order (releasing its reserved cash or shares). A filled or cancelled order -> 409.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        delete: operations["deletePaperOrdersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/paper/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the paper account
         * @description Deletes every paper position and order of the account and restores 100,000 USD of cash.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token. Metered: the price of the call is in `X-SVC-Per-Call-Cost`; only successful calls are billed.
         */
        post: operations["postPaperReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/learn/tracks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The LEARN curriculum
         * @description Tracks -> modules -> lessons (id, title, minutes, number of quiz questions). Public. Educational, not investment advice.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        get: operations["getLearnTracks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/learn/lessons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One lesson
         * @description The lesson text, the live Almanac requests its examples use (try them: they answer with current data), glossary links, and the quiz questions without their answers. Public.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        get: operations["getLearnLessonsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/learn/lessons/{id}/quiz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a lesson quiz
         * @description `answers`: one choice index (0-based) per question, in order. Scores the attempt, explains each answer and records progress: attempts, last and best score; the lesson counts as completed from the first attempt with at least two thirds correct. Requires an account.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session). From a signed-in browser session, send `X-CSRF-Token` (from GET /api/auth/csrf); calls with `X-API-Key` need no token.
         */
        post: operations["postLearnLessonsByIdQuiz"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/learn/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * LEARN progress of the account
         * @description Lessons completed, quiz scores per attempted lesson, and the next lesson (the first one in curriculum order not yet completed). Requires an account.
         *
         *     Requires an account: `X-API-Key` (or a signed-in browser session).
         */
        get: operations["getLearnProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/glossary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the glossary
         * @description Ranked search over about 1,400 financial terms: exact term or alias, then term prefix, then every query word in the term, then in the short definition, then in the explanation. Without `q`, lists terms alphabetically (optionally of one `topic`). `topics` lists every topic with its term count. Educational, not investment advice.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        get: operations["getGlossary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/glossary/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One glossary term
         * @description By slug (e.g. `price-to-earnings-ratio`), exact term or alias (case-insensitive, URL-encoded). Gives the definition, explanation, formula where one exists, related terms (slugs that resolve) and where Almanac serves the term (`servedAt`: endpoint and response field).
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        get: operations["getGlossaryBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/tools.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The MCP tool list
         * @description Every tool of the MCP server at /api/mcp (Streamable HTTP): name, title, description, minimum tier, whether it answers without a key, heavy and paged flags, the JSON Schema of its arguments and the shape of its result. Browsable at /mcp.
         *
         *     Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.
         */
        get: operations["getMcpToolsJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: string;
        } & {
            [key: string]: unknown;
        };
        RateLimited: {
            error: string;
            policy: string;
            limit: number | null;
            retry_after_seconds: number;
        };
        AllowanceExhausted: {
            error: string;
            /** @constant */
            reason: "included_allowance";
            plan: string;
            included_calls: number;
            calls_this_month: number;
            /** @constant */
            extra_calls_enabled: false;
            rate_usd: number;
            resets_at: string;
            upgrade_url: string;
        };
        OverageCap: {
            error: string;
            /** @constant */
            reason: "overage_cap";
            overage_accrued_usd: number;
            limit_usd: number;
            resets_at: string;
            upgrade_url: string;
        };
        TierRequired: {
            error: string;
            requiredTier: string;
            currentTier: string;
            upgrade_url: string;
        };
    };
    responses: {
        /** @description A missing or invalid parameter; the message names it. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "missing required parameter 'ticker'"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not authenticated: the key is missing, invalid, revoked or expired (spec 5.6). A key sent as `Authorization: Bearer` is ignored (anonymous). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "invalid API key"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description CSRF failure: send the token from GET /api/auth/csrf in `X-CSRF-Token` with `Content-Type: application/json`. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "CSRF token missing or invalid"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A rate limit or the monthly budget was reached (spec 8). Wait `Retry-After` seconds; do not retry at once. `policy` names the limit (see `RateLimit-Policy`). */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "rate limit exceeded (8.1 Standard key: 60 per minute); retry after 30 s",
                 *       "policy": "key-standard-minute",
                 *       "limit": 60,
                 *       "retry_after_seconds": 30
                 *     }
                 */
                "application/json": components["schemas"]["RateLimited"] | components["schemas"]["Error"];
            };
        };
        /** @description The body must be JSON: send `Content-Type: application/json`. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "unsupported Content-Type: send application/json"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Server error; the body carries the request id. */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "internal server error",
                 *       "requestId": "6f1c0d3e-9a57-4a8e-b7f2-0c1d2e3f4a5b"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The data warehouse or a store is temporarily unavailable; retry after `Retry-After` seconds. Never billed. */
        Unavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "the data warehouse is not available yet"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description CSRF token bound to the session, from GET /api/auth/csrf (also returned by POST /api/auth/login). */
        CsrfToken: string;
        /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
        SessionCsrfToken: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Whole seconds to wait before retrying (spec 8: back off, do not retry at once).
         * @example 30
         */
        RetryAfter: number;
        /**
         * @description The limit that applies, IETF RateLimit header fields draft (e.g. `"minute";q=60;w=60`).
         * @example "minute";q=60;w=60
         */
        RateLimitPolicy: string;
        /**
         * @description What is left of that limit, IETF RateLimit header fields draft (e.g. `"minute";r=0;t=30`).
         * @example "minute";r=0;t=30
         */
        RateLimit: string;
        /**
         * @description The price of this call in US dollars (spec 2.7); `0` when the call is not billed.
         * @example 0.002
         */
        PerCallCost: string;
        /** @description The request id (echoes a well-formed `X-Request-Id` sent by the client); quote it in support requests. */
        RequestId: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description healthy */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        snapshot: string | null;
                        stores: {
                            [key: string]: "ok" | "unreachable";
                        };
                        uptimeSeconds: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            /** @description a store is unreachable or no snapshot is served */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        snapshot: string | null;
                        stores: {
                            [key: string]: "ok" | "unreachable";
                        };
                        uptimeSeconds: number;
                    };
                };
            };
        };
    };
    getAuthChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a challenge */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description send back unchanged as `challenge` */
                        challenge: string;
                        /** @description hex zeros the SHA-256 of challenge + solution must begin with */
                        difficulty: number;
                        /** @constant */
                        algorithm: "sha256";
                        /** @description ISO 8601 UTC */
                        expiresAt: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description too many attempts; Retry-After says when to retry */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAuthCsrf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a token */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        csrfToken: string;
                        /** @constant */
                        header: "X-CSRF-Token";
                        /**
                         * @description a token fetched before login stops working once signed in; fetch a new one
                         * @enum {string}
                         */
                        boundTo: "session" | "anonymous";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postAuthRegister: {
        parameters: {
            query?: never;
            header: {
                /** @description CSRF token bound to the session, from GET /api/auth/csrf (also returned by POST /api/auth/login). */
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    challenge: string;
                    solution: string;
                    displayName?: string;
                    experience?: string;
                    useCase?: string;
                    referralSource?: string;
                    timezone?: string;
                };
            };
        };
        responses: {
            /** @description accepted; check the mailbox for the verification link */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "verification_pending";
                        message: string;
                    };
                };
            };
            /** @description invalid body; a bad, expired or already used `challenge`, a wrong `solution`, or a weak `password` (the message names the field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description X-CSRF-Token missing or not bound to this session (GET /api/auth/csrf) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            /** @description too many attempts; Retry-After says when to retry */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAuthVerifyEmail: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the address is verified; keys can now be issued */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        verified: true;
                        email: string;
                    };
                };
            };
            /** @description token missing, invalid, expired or already used */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postAuthResendVerification: {
        parameters: {
            query?: never;
            header: {
                /** @description CSRF token bound to the session, from GET /api/auth/csrf (also returned by POST /api/auth/login). */
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description accepted */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "verification_pending";
                        message: string;
                    };
                };
            };
            /** @description invalid email */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description X-CSRF-Token missing or not bound to this session (GET /api/auth/csrf) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            /** @description too many attempts; Retry-After says when to retry */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postAuthLogin: {
        parameters: {
            query?: never;
            header: {
                /** @description CSRF token bound to the session, from GET /api/auth/csrf (also returned by POST /api/auth/login). */
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description signed in */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            id: string;
                            email: string;
                            emailVerified: boolean;
                            emailVerifiedAt: string | null;
                            /** @enum {string} */
                            tier: "learner" | "researcher" | "investor" | "power_user";
                            plan: ("developer" | "developer_pro") | null;
                            /**
                             * @description the tier the account acts with: a developer plan counts as Power User
                             * @enum {string}
                             */
                            effectiveTier: "learner" | "researcher" | "investor" | "power_user";
                            displayName: string | null;
                            experience: string | null;
                            useCase: string | null;
                            referralSource: string | null;
                            timezone: string | null;
                            createdAt: string;
                        };
                        sessionExpiresAt: string;
                        /** @description a CSRF token bound to the new session (also available from GET /api/auth/csrf) */
                        csrfToken: string;
                    };
                };
            };
            /** @description invalid body */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid email or password */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description X-CSRF-Token missing or not bound to this session (GET /api/auth/csrf) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            /** @description too many attempts; Retry-After says when to retry */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postAuthLogout: {
        parameters: {
            query?: never;
            header: {
                /** @description CSRF token bound to the session, from GET /api/auth/csrf (also returned by POST /api/auth/login). */
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description signed out */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not signed in */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description X-CSRF-Token missing or not bound to this session (GET /api/auth/csrf) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAuthMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the account */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        emailVerified: boolean;
                        emailVerifiedAt: string | null;
                        /** @enum {string} */
                        tier: "learner" | "researcher" | "investor" | "power_user";
                        plan: ("developer" | "developer_pro") | null;
                        /**
                         * @description the tier the account acts with: a developer plan counts as Power User
                         * @enum {string}
                         */
                        effectiveTier: "learner" | "researcher" | "investor" | "power_user";
                        displayName: string | null;
                        experience: string | null;
                        useCase: string | null;
                        referralSource: string | null;
                        timezone: string | null;
                        createdAt: string;
                    };
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postKeys: {
        parameters: {
            query?: never;
            header: {
                /** @description CSRF token bound to the session, from GET /api/auth/csrf (also returned by POST /api/auth/login). */
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    expiresInDays?: number;
                };
            };
        };
        responses: {
            /** @description the new key, shown this once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        /** @description the first characters of the key, for recognising it */
                        prefix: string;
                        lastFour: string;
                        /** @enum {string} */
                        kind: "standard" | "trial";
                        /** @enum {string} */
                        status: "active" | "revoked" | "expired";
                        /** @description calls per UTC day (trial keys) */
                        dailyLimit: number | null;
                        createdAt: string;
                        lastUsedAt: string | null;
                        expiresAt: string | null;
                        revokedAt: string | null;
                        /** @description the raw key, shown this once only; send it as X-API-Key */
                        key: string;
                    };
                };
            };
            /** @description invalid body */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no signed-in session (POST /api/auth/login) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description X-CSRF-Token missing or not bound to this session (GET /api/auth/csrf) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description email not verified yet, or too many active keys */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postKeysTrial: {
        parameters: {
            query?: never;
            header: {
                /** @description CSRF token bound to the session, from GET /api/auth/csrf (also returned by POST /api/auth/login). */
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the trial key, shown this once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        /** @description the first characters of the key, for recognising it */
                        prefix: string;
                        lastFour: string;
                        /** @enum {string} */
                        kind: "standard" | "trial";
                        /** @enum {string} */
                        status: "active" | "revoked" | "expired";
                        /** @description calls per UTC day (trial keys) */
                        dailyLimit: number | null;
                        createdAt: string;
                        lastUsedAt: string | null;
                        expiresAt: string | null;
                        revokedAt: string | null;
                        /** @description the raw key, shown this once only; send it as X-API-Key */
                        key: string;
                    };
                };
            };
            /** @description no signed-in session (POST /api/auth/login) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description X-CSRF-Token missing or not bound to this session (GET /api/auth/csrf) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description email not verified yet, or the account already had its trial key */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getKeysList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the keys */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        /** @description the first characters of the key, for recognising it */
                        prefix: string;
                        lastFour: string;
                        /** @enum {string} */
                        kind: "standard" | "trial";
                        /** @enum {string} */
                        status: "active" | "revoked" | "expired";
                        /** @description calls per UTC day (trial keys) */
                        dailyLimit: number | null;
                        createdAt: string;
                        lastUsedAt: string | null;
                        expiresAt: string | null;
                        revokedAt: string | null;
                    }[];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteKeysById: {
        parameters: {
            query?: never;
            header: {
                /** @description CSRF token bound to the session, from GET /api/auth/csrf (also returned by POST /api/auth/login). */
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the key, now revoked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        /** @description the first characters of the key, for recognising it */
                        prefix: string;
                        lastFour: string;
                        /** @enum {string} */
                        kind: "standard" | "trial";
                        /** @enum {string} */
                        status: "active" | "revoked" | "expired";
                        /** @description calls per UTC day (trial keys) */
                        dailyLimit: number | null;
                        createdAt: string;
                        lastUsedAt: string | null;
                        expiresAt: string | null;
                        revokedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description no signed-in session (POST /api/auth/login) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description X-CSRF-Token missing or not bound to this session (GET /api/auth/csrf) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no such key on this account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getBillingAgentPlan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the agent plan record */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: ("developer" | "developer_pro") | null;
                        plan_name: string | null;
                        price_usd: number;
                        rate_usd: number;
                        limit_usd: number;
                        overage_accrued_usd: number;
                        extra_calls_enabled: boolean;
                        consent_required: boolean;
                        default_cap_usd: number;
                        max_cap_usd: number;
                        included_calls: number;
                        calls_this_month: number;
                        month: string;
                        resets_at: string;
                    };
                };
            };
            /** @description no API key and no signed-in session */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getBillingAgentUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the usage record */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        month: string;
                        calls: number;
                        plan_calls: number;
                        included_calls: number;
                        remaining_included_calls: number;
                        extra_calls: number;
                        overage_accrued_usd: number;
                    };
                };
            };
            /** @description no API key and no signed-in session */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postBillingAgentPlanOverage: {
        parameters: {
            query?: never;
            header: {
                /** @description CSRF token bound to the session, from GET /api/auth/csrf (also returned by POST /api/auth/login). */
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cap_usd?: number;
                };
            };
        };
        responses: {
            /** @description the agent plan record after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: ("developer" | "developer_pro") | null;
                        plan_name: string | null;
                        price_usd: number;
                        rate_usd: number;
                        limit_usd: number;
                        overage_accrued_usd: number;
                        extra_calls_enabled: boolean;
                        consent_required: boolean;
                        default_cap_usd: number;
                        max_cap_usd: number;
                        included_calls: number;
                        calls_this_month: number;
                        month: string;
                        resets_at: string;
                    };
                };
            };
            /** @description cap_usd negative, not a number, or above 4 times the plan price */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no signed-in session (POST /api/auth/login) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description X-CSRF-Token missing or not bound to this session */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the account has no developer plan */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            /** @description saved, but the limit store could not be updated: repeat the request */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTickerSearch: {
        parameters: {
            query: {
                q: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description matching tickers with company names, best first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        name: string;
                        exchange: string | null;
                        cik: number;
                    }[];
                };
            };
            /** @description q missing or empty */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getRandomTicker: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one company */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        name: string;
                        exchange: string | null;
                        cik: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description the universe is empty */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getFundamentalsPit: {
        parameters: {
            query: {
                ticker: string;
                date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the statement as known on the date */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        cik: number;
                        name: string;
                        asOf: string;
                        /** @constant */
                        source: "sec";
                        statement: {
                            fiscalYear: number;
                            /** @enum {string} */
                            fiscalPeriod: "FY" | "Q1" | "Q2" | "Q3" | "Q4";
                            periodEnd: string;
                            filingDate: string;
                            accession: string;
                            form: string;
                            restated: boolean;
                            fundamentals: {
                                revenue: number | null;
                                costOfRevenue: number | null;
                                grossProfit: number | null;
                                operatingIncome: number | null;
                                netIncome: number | null;
                                totalAssets: number | null;
                                currentAssets: number | null;
                                totalLiabilities: number | null;
                                currentLiabilities: number | null;
                                stockholdersEquity: number | null;
                                operatingCashFlow: number | null;
                                investingCashFlow: number | null;
                                financingCashFlow: number | null;
                                epsBasic: number | null;
                                epsDiluted: number | null;
                                longTermDebt: number | null;
                                sharesOutstanding: number | null;
                                dividendsPerShare: number | null;
                            };
                            metrics: {
                                grossMargin: number | null;
                                operatingMargin: number | null;
                                netMargin: number | null;
                                roa: number | null;
                                roe: number | null;
                                currentRatio: number | null;
                            };
                            sources: {
                                [key: string]: {
                                    accession: string;
                                    form: string;
                                    filed: string;
                                    concept: string;
                                    derived: boolean;
                                };
                            };
                        };
                    };
                };
            };
            /** @description ticker missing or invalid, or date not YYYY-MM-DD */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description unknown ticker, or nothing filed by that date */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getFundamentalsHistory: {
        parameters: {
            query: {
                ticker: string;
                start?: string;
                end?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the filing events in the range */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        cik: number;
                        start: string;
                        end: string;
                        entries: {
                            filingDate: string;
                            accession: string;
                            form: string;
                            statements: {
                                fiscalYear: number;
                                /** @enum {string} */
                                fiscalPeriod: "FY" | "Q1" | "Q2" | "Q3" | "Q4";
                                periodEnd: string;
                                filingDate: string;
                                accession: string;
                                form: string;
                                restated: boolean;
                                fundamentals: {
                                    revenue: number | null;
                                    costOfRevenue: number | null;
                                    grossProfit: number | null;
                                    operatingIncome: number | null;
                                    netIncome: number | null;
                                    totalAssets: number | null;
                                    currentAssets: number | null;
                                    totalLiabilities: number | null;
                                    currentLiabilities: number | null;
                                    stockholdersEquity: number | null;
                                    operatingCashFlow: number | null;
                                    investingCashFlow: number | null;
                                    financingCashFlow: number | null;
                                    epsBasic: number | null;
                                    epsDiluted: number | null;
                                    longTermDebt: number | null;
                                    sharesOutstanding: number | null;
                                    dividendsPerShare: number | null;
                                };
                                metrics: {
                                    grossMargin: number | null;
                                    operatingMargin: number | null;
                                    netMargin: number | null;
                                    roa: number | null;
                                    roe: number | null;
                                    currentRatio: number | null;
                                };
                                sources: {
                                    [key: string]: {
                                        accession: string;
                                        form: string;
                                        filed: string;
                                        concept: string;
                                        derived: boolean;
                                    };
                                };
                            }[];
                        }[];
                    };
                };
            };
            /** @description ticker missing, a date not YYYY-MM-DD, or start after end */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description unknown ticker */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getFundamentalsPitUniverse: {
        parameters: {
            query?: {
                date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description tickers with their latest fiscal period as known on the date */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asOf: string;
                        count: number;
                        tickers: {
                            ticker: string;
                            cik: number;
                            fiscalYear: number;
                            fiscalPeriod: string;
                            periodEnd: string;
                            filingDate: string;
                        }[];
                    };
                };
            };
            /** @description date not YYYY-MM-DD */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getFundamentalsPitStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description statistics */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        companies: number;
                        companiesWithFundamentals: number;
                        facts: number;
                        filings: number;
                        statements: number;
                        factsFiledFrom: string | null;
                        factsFiledTo: string | null;
                        filingsFrom: string | null;
                        filingsTo: string | null;
                        snapshot: string | null;
                        lastRuns: {
                            job: string;
                            status: string;
                            startedAt: string;
                            finishedAt: string | null;
                            docsOk: number;
                            docsQuarantined: number;
                            rowsOut: number;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getDataBulk: {
        parameters: {
            query: {
                tickers: string;
                fields?: string;
                format?: "json" | "csv" | "arrow" | "parquet";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description bulk rows */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asOf: string;
                        fields: ("fundamentals" | "metrics")[];
                        rows: {
                            ticker: string;
                            cik: number;
                            fiscalYear: number;
                            fiscalPeriod: string;
                            periodEnd: string;
                            filingDate: string;
                            accession: string;
                            form: string;
                            /** @constant */
                            source: "sec";
                            fundamentals?: {
                                revenue: number | null;
                                costOfRevenue: number | null;
                                grossProfit: number | null;
                                operatingIncome: number | null;
                                netIncome: number | null;
                                totalAssets: number | null;
                                currentAssets: number | null;
                                totalLiabilities: number | null;
                                currentLiabilities: number | null;
                                stockholdersEquity: number | null;
                                operatingCashFlow: number | null;
                                investingCashFlow: number | null;
                                financingCashFlow: number | null;
                                epsBasic: number | null;
                                epsDiluted: number | null;
                                longTermDebt: number | null;
                                sharesOutstanding: number | null;
                                dividendsPerShare: number | null;
                            };
                            metrics?: {
                                grossMargin: number | null;
                                operatingMargin: number | null;
                                netMargin: number | null;
                                roa: number | null;
                                roe: number | null;
                                currentRatio: number | null;
                            };
                        }[];
                        withheld: {
                            ticker: string;
                            reason: string;
                        }[];
                        retiredFields?: {
                            [key: string]: string;
                        };
                    };
                    "text/csv; charset=utf-8": string;
                    "application/vnd.apache.arrow.stream": string;
                    "application/vnd.apache.parquet": string;
                };
            };
            /** @description tickers missing, invalid or more than 100; unknown field or format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description below the Investor tier The account is below the Investor tier: `requiredTier`, `currentTier`, `upgrade_url`. The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["TierRequired"] | components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getDataBulkHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description retired on 2026-09-14 */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    putDataBulkHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description retired on 2026-09-14 */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postDataBulkHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description retired on 2026-09-14 */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteDataBulkHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description retired on 2026-09-14 */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    patchDataBulkHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description retired on 2026-09-14 */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getData: {
        parameters: {
            query?: {
                /** @description the ticker symbol (required; missing -> 400 "no ticker provided") */
                ticker?: string;
                /** @description `1` forces a fresh snapshot, bypassing the response cache */
                nocache?: string;
                /** @description comma-separated field names; dotted names select inside an object, e.g. price.current,profile.name */
                fields?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the snapshot; with fields=, only the selected fields */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        price: {
                            current: number;
                            change: number | null;
                            /** @description percent: (current - previousClose) / previousClose * 100, from the last two closes */
                            changePercent: number | null;
                            previousClose: number | null;
                            date: string;
                            open: number | null;
                            high: number | null;
                            low: number | null;
                            volume: number | null;
                            /** @constant */
                            currency: "USD";
                        } | null;
                        fundamentals: {
                            /** @description latest close x shares outstanding (point-in-time) */
                            marketCap: number | null;
                            /** @description latest close / trailing-twelve-month diluted EPS; null when EPS <= 0 or missing */
                            pe: number | null;
                            /** @description trailing-twelve-month diluted EPS */
                            eps: number | null;
                            /** @description diluted EPS of the latest fiscal period */
                            epsDiluted: number | null;
                            epsBasic: number | null;
                            /** @description percent: dividends going ex in the last 12 months (price file) / latest close * 100 */
                            dividendYield: number | null;
                            dividendsTtm: number | null;
                            revenue: number | null;
                            netIncome: number | null;
                            totalAssets: number | null;
                            totalLiabilities: number | null;
                            stockholdersEquity: number | null;
                            operatingCashFlow: number | null;
                            longTermDebt: number | null;
                            sharesOutstanding: number | null;
                            grossMargin: number | null;
                            operatingMargin: number | null;
                            netMargin: number | null;
                            roa: number | null;
                            roe: number | null;
                            currentRatio: number | null;
                            fiscalYear: number | null;
                            fiscalPeriod: string | null;
                            periodEnd: string | null;
                            filingDate: string | null;
                            accession: string | null;
                            form: string | null;
                            /** @constant */
                            source: "sec";
                        } | null;
                        profile: {
                            name: string;
                            cik: number;
                            sector: string | null;
                            industry: string | null;
                            sicCode: string | null;
                            sicDescription: string | null;
                            exchange: string | null;
                            fiscalYearEnd: string | null;
                            stateOfIncorporation: string | null;
                            formerNames: {
                                name: string;
                                from: string | null;
                                to: string | null;
                            }[];
                        };
                        filings: {
                            form: string;
                            filed: string;
                            accession: string;
                            reportDate: string | null;
                        }[];
                        technicals: {
                            asOf: string;
                            sma20: number | null;
                            sma50: number | null;
                            sma200: number | null;
                            ema12: number | null;
                            ema26: number | null;
                            rsi14: number | null;
                            macd: number | null;
                            macdSignal: number | null;
                            macdHistogram: number | null;
                            high52Week: number | null;
                            low52Week: number | null;
                            /** @description annualised standard deviation of 30 daily log returns, as a fraction */
                            volatility30d: number | null;
                            avgVolume30d: number | null;
                        } | null;
                        priceTarget?: {
                            mean: number;
                            source: string;
                            fetchedAt: string;
                            analystCount?: number;
                        };
                        fetchedAt: string;
                    } | {
                        ticker?: string;
                        price?: {
                            current?: number;
                            change?: number | null;
                            /** @description percent: (current - previousClose) / previousClose * 100, from the last two closes */
                            changePercent?: number | null;
                            previousClose?: number | null;
                            date?: string;
                            open?: number | null;
                            high?: number | null;
                            low?: number | null;
                            volume?: number | null;
                            /** @constant */
                            currency?: "USD";
                        } | null;
                        fundamentals?: {
                            /** @description latest close x shares outstanding (point-in-time) */
                            marketCap?: number | null;
                            /** @description latest close / trailing-twelve-month diluted EPS; null when EPS <= 0 or missing */
                            pe?: number | null;
                            /** @description trailing-twelve-month diluted EPS */
                            eps?: number | null;
                            /** @description diluted EPS of the latest fiscal period */
                            epsDiluted?: number | null;
                            epsBasic?: number | null;
                            /** @description percent: dividends going ex in the last 12 months (price file) / latest close * 100 */
                            dividendYield?: number | null;
                            dividendsTtm?: number | null;
                            revenue?: number | null;
                            netIncome?: number | null;
                            totalAssets?: number | null;
                            totalLiabilities?: number | null;
                            stockholdersEquity?: number | null;
                            operatingCashFlow?: number | null;
                            longTermDebt?: number | null;
                            sharesOutstanding?: number | null;
                            grossMargin?: number | null;
                            operatingMargin?: number | null;
                            netMargin?: number | null;
                            roa?: number | null;
                            roe?: number | null;
                            currentRatio?: number | null;
                            fiscalYear?: number | null;
                            fiscalPeriod?: string | null;
                            periodEnd?: string | null;
                            filingDate?: string | null;
                            accession?: string | null;
                            form?: string | null;
                            /** @constant */
                            source?: "sec";
                        } | null;
                        profile?: {
                            name?: string;
                            cik?: number;
                            sector?: string | null;
                            industry?: string | null;
                            sicCode?: string | null;
                            sicDescription?: string | null;
                            exchange?: string | null;
                            fiscalYearEnd?: string | null;
                            stateOfIncorporation?: string | null;
                            formerNames?: {
                                name: string;
                                from: string | null;
                                to: string | null;
                            }[];
                        };
                        filings?: {
                            form: string;
                            filed: string;
                            accession: string;
                            reportDate: string | null;
                        }[];
                        technicals?: {
                            asOf?: string;
                            sma20?: number | null;
                            sma50?: number | null;
                            sma200?: number | null;
                            ema12?: number | null;
                            ema26?: number | null;
                            rsi14?: number | null;
                            macd?: number | null;
                            macdSignal?: number | null;
                            macdHistogram?: number | null;
                            high52Week?: number | null;
                            low52Week?: number | null;
                            /** @description annualised standard deviation of 30 daily log returns, as a fraction */
                            volatility30d?: number | null;
                            avgVolume30d?: number | null;
                        } | null;
                        priceTarget?: {
                            mean?: number;
                            source?: string;
                            fetchedAt?: string;
                            analystCount?: number;
                        };
                        fetchedAt?: string;
                    };
                };
            };
            /** @description no ticker provided, or an unknown field name */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description unknown ticker */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getScreener: {
        parameters: {
            query?: {
                /** @description minimum market capitalisation, USD */
                mktcap_min?: number;
                /** @description maximum P/E (companies without a positive P/E are excluded) */
                pe_max?: number;
                /** @description minimum dividend yield, percent (2 = 2%) */
                div_yield_min?: number;
                /** @description sector name, case-insensitive exact match */
                sector?: string;
                sort?: string;
                /** @description rows to return; default 50; values above 500 are capped at 500 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description matching tickers with key metrics */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        limit: number;
                        sort: string;
                        locked: boolean;
                        locked_total?: number;
                        results: {
                            ticker: string;
                            name: string;
                            sector: string | null;
                            industry: string | null;
                            exchange: string | null;
                            price: number | null;
                            priceDate: string | null;
                            changePercent: number | null;
                            marketCap: number | null;
                            pe: number | null;
                            eps: number | null;
                            dividendYield: number | null;
                            revenue: number | null;
                            netMargin: number | null;
                            roe: number | null;
                            fiscalYear: number | null;
                            periodEnd: string | null;
                            filingDate: string | null;
                        }[];
                    };
                };
            };
            /** @description an invalid parameter (a number that is not one, an unknown sort field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getNewsSearch: {
        parameters: {
            query?: {
                /** @description full-text query: every term must occur (title or summary); ranked by relevance */
                q?: string;
                ticker?: string;
                /** @description industry tag, e.g. technology, financials, energy */
                tag?: string;
                sentiment?: "positive" | "negative" | "neutral";
                /** @description window in days, counted back from the newest item in the news database */
                days?: number;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one page of matches and the total */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        offset: number;
                        limit: number;
                        since: string | null;
                        items: {
                            id: string;
                            title: string;
                            link: string;
                            summary: string | null;
                            publishedAt: string;
                            feed: string;
                            sentiment: {
                                score: number;
                                /** @enum {string} */
                                label: "positive" | "negative" | "neutral";
                            };
                            tickers: string[];
                            tags: string[];
                            relevance: number | null;
                        }[];
                    };
                };
            };
            /** @description an invalid parameter (sentiment, days, limit, offset) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getNewsTicker: {
        parameters: {
            query: {
                ticker: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the newest items associated with the ticker (possibly none) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        items: {
                            id: string;
                            title: string;
                            link: string;
                            summary: string | null;
                            publishedAt: string;
                            feed: string;
                            sentiment: {
                                score: number;
                                /** @enum {string} */
                                label: "positive" | "negative" | "neutral";
                            };
                            tickers: string[];
                            tags: string[];
                            relevance: number | null;
                        }[];
                    };
                };
            };
            /** @description ticker missing */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description unknown ticker */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getNewsStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description counts per feed, sentiment, tag and ticker */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: number;
                        feeds: {
                            feed: string;
                            source: string;
                            items: number;
                            latest: string;
                        }[];
                        first: string | null;
                        latest: string | null;
                        sentiment: {
                            positive: number;
                            negative: number;
                            neutral: number;
                        };
                        tags: {
                            tag: string;
                            items: number;
                        }[];
                        tickers: {
                            ticker: string;
                            items: number;
                        }[];
                        indexedTerms: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getMacroSeries: {
        parameters: {
            query: {
                id: string;
                start?: string;
                end?: string;
                /** @description serve values as known on this date (vintages); default: latest */
                asOf?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the observations, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        asOf: string | null;
                        observations: {
                            date: string;
                            value: number | null;
                            realtimeStart: string;
                        }[];
                    };
                };
            };
            /** @description id missing or a date invalid, or start after end */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description no such series */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getMacroSeriesList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description series with their coverage */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        observations: number;
                        first: string;
                        last: string;
                        vintaged: boolean;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getMacroYieldCurve: {
        parameters: {
            query?: {
                /** @description curve date; the latest business day on or before it is served; default latest */
                date?: string;
                /** @description as known on this date: a curve after asOf is not known yet */
                asOf?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the curve */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        date: string;
                        points: {
                            tenor: string;
                            months: number;
                            value: number;
                        }[];
                    };
                };
            };
            /** @description a date is invalid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description no curve on or before the date */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getInsiders: {
        parameters: {
            query?: {
                ticker?: string;
                owner_cik?: number;
                owner?: string;
                code?: string;
                from?: string;
                to?: string;
                as_of?: string;
                include_holdings?: "0" | "1" | "true" | "false";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description insider transactions (possibly none) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accession: string;
                        /** @description 3, 4, 5, 3/A, 4/A or 5/A */
                        form: string;
                        filed: string;
                        issuerCik: number;
                        issuerName: string | null;
                        ticker: string | null;
                        /** @description every reporting owner of the filing, in filing order */
                        owners: {
                            cik: number;
                            name: string;
                            isDirector: boolean;
                            isOfficer: boolean;
                            officerTitle: string | null;
                            isTenPercentOwner: boolean;
                            isOther: boolean;
                            otherText: string | null;
                        }[];
                        /** @enum {string} */
                        table: "non_derivative" | "derivative";
                        /** @enum {string} */
                        kind: "transaction" | "holding";
                        securityTitle: string | null;
                        transactionDate: string | null;
                        /** @description transaction code: P purchase, S sale, A grant, M exercise, F tax withholding, G gift ... */
                        code: string | null;
                        shares: number | null;
                        price: number | null;
                        /** @description A acquired, D disposed */
                        acquiredDisposed: string | null;
                        sharesAfter: number | null;
                        /** @description D direct, I indirect */
                        directIndirect: string | null;
                        natureOfOwnership: string | null;
                        conversionPrice: number | null;
                        exerciseDate: string | null;
                        expirationDate: string | null;
                        underlyingTitle: string | null;
                        underlyingShares: number | null;
                        /** @description Rule 10b5-1 checkbox (schema X0407 and later; null before) */
                        rule10b5One: boolean | null;
                        /** @description footnote texts by the field they annotate */
                        footnotes: {
                            [key: string]: string[];
                        };
                        /** @description accession of the amendment that replaced this row */
                        supersededBy: string | null;
                    }[];
                };
            };
            /** @description none of ticker/owner_cik/owner given, or an invalid parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getInsidersRecentBuys: {
        parameters: {
            query?: {
                days?: number;
                min_value?: number;
                as_of?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description purchases with their dollar value */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accession: string;
                        /** @description 3, 4, 5, 3/A, 4/A or 5/A */
                        form: string;
                        filed: string;
                        issuerCik: number;
                        issuerName: string | null;
                        ticker: string | null;
                        /** @description every reporting owner of the filing, in filing order */
                        owners: {
                            cik: number;
                            name: string;
                            isDirector: boolean;
                            isOfficer: boolean;
                            officerTitle: string | null;
                            isTenPercentOwner: boolean;
                            isOther: boolean;
                            otherText: string | null;
                        }[];
                        /** @enum {string} */
                        table: "non_derivative" | "derivative";
                        /** @enum {string} */
                        kind: "transaction" | "holding";
                        securityTitle: string | null;
                        transactionDate: string | null;
                        /** @description transaction code: P purchase, S sale, A grant, M exercise, F tax withholding, G gift ... */
                        code: string | null;
                        shares: number | null;
                        price: number | null;
                        /** @description A acquired, D disposed */
                        acquiredDisposed: string | null;
                        sharesAfter: number | null;
                        /** @description D direct, I indirect */
                        directIndirect: string | null;
                        natureOfOwnership: string | null;
                        conversionPrice: number | null;
                        exerciseDate: string | null;
                        expirationDate: string | null;
                        underlyingTitle: string | null;
                        underlyingShares: number | null;
                        /** @description Rule 10b5-1 checkbox (schema X0407 and later; null before) */
                        rule10b5One: boolean | null;
                        /** @description footnote texts by the field they annotate */
                        footnotes: {
                            [key: string]: string[];
                        };
                        /** @description accession of the amendment that replaced this row */
                        supersededBy: string | null;
                        valueUsd: number | null;
                    }[];
                };
            };
            /** @description an invalid parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getFundHoldings: {
        parameters: {
            query: {
                cik: string;
                max_holdings?: number;
                quarter?: string;
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description holdings with totals and the source filings */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cik: number;
                        manager: string;
                        period: string;
                        filings: {
                            accession: string;
                            form: string;
                            filed: string;
                            amendmentType: string | null;
                        }[];
                        /** @description true when no original 13F-HR or RESTATEMENT of the quarter is loaded: the holdings are only what NEW HOLDINGS amendments report (a partial view of the quarter) */
                        amendmentsOnly: boolean;
                        positions: number;
                        totalValueUsd: number;
                        holdings: {
                            issuer: string;
                            titleOfClass: string | null;
                            cusip: string;
                            ticker: string | null;
                            valueUsd: number;
                            shares: number | null;
                            shareType: string | null;
                            putCall: string | null;
                            pctOfPortfolio: number;
                        }[];
                    };
                };
            };
            /** @description cik missing or invalid, max_holdings outside 1 to 500, bad quarter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description no 13F holdings for this CIK (and quarter) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getInstitutionsByCik: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                cik: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description quarters and top holdings */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cik: number;
                        manager: string;
                        quarters: {
                            period: string;
                            filed: string;
                            positions: number;
                            valueUsd: number;
                            newPositions: number;
                            exitedPositions: number;
                            /** @description true when no original 13F-HR or RESTATEMENT of the quarter is loaded: the holdings are only what NEW HOLDINGS amendments report (a partial view of the quarter) */
                            amendmentsOnly: boolean;
                        }[];
                        top: {
                            issuer: string;
                            titleOfClass: string | null;
                            cusip: string;
                            ticker: string | null;
                            valueUsd: number;
                            shares: number | null;
                            shareType: string | null;
                            putCall: string | null;
                            pctOfPortfolio: number;
                        }[];
                        concentrationTop10: number;
                    };
                };
            };
            /** @description cik is not a number */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description no 13F filings for this CIK */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getInstitutionalHolders: {
        parameters: {
            query: {
                ticker: string;
                quarter?: string;
                as_of?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description holders, largest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        cusips: string[];
                        period: string;
                        previousPeriod: string;
                        /** @description factor applied to previous-quarter shares (1 = no split) */
                        splitFactor: number;
                        splitSource: ("prices" | "inferred") | null;
                        holders: {
                            cik: number;
                            manager: string;
                            period: string;
                            shares: number;
                            valueUsd: number;
                            pctOfPortfolio: number;
                            previousShares: number | null;
                            changeShares: number | null;
                            /** @enum {string} */
                            change: "new" | "increased" | "decreased" | "unchanged";
                        }[];
                        totalShares: number;
                        totalValueUsd: number;
                    };
                };
            };
            /** @description ticker missing or quarter invalid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description no CUSIP known for the ticker, or no 13F holder in the quarter */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getEtfData: {
        parameters: {
            query: {
                symbol: string;
                max_holdings?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description profile, holdings, breakdowns, performance */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        profile: {
                            symbol: string;
                            name: string;
                            cik: number;
                            seriesId: string | null;
                            netAssets: number | null;
                            totalAssets: number | null;
                            holdingsCount: number;
                            period: string;
                            filed: string;
                            accession: string;
                        };
                        holdings: {
                            name: string;
                            title: string | null;
                            cusip: string | null;
                            isin: string | null;
                            ticker: string | null;
                            balance: number | null;
                            /** @description NS shares, PA principal amount, NC contracts, OU other units */
                            units: string | null;
                            valueUsd: number | null;
                            /** @description percent of net assets (1.5 = 1.5 %) */
                            pctNetAssets: number | null;
                            assetCat: string | null;
                            issuerCat: string | null;
                            country: string | null;
                            maturity: string | null;
                            couponRate: number | null;
                        }[];
                        sectorBreakdown: {
                            name: string;
                            pctNetAssets: number | null;
                            valueUsd: number | null;
                            holdings: number;
                        }[];
                        assetBreakdown: {
                            name: string;
                            pctNetAssets: number | null;
                            valueUsd: number | null;
                            holdings: number;
                        }[];
                        /** @description price returns in percent from the daily prices; null when there are no prices for the symbol */
                        performance: {
                            asOf: string;
                            close: number | null;
                            returns: {
                                "1m": number | null;
                                "3m": number | null;
                                ytd: number | null;
                                "1y": number | null;
                            };
                        } | null;
                    };
                };
            };
            /** @description symbol missing or invalid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description no N-PORT data for the symbol */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getEtfCompare: {
        parameters: {
            query: {
                symbols: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description funds, pairwise overlap, missing symbols */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        funds: {
                            symbol: string;
                            name: string;
                            netAssets: number | null;
                            holdingsCount: number;
                            period: string;
                            /** @description price returns in percent from the daily prices; null when there are no prices for the symbol */
                            performance: {
                                asOf: string;
                                close: number | null;
                                returns: {
                                    "1m": number | null;
                                    "3m": number | null;
                                    ytd: number | null;
                                    "1y": number | null;
                                };
                            } | null;
                        }[];
                        overlap: {
                            a: string;
                            b: string;
                            commonHoldings: number;
                            weightOverlapPct: number;
                        }[];
                        /** @description symbols with no N-PORT data */
                        missing: string[];
                    };
                };
            };
            /** @description symbols missing, invalid or more than 10 */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getEtfList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ETF symbols with names and net assets */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        symbol: string;
                        name: string;
                        cik: number;
                        seriesId: string | null;
                        netAssets: number | null;
                        period: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getFundHolders: {
        parameters: {
            query: {
                id: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description fund positions */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        regCik: number;
                        fundName: string;
                        seriesId: string | null;
                        period: string;
                        filed: string;
                        accession: string;
                        balance: number | null;
                        units: string | null;
                        valueUsd: number | null;
                        pctNetAssets: number | null;
                    }[];
                };
            };
            /** @description id missing */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getBondSearch: {
        parameters: {
            query: {
                q: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description matching bonds (empty when q has fewer than 2 characters) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cusip: string;
                        isin: string | null;
                        issuer: string;
                        title: string | null;
                        lei: string | null;
                        issuerCategory: string | null;
                        couponKind: string | null;
                        /** @description annualized coupon, percent */
                        couponRate: number | null;
                        maturity: string | null;
                        isDefault: boolean | null;
                        interestInArrears: boolean | null;
                        isPik: boolean | null;
                        /** @description funds holding it in their latest N-PORT */
                        holders: number;
                        totalParUsd: number | null;
                        totalValueUsd: number | null;
                        asOf: string;
                    }[];
                };
            };
            /** @description q missing */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCreditBdc: {
        parameters: {
            query?: {
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description BDCs, largest fair value first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cik: number;
                        name: string;
                        ticker: string | null;
                        /** @description 814- for business development companies */
                        fileNumber: string | null;
                        latestPeriod: string | null;
                        latestFiled: string;
                        latestForm: string;
                        holdings: number;
                        fairValue: number | null;
                        cost: number | null;
                    }[];
                };
            };
            /** @description invalid as_of */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCreditBorrowers: {
        parameters: {
            query: {
                q: string;
                limit?: number;
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description positions, largest fair value first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bdcCik: number;
                        bdcName: string;
                        adsh: string;
                        period: string | null;
                        filed: string;
                        borrower: string;
                        industry: string | null;
                        identifier: string | null;
                        affiliation: string | null;
                        investmentType: string | null;
                        /** @enum {string} */
                        instrument: "first_lien" | "second_lien" | "unitranche" | "subordinated" | "equity" | "other";
                        referenceRate: string | null;
                        spread: number | null;
                        pik: boolean;
                        interestRate: number | null;
                        maturity: string | null;
                        principal: number | null;
                        cost: number | null;
                        fairValue: number | null;
                        pctNetAssets: number | null;
                        nonAccrual: boolean;
                    }[];
                };
            };
            /** @description q missing or shorter than 2 characters */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCreditBdcByCikHoldings: {
        parameters: {
            query?: {
                period?: string;
                limit?: number;
                as_of?: string;
            };
            header?: never;
            path: {
                cik: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description positions, largest fair value first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bdcCik: number;
                        bdcName: string;
                        adsh: string;
                        period: string | null;
                        filed: string;
                        borrower: string;
                        industry: string | null;
                        identifier: string | null;
                        affiliation: string | null;
                        investmentType: string | null;
                        /** @enum {string} */
                        instrument: "first_lien" | "second_lien" | "unitranche" | "subordinated" | "equity" | "other";
                        referenceRate: string | null;
                        spread: number | null;
                        pik: boolean;
                        interestRate: number | null;
                        maturity: string | null;
                        principal: number | null;
                        cost: number | null;
                        fairValue: number | null;
                        pctNetAssets: number | null;
                        nonAccrual: boolean;
                    }[];
                };
            };
            /** @description invalid cik or parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description no holdings for this BDC (and period) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCreditBdcByCikQuality: {
        parameters: {
            query?: {
                as_of?: string;
            };
            header?: never;
            path: {
                cik: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description quarters, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cik: number;
                        name: string;
                        adsh: string;
                        form: string;
                        period: string | null;
                        filed: string;
                        holdings: number;
                        cost: number;
                        fairValue: number;
                        fairValueToCost: number | null;
                        nonAccrualShareCost: number | null;
                        nonAccrualShareFairValue: number | null;
                        nonAccrualPositions: number;
                        /** @description first lien and unitranche share of fair value */
                        firstLienShare: number | null;
                        /** @description cost-weighted interest rate of accruing debt with a stated rate */
                        weightedAverageYield: number | null;
                    }[];
                };
            };
            /** @description invalid cik */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description no BDC holdings for this CIK */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPortfolioPositions: {
        parameters: {
            query?: {
                /** @description portfolio name; default `default` */
                portfolio_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description positions, by ticker */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        shares: number;
                        /** @description per-share cost (weighted average after several purchases) */
                        cost_basis: number;
                        portfolio_id: string;
                        /** @description trading day the position first counted in the portfolio value */
                        opened_on: string;
                        /** @description latest close */
                        price: number | null;
                        price_date: string | null;
                        market_value: number | null;
                        /** @description (price - cost_basis) x shares */
                        unrealized_pnl: number | null;
                    }[];
                };
            };
            /** @description an invalid portfolio_id */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postPortfolioPositions: {
        parameters: {
            query?: {
                /** @description portfolio name; default `default` */
                portfolio_id?: string;
            };
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ticker: string;
                    shares: number;
                    cost_basis: number;
                    /** @description alternative to the query parameter */
                    portfolio_id?: string;
                    /** @description trade date YYYY-MM-DD; default: the latest trading day the service holds for the ticker */
                    date?: string;
                };
            };
        };
        responses: {
            /** @description the position after the change */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        shares: number;
                        /** @description per-share cost (weighted average after several purchases) */
                        cost_basis: number;
                        portfolio_id: string;
                        /** @description trading day the position first counted in the portfolio value */
                        opened_on: string;
                        /** @description latest close */
                        price: number | null;
                        price_date: string | null;
                        market_value: number | null;
                        /** @description (price - cost_basis) x shares */
                        unrealized_pnl: number | null;
                    };
                };
            };
            /** @description unknown ticker, or invalid shares / cost_basis / date */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deletePortfolioPositions: {
        parameters: {
            query?: {
                /** @description portfolio name; default `default` */
                portfolio_id?: string;
            };
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ticker: string;
                    portfolio_id?: string;
                    /** @description date the position was closed; default: the latest trading day the service holds for the ticker */
                    date?: string;
                };
            };
        };
        responses: {
            /** @description the removed position */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        removed: {
                            ticker: string;
                            shares: number;
                            /** @description per-share cost (weighted average after several purchases) */
                            cost_basis: number;
                            portfolio_id: string;
                            /** @description trading day the position first counted in the portfolio value */
                            opened_on: string;
                            /** @description latest close */
                            price: number | null;
                            price_date: string | null;
                            market_value: number | null;
                            /** @description (price - cost_basis) x shares */
                            unrealized_pnl: number | null;
                        };
                    };
                };
            };
            /** @description invalid body */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description no such position in this portfolio of the account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPortfolioHistory: {
        parameters: {
            query?: {
                portfolio_id?: string;
                /** @description calendar days ending at the latest trading day (default 30) */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description value history, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        portfolio_id: string;
                        days: number;
                        start: string | null;
                        end: string | null;
                        series: {
                            date: string;
                            /** @description sum of shares held at that close x close */
                            value: number;
                            /** @description sum of shares held x their purchase prices */
                            cost: number;
                            positions: number;
                        }[];
                        disclaimer: string;
                    };
                };
            };
            /** @description invalid days or portfolio_id */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPortfolioBenchmark: {
        parameters: {
            query?: {
                portfolio_id?: string;
                period?: "1M" | "3M" | "6M" | "YTD" | "1Y" | "3Y" | "5Y";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description both returns and both daily series */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        portfolio_id: string;
                        /** @enum {string} */
                        period: "1M" | "3M" | "6M" | "YTD" | "1Y" | "3Y" | "5Y";
                        /** @description base date: the last trading day on or before the period start */
                        start: string;
                        end: string;
                        portfolio: {
                            /** @description time-weighted price return over the period; null when nothing was held */
                            return: number | null;
                            series: {
                                date: string;
                                /** @description cumulative return since the start, as a fraction */
                                return: number;
                                value: number;
                            }[];
                        };
                        benchmark: {
                            ticker: string;
                            name: string | null;
                            return: number;
                            series: {
                                date: string;
                                /** @description cumulative return since the start, as a fraction */
                                return: number;
                            }[];
                        };
                        /** @description portfolio return minus benchmark return */
                        excessReturn: number | null;
                        method: string;
                        disclaimer: string;
                    };
                };
            };
            /** @description an invalid period or portfolio_id */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description the service holds no benchmark prices */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getWatchlists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description watchlists */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        tickers: string[];
                        createdAt: string;
                        updatedAt: string;
                    }[];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postWatchlists: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    tickers?: string[];
                };
            };
        };
        responses: {
            /** @description the new watchlist */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        tickers: string[];
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description invalid name or an unknown ticker, or too many lists */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description the account already has a watchlist of that name */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getWatchlistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the watchlist view */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        tickers: string[];
                        createdAt: string;
                        updatedAt: string;
                        rows: {
                            ticker: string;
                            name: string | null;
                            price: {
                                current: number;
                                change: number | null;
                                changePercent: number | null;
                                date: string;
                            } | null;
                        }[];
                        disclaimer: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description no such watchlist of the account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteWatchlistsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description no such watchlist of the account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    patchWatchlistsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description the renamed watchlist */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        tickers: string[];
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description no such watchlist of the account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description name taken */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postWatchlistsByIdTickers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ticker: string;
                };
            };
        };
        responses: {
            /** @description the watchlist after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        tickers: string[];
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description unknown ticker or the list is full */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description no such watchlist of the account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteWatchlistsByIdTickersByTicker: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
                ticker: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the watchlist after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        tickers: string[];
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description no such watchlist of the account, or ticker not on it */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getScreens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description saved screens, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        params: {
                            mktcap_min?: number;
                            pe_max?: number;
                            div_yield_min?: number;
                            sector?: string;
                            sort?: string;
                            limit?: number;
                        };
                        createdAt: string;
                        updatedAt: string;
                        lastRunAt: string | null;
                    }[];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postScreens: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    params: {
                        mktcap_min?: number;
                        pe_max?: number;
                        div_yield_min?: number;
                        sector?: string;
                        sort?: string;
                        limit?: number;
                    };
                };
            };
        };
        responses: {
            /** @description the saved screen */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        params: {
                            mktcap_min?: number;
                            pe_max?: number;
                            div_yield_min?: number;
                            sector?: string;
                            sort?: string;
                            limit?: number;
                        };
                        createdAt: string;
                        updatedAt: string;
                        lastRunAt: string | null;
                    };
                };
            };
            /** @description invalid name or parameters */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description name taken */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getScreensById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the saved screen */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        params: {
                            mktcap_min?: number;
                            pe_max?: number;
                            div_yield_min?: number;
                            sector?: string;
                            sort?: string;
                            limit?: number;
                        };
                        createdAt: string;
                        updatedAt: string;
                        lastRunAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no such screen of the account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteScreensById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description no such screen of the account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    patchScreensById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    params?: {
                        mktcap_min?: number;
                        pe_max?: number;
                        div_yield_min?: number;
                        sector?: string;
                        sort?: string;
                        limit?: number;
                    };
                };
            };
        };
        responses: {
            /** @description the screen after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        params: {
                            mktcap_min?: number;
                            pe_max?: number;
                            div_yield_min?: number;
                            sector?: string;
                            sort?: string;
                            limit?: number;
                        };
                        createdAt: string;
                        updatedAt: string;
                        lastRunAt: string | null;
                    };
                };
            };
            /** @description invalid parameters */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description no such screen of the account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description name taken */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getScreensByIdRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the screen and the screener result */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        screen: {
                            id: string;
                            name: string;
                            params: {
                                mktcap_min?: number;
                                pe_max?: number;
                                div_yield_min?: number;
                                sector?: string;
                                sort?: string;
                                limit?: number;
                            };
                            createdAt: string;
                            updatedAt: string;
                            lastRunAt: string | null;
                        };
                        result: {
                            total: number;
                            limit: number;
                            sort: string;
                            locked: boolean;
                            locked_total?: number;
                            results: {
                                ticker: string;
                                name: string;
                                sector: string | null;
                                industry: string | null;
                                exchange: string | null;
                                price: number | null;
                                priceDate: string | null;
                                changePercent: number | null;
                                marketCap: number | null;
                                pe: number | null;
                                eps: number | null;
                                dividendYield: number | null;
                                revenue: number | null;
                                netMargin: number | null;
                                roe: number | null;
                                fiscalYear: number | null;
                                periodEnd: string | null;
                                filingDate: string | null;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description no such screen of the account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPaperAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the paper account */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        startingCash: number;
                        cash: number;
                        /** @description cash held back by open limit buys (quantity x limit) */
                        reservedCash: number;
                        /** @description cash - reservedCash: no margin */
                        buyingPower: number;
                        marketValue: number;
                        /** @description cash + marketValue */
                        equity: number;
                        realizedPnl: number;
                        unrealizedPnl: number;
                        /** @description equity - startingCash */
                        totalPnl: number;
                        positions: {
                            ticker: string;
                            shares: number;
                            avgCost: number;
                            price: number | null;
                            priceDate: string | null;
                            marketValue: number | null;
                            unrealizedPnl: number | null;
                        }[];
                        openOrders: number;
                        createdAt: string;
                        resetAt: string | null;
                        disclaimer: string;
                    };
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPaperOrders: {
        parameters: {
            query?: {
                status?: "open" | "filled" | "cancelled" | "rejected";
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description orders */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        ticker: string;
                        /** @enum {string} */
                        side: "buy" | "sell";
                        /** @enum {string} */
                        type: "market" | "limit";
                        quantity: number;
                        limitPrice: number | null;
                        /** @enum {string} */
                        status: "open" | "filled" | "cancelled" | "rejected";
                        placedAt: string;
                        /** @description latest trading day the service held for the ticker when the order was placed */
                        placedPriceDate: string;
                        fillPrice: number | null;
                        /** @description trading day of the close the order filled at */
                        fillDate: string | null;
                        filledAt: string | null;
                        realizedPnl: number | null;
                        reason: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postPaperOrders: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ticker: string;
                    /** @enum {string} */
                    side: "buy" | "sell";
                    /**
                     * @default market
                     * @enum {string}
                     */
                    type?: "market" | "limit";
                    quantity: number;
                    limitPrice?: number;
                };
            };
        };
        responses: {
            /** @description the order (filled, or open for a limit order not yet reached) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        ticker: string;
                        /** @enum {string} */
                        side: "buy" | "sell";
                        /** @enum {string} */
                        type: "market" | "limit";
                        quantity: number;
                        limitPrice: number | null;
                        /** @enum {string} */
                        status: "open" | "filled" | "cancelled" | "rejected";
                        placedAt: string;
                        /** @description latest trading day the service held for the ticker when the order was placed */
                        placedPriceDate: string;
                        fillPrice: number | null;
                        /** @description trading day of the close the order filled at */
                        fillDate: string | null;
                        filledAt: string | null;
                        realizedPnl: number | null;
                        reason: string | null;
                    };
                };
            };
            /** @description invalid order, unknown ticker, insufficient cash, or more shares than held (no shorting) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPaperOrdersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        ticker: string;
                        /** @enum {string} */
                        side: "buy" | "sell";
                        /** @enum {string} */
                        type: "market" | "limit";
                        quantity: number;
                        limitPrice: number | null;
                        /** @enum {string} */
                        status: "open" | "filled" | "cancelled" | "rejected";
                        placedAt: string;
                        /** @description latest trading day the service held for the ticker when the order was placed */
                        placedPriceDate: string;
                        fillPrice: number | null;
                        /** @description trading day of the close the order filled at */
                        fillDate: string | null;
                        filledAt: string | null;
                        realizedPnl: number | null;
                        reason: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            /** @description no such order of the account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deletePaperOrdersById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the cancelled order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        ticker: string;
                        /** @enum {string} */
                        side: "buy" | "sell";
                        /** @enum {string} */
                        type: "market" | "limit";
                        quantity: number;
                        limitPrice: number | null;
                        /** @enum {string} */
                        status: "open" | "filled" | "cancelled" | "rejected";
                        placedAt: string;
                        /** @description latest trading day the service held for the ticker when the order was placed */
                        placedPriceDate: string;
                        fillPrice: number | null;
                        /** @description trading day of the close the order filled at */
                        fillDate: string | null;
                        filledAt: string | null;
                        realizedPnl: number | null;
                        reason: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description no such order of the account */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the order is not open */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postPaperReset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the account after the reset */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        startingCash: number;
                        cash: number;
                        realizedPnl: number;
                        resetAt: string | null;
                    };
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The plan's included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`). Not transient: surface it to the user; do not retry. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getLearnTracks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the curriculum */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tracks: {
                            id: string;
                            title: string;
                            summary: string;
                            level: string;
                            modules: {
                                id: string;
                                title: string;
                                summary: string;
                                lessons: {
                                    id: string;
                                    title: string;
                                    minutes: number;
                                    questions: number;
                                }[];
                            }[];
                        }[];
                        counts: {
                            tracks: number;
                            modules: number;
                            lessons: number;
                        };
                        disclaimer: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getLearnLessonsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the lesson */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        track: {
                            id: string;
                            title: string;
                        };
                        module: {
                            id: string;
                            title: string;
                        };
                        title: string;
                        minutes: number;
                        objectives: string[];
                        body: string[];
                        examples: {
                            request: string;
                            read: string;
                        }[];
                        glossary: {
                            term: string;
                            slug: string;
                        }[];
                        /** @description answers are checked by POST .../quiz */
                        quiz: {
                            question: string;
                            choices: string[];
                        }[];
                        previous: string | null;
                        next: string | null;
                        disclaimer: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description no such lesson */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postLearnLessonsByIdQuiz: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key. */
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    answers: number[];
                };
            };
        };
        responses: {
            /** @description the score, per-question results and updated progress */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lessonId: string;
                        score: number;
                        questions: number;
                        passed: boolean;
                        results: {
                            correct: boolean;
                            answer: number;
                            explanation: string;
                        }[];
                        progress: {
                            attempts: number;
                            bestScore: number;
                            completedAt: string | null;
                        };
                        nextLesson: string | null;
                        disclaimer: string;
                    };
                };
            };
            /** @description wrong number of answers, or an answer that is not a choice */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description no such lesson */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getLearnProgress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description progress */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        completed: number;
                        total: number;
                        percent: number;
                        nextLesson: {
                            id: string;
                            title: string;
                        } | null;
                        lessons: {
                            lessonId: string;
                            attempts: number;
                            lastScore: number;
                            bestScore: number;
                            questions: number;
                            completedAt: string | null;
                        }[];
                        disclaimer: string;
                    };
                };
            };
            /** @description not authenticated */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getGlossary: {
        parameters: {
            query?: {
                q?: string;
                topic?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description matching terms (slug, term, topic, short definition), best first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        limit: number;
                        offset: number;
                        topics: {
                            topic: string;
                            count: number;
                        }[];
                        terms: {
                            slug: string;
                            term: string;
                            topic: string;
                            short: string;
                        }[];
                        disclaimer: string;
                    };
                };
            };
            /** @description an invalid parameter, or an unknown topic */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getGlossaryBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the term */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        slug: string;
                        term: string;
                        aka: string[];
                        topic: string;
                        short: string;
                        explanation: string;
                        formula: string | null;
                        related: {
                            slug: string;
                            term: string;
                        }[];
                        servedAt: {
                            endpoint: string;
                            field: string | null;
                        }[];
                        disclaimer: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description no such term */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getMcpToolsJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the catalog */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        description: string;
                        /** @description the MCP Streamable HTTP endpoint */
                        endpoint: string;
                        /** @constant */
                        transport: "streamable-http";
                        authentication: string;
                        maxResultBytes: number;
                        pagination: string;
                        count: number;
                        /** @description tools that answer without a key at the Learner tier */
                        anonymous: number;
                        groups: {
                            [key: string]: string;
                        };
                        tools: {
                            name: string;
                            title: string;
                            group: string;
                            description: string;
                            minimumTier: string;
                            anonymous: boolean;
                            heavy: boolean;
                            paginated: boolean;
                            /** @description JSON Schema of the arguments */
                            inputSchema: {
                                [key: string]: unknown;
                            };
                            /** @description compact shape of the result */
                            output: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
}
