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
        /** Service health */
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
        /** A proof-of-work challenge for registration */
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
        /** A CSRF token for the state-changing account and key endpoints */
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
        /** Register an account (for the human user who supplied the email and password) */
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
        /** Confirm an email address (the token of the verification mail) */
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
        /** Send a new verification link */
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
        /** Sign in: sets the HttpOnly session cookie */
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
        /** Sign out: revokes the session and clears the cookie */
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
        /** The current account and its tier */
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
        /** Create an API key (returned once) */
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
        /** Create the trial key (one per account lifetime) */
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
        /** The account's keys: prefix and metadata, never the key */
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
        /** Revoke a key */
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
        /** The agent plan record: per-call rate, monthly extra-call limit and accrued extra-call charges */
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
        /** Month-to-date call count */
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
        /** Turn extra calls on (with a monthly cap) or off */
        post: operations["postBillingAgentPlanOverage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/agent-usage/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Month-to-date calls per day, per key and in total */
        get: operations["getBillingAgentUsageDaily"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's tier or plan, a pending change, and every offer with its price */
        get: operations["getBillingSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/plan-change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change to another tier or developer plan */
        post: operations["postBillingPlanChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe webhook */
        post: operations["postBillingStripeWebhook"];
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
        /** Search tickers by symbol or company name */
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
        /** A random ticker from the universe */
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
        /** Point-in-time fundamentals as known on a date */
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
        /** Point-in-time series of a company’s fundamentals */
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
        /** Every ticker with point-in-time fundamentals on a date */
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
        /** Fundamentals database statistics */
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
        /** Bulk fundamentals rows (filing-derived only) */
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
        /** Retired: bulk price history */
        get: operations["getDataBulkHistory"];
        /** Retired: bulk price history */
        put: operations["putDataBulkHistory"];
        /** Retired: bulk price history */
        post: operations["postDataBulkHistory"];
        /** Retired: bulk price history */
        delete: operations["deleteDataBulkHistory"];
        options?: never;
        head?: never;
        /** Retired: bulk price history */
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
        /** Ticker snapshot: price, fundamentals, profile, filings, technicals */
        get: operations["getData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/price-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Daily, weekly or monthly OHLCV bars of a ticker */
        get: operations["getPriceHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/corporate-actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dividends and splits of a ticker */
        get: operations["getCorporateActions"];
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
        /** Screen tickers by market cap, P/E, dividend yield and sector */
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
        /** Search news with sentiment, industry tags and tickers */
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
        /** Recent headlines for a ticker */
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
        /** News database statistics */
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
        /** Observations of a macro series (FRED), as known on a date */
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
        /** Every macro series in the warehouse */
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
        /** The US Treasury daily par yield curve on a date, as known on a date */
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
        /** Insider trades by ticker or owner */
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
        /** Recent insider open-market purchases across the market */
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
        /** One 13F manager's holdings */
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
        /** 13F filer analytics */
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
        /** Managers holding a ticker (13F) */
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
        /** ETF profile, holdings, sector breakdown and performance */
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
        /** Compare several ETFs */
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
        /** All tracked ETF tickers */
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
        /** Which funds hold a security (N-PORT) */
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
        /** Search bonds by issuer name or CUSIP */
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
        /** Business development companies */
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
        /** Search borrowers across all BDCs */
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
        /** One BDC's loan-level holdings */
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
        /** Credit quality of a BDC by quarter */
        get: operations["getCreditBdcByCikQuality"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** FDIC-insured banks by name, holding company, city, state, certificate or ticker */
        get: operations["getBanks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/federal-contracts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** US federal prime contract awards by company, recipient, agency or fiscal year */
        get: operations["getFederalContracts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/federal-contracts/totals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Totals of federal contract awards by agency and fiscal year */
        get: operations["getFederalContractsTotals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Coverage and freshness of every dataset */
        get: operations["getCoverage"];
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
        /** Positions of a portfolio */
        get: operations["getPortfolioPositions"];
        put?: never;
        /** Add a position */
        post: operations["postPortfolioPositions"];
        /** Remove a position */
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
        /** Daily value of a portfolio */
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
        /** Portfolio return against a broad US equity index fund */
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
        /** The account's watchlists */
        get: operations["getWatchlists"];
        put?: never;
        /** Create a watchlist */
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
        /** A watchlist with snapshot fields */
        get: operations["getWatchlistsById"];
        put?: never;
        post?: never;
        /** Delete a watchlist */
        delete: operations["deleteWatchlistsById"];
        options?: never;
        head?: never;
        /** Rename a watchlist */
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
        /** Add a ticker to a watchlist */
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
        /** Remove a ticker from a watchlist */
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
        /** The account's saved screens */
        get: operations["getScreens"];
        put?: never;
        /** Save a screen */
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
        /** A saved screen */
        get: operations["getScreensById"];
        put?: never;
        post?: never;
        /** Delete a saved screen */
        delete: operations["deleteScreensById"];
        options?: never;
        head?: never;
        /** Rename a saved screen or change its parameters */
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
        /** Run a saved screen */
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
        /** The paper trading account */
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
        /** Paper order history */
        get: operations["getPaperOrders"];
        put?: never;
        /** Place a paper order */
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
        /** One paper order */
        get: operations["getPaperOrdersById"];
        put?: never;
        post?: never;
        /** Cancel an open paper order */
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
        /** Reset the paper account */
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
        /** The LEARN curriculum */
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
        /** One lesson */
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
        /** Submit a lesson quiz */
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
        /** LEARN progress of the account */
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
        /** Search the glossary */
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
        /** One glossary term */
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
        /** The MCP tool list */
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
        PriceBar: {
            date: string;
            open: number | null;
            high: number | null;
            low: number | null;
            close: number;
            adjClose: number | null;
            volume: number | null;
            dividend: number;
            splitRatio: number;
            synthetic: boolean;
        };
        Bank: {
            cert: number;
            name: string;
            fedRssd: number | null;
            city: string | null;
            state: string | null;
            active: boolean;
            bankClass: string | null;
            regulator: string | null;
            holdingCompany: string | null;
            holdingCompanyTicker: string | null;
            totalAssets: number | null;
            totalDeposits: number | null;
            netIncome: number | null;
            roa: number | null;
            roe: number | null;
            offices: number | null;
            reportDate: string | null;
            established: string | null;
            insuredSince: string | null;
            inactiveSince: string | null;
            website: string | null;
            provenance: {
                source: string;
                document: string | null;
                url: string | null;
                accession: string | null;
                synthetic: boolean;
            };
        };
        FederalAward: {
            awardKey: string;
            piid: string;
            awardingAgency: string | null;
            awardingSubAgency: string | null;
            recipientName: string;
            parentName: string | null;
            ticker: string | null;
            obligated: number | null;
            currentValue: number | null;
            potentialValue: number | null;
            baseActionDate: string | null;
            latestActionDate: string | null;
            fiscalYear: number | null;
            startDate: string | null;
            endDate: string | null;
            awardType: string | null;
            naicsCode: string | null;
            naicsDescription: string | null;
            pscCode: string | null;
            description: string | null;
            permalink: string | null;
            provenance: {
                source: string;
                document: string | null;
                url: string | null;
                accession: string | null;
                synthetic: boolean;
            };
        };
    };
    responses: {
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["RateLimited"] | components["schemas"]["Error"];
            };
        };
        UriTooLong: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        Unavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        CsrfToken: string;
        SessionCsrfToken: string;
    };
    requestBodies: never;
    headers: {
        RetryAfter: number;
        RateLimitPolicy: string;
        RateLimit: string;
        Cache: "HIT" | "MISS" | "BYPASS";
        PerCallCost: string;
        RequestId: string;
        DataThrough: string;
        FetchedAt: string;
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        challenge: string;
                        difficulty: number;
                        /** @constant */
                        algorithm: "sha256";
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        csrfToken: string;
                        /** @constant */
                        header: "X-CSRF-Token";
                        /** @enum {string} */
                        boundTo: "session" | "anonymous";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
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
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
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
                    challenge?: string;
                    solution?: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            /** @enum {string} */
                            effectiveTier: "learner" | "researcher" | "investor" | "power_user";
                            displayName: string | null;
                            experience: string | null;
                            useCase: string | null;
                            referralSource: string | null;
                            timezone: string | null;
                            createdAt: string;
                        };
                        sessionExpiresAt: string;
                        csrfToken: string;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
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
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        /** @enum {string} */
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
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    expiresInDays?: number;
                };
            };
        };
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        prefix: string;
                        lastFour: string;
                        /** @enum {string} */
                        kind: "standard" | "trial";
                        /** @enum {string} */
                        status: "active" | "revoked" | "expired";
                        dailyLimit: number | null;
                        createdAt: string;
                        lastUsedAt: string | null;
                        expiresAt: string | null;
                        revokedAt: string | null;
                        key: string;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
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
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        prefix: string;
                        lastFour: string;
                        /** @enum {string} */
                        kind: "standard" | "trial";
                        /** @enum {string} */
                        status: "active" | "revoked" | "expired";
                        dailyLimit: number | null;
                        createdAt: string;
                        lastUsedAt: string | null;
                        expiresAt: string | null;
                        revokedAt: string | null;
                        key: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        prefix: string;
                        lastFour: string;
                        /** @enum {string} */
                        kind: "standard" | "trial";
                        /** @enum {string} */
                        status: "active" | "revoked" | "expired";
                        dailyLimit: number | null;
                        createdAt: string;
                        lastUsedAt: string | null;
                        expiresAt: string | null;
                        revokedAt: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        prefix: string;
                        lastFour: string;
                        /** @enum {string} */
                        kind: "standard" | "trial";
                        /** @enum {string} */
                        status: "active" | "revoked" | "expired";
                        dailyLimit: number | null;
                        createdAt: string;
                        lastUsedAt: string | null;
                        expiresAt: string | null;
                        revokedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    cap_usd?: number;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: {
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
        };
    };
    getBillingAgentUsageDaily: {
        parameters: {
            query?: {
                key?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        month: string;
                        key: string | null;
                        days: {
                            date: string;
                            calls: number;
                            extra_calls: number;
                        }[];
                        keys: {
                            id: string;
                            name: string | null;
                            prefix: string;
                            calls: number;
                        }[];
                        total_calls: number;
                        plan: ("developer" | "developer_pro") | null;
                        included_calls: number;
                        extra_call_cap_calls: number | null;
                        limit_usd: number;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
    getBillingSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        tier: "learner" | "researcher" | "investor" | "power_user";
                        plan: ("developer" | "developer_pro") | null;
                        /** @enum {string} */
                        offer: "learner" | "researcher" | "investor" | "power_user" | "developer" | "developer_pro";
                        label: string;
                        price_usd: number;
                        /** @enum {string} */
                        provider: "manual" | "stripe";
                        subscription_status: ("active" | "past_due" | "cancelling" | "cancelled") | null;
                        pending: {
                            id: string;
                            /** @enum {string} */
                            offer: "learner" | "researcher" | "investor" | "power_user" | "developer" | "developer_pro";
                            label: string;
                            price_usd: number;
                            requested_at: string;
                        } | null;
                        offers: {
                            /** @enum {string} */
                            id: "learner" | "researcher" | "investor" | "power_user" | "developer" | "developer_pro";
                            /** @enum {string} */
                            kind: "tier" | "plan";
                            label: string;
                            price_usd: number;
                            /** @enum {string} */
                            change: "current" | "upgrade" | "downgrade";
                            applies: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
    postBillingPlanChange: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    offer: "learner" | "researcher" | "investor" | "power_user" | "developer" | "developer_pro";
                };
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "pending" | "checkout" | "scheduled" | "applied";
                        /** @enum {string} */
                        offer: "learner" | "researcher" | "investor" | "power_user" | "developer" | "developer_pro";
                        label: string;
                        price_usd: number;
                        applies: string;
                        request_id?: string;
                        checkout_url?: string;
                    };
                };
            };
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "pending" | "checkout" | "scheduled" | "applied";
                        /** @enum {string} */
                        offer: "learner" | "researcher" | "investor" | "power_user" | "developer" | "developer_pro";
                        label: string;
                        price_usd: number;
                        applies: string;
                        request_id?: string;
                        checkout_url?: string;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: {
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
        };
    };
    postBillingStripeWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        received: true;
                        id: string;
                        type: string;
                        duplicate: boolean;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        name: string;
                        exchange: string | null;
                        cik: number;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                        };
                        fallback?: {
                            requested: string;
                            served: string;
                            reason: string;
                        };
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            url?: string;
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
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                as_of?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asOf: string;
                        count: number;
                        total?: number;
                        offset?: number;
                        limit?: number;
                        tickers: {
                            ticker: string;
                            cik: number;
                            fiscalYear: number;
                            fiscalPeriod: string;
                            periodEnd: string;
                            filingDate: string;
                        }[];
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        datasets: {
                            id: string;
                            name: string;
                            description: string;
                            source: string;
                            sourceUrl: string;
                            schedule: string;
                            lastUpdated: string | null;
                            rows: number;
                            syntheticRows: number;
                            entities: number | null;
                            entityLabel: string | null;
                            from: string | null;
                            to: string | null;
                            lastFetchedAt: string | null;
                            nextFetchAt: string | null;
                            jobs: {
                                job: string;
                                cron: string | null;
                                lastFetchedAt: string | null;
                                nextFetchAt: string | null;
                            }[];
                            coverage: {
                                table: string;
                                rows: number;
                                syntheticRows: number;
                                from: string | null;
                                to: string | null;
                                entities: number | null;
                                entityLabel: string | null;
                            }[];
                            endpoints: string[];
                        }[];
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
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
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            provenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                            };
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
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                    "text/csv; charset=utf-8": string;
                    "application/vnd.apache.arrow.stream": string;
                    "application/vnd.apache.parquet": string;
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            query: {
                ticker: string;
                nocache?: "0" | "1" | "true" | "false";
                fields?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Cache": components["headers"]["Cache"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        price: {
                            current: number;
                            change: number | null;
                            changePercent: number | null;
                            previousClose: number | null;
                            date: string;
                            open: number | null;
                            high: number | null;
                            low: number | null;
                            volume: number | null;
                            /** @constant */
                            currency: "USD";
                            provenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                            };
                        } | null;
                        fundamentals: {
                            marketCap: number | null;
                            pe: number | null;
                            eps: number | null;
                            epsDiluted: number | null;
                            epsBasic: number | null;
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
                            provenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                            };
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
                            url: string | null;
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
                            volatility30d: number | null;
                            avgVolume30d: number | null;
                            synthetic: boolean;
                        } | null;
                        priceTarget?: {
                            mean: number;
                            source: string;
                            fetchedAt: string;
                            analystCount?: number;
                            synthetic: boolean;
                        };
                        synthetic: boolean;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    } | {
                        ticker?: string;
                        price?: {
                            current?: number;
                            change?: number | null;
                            changePercent?: number | null;
                            previousClose?: number | null;
                            date?: string;
                            open?: number | null;
                            high?: number | null;
                            low?: number | null;
                            volume?: number | null;
                            /** @constant */
                            currency?: "USD";
                            provenance?: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                            };
                        } | null;
                        fundamentals?: {
                            marketCap?: number | null;
                            pe?: number | null;
                            eps?: number | null;
                            epsDiluted?: number | null;
                            epsBasic?: number | null;
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
                            provenance?: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                            };
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
                            url: string | null;
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
                            volatility30d?: number | null;
                            avgVolume30d?: number | null;
                            synthetic?: boolean;
                        } | null;
                        priceTarget?: {
                            mean?: number;
                            source?: string;
                            fetchedAt?: string;
                            analystCount?: number;
                            synthetic?: boolean;
                        };
                        synthetic?: boolean;
                        dataThrough?: string | null;
                        fetchedAt?: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
    getPriceHistory: {
        parameters: {
            query: {
                ticker: string;
                start?: string;
                end?: string;
                interval?: "day" | "week" | "month";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        /** @enum {string} */
                        interval: "day" | "week" | "month";
                        start: string | null;
                        end: string | null;
                        bars: components["schemas"]["PriceBar"][];
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                        };
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
    getCorporateActions: {
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        start: string | null;
                        end: string | null;
                        dividends: {
                            date: string;
                            amount: number;
                        }[];
                        splits: {
                            date: string;
                            ratio: number;
                        }[];
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                        };
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                mktcap_min?: number;
                pe_max?: number;
                div_yield_min?: number;
                sector?: string;
                sort?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            priceProvenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                            };
                            fundamentalsProvenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                            } | null;
                        }[];
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
                q?: string;
                ticker?: string;
                tag?: string;
                sentiment?: "positive" | "negative" | "neutral";
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            provenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                            };
                        }[];
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            provenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                            };
                        }[];
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
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
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            vintaged: boolean;
                            provenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                            };
                        }[];
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
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
                date?: string;
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                        };
                        fallback?: {
                            requested: string;
                            served: string;
                            reason: string;
                        };
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accession: string;
                        form: string;
                        filed: string;
                        issuerCik: number;
                        issuerName: string | null;
                        ticker: string | null;
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
                        code: string | null;
                        shares: number | null;
                        price: number | null;
                        acquiredDisposed: string | null;
                        sharesAfter: number | null;
                        directIndirect: string | null;
                        natureOfOwnership: string | null;
                        conversionPrice: number | null;
                        exerciseDate: string | null;
                        expirationDate: string | null;
                        underlyingTitle: string | null;
                        underlyingShares: number | null;
                        rule10b5One: boolean | null;
                        footnotes: {
                            [key: string]: string[];
                        };
                        supersededBy: string | null;
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                            /** @enum {string} */
                            filedBasis: "edgar" | "signature";
                        };
                    }[];
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accession: string;
                        form: string;
                        filed: string;
                        issuerCik: number;
                        issuerName: string | null;
                        ticker: string | null;
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
                        code: string | null;
                        shares: number | null;
                        price: number | null;
                        acquiredDisposed: string | null;
                        sharesAfter: number | null;
                        directIndirect: string | null;
                        natureOfOwnership: string | null;
                        conversionPrice: number | null;
                        exerciseDate: string | null;
                        expirationDate: string | null;
                        underlyingTitle: string | null;
                        underlyingShares: number | null;
                        rule10b5One: boolean | null;
                        footnotes: {
                            [key: string]: string[];
                        };
                        supersededBy: string | null;
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                            /** @enum {string} */
                            filedBasis: "edgar" | "signature";
                        };
                        valueUsd: number | null;
                    }[];
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            provenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                                /** @enum {string} */
                                filedBasis: "edgar" | "signature";
                            };
                        }[];
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
                            provenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                                /** @enum {string} */
                                filedBasis: "edgar" | "signature";
                            };
                        }[];
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            provenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                                /** @enum {string} */
                                filedBasis: "edgar" | "signature";
                            };
                        }[];
                        concentrationTop10: number;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TierRequired"] | components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        cusips: string[];
                        period: string;
                        previousPeriod: string;
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
                            provenance: {
                                source: string;
                                document: string | null;
                                url: string | null;
                                accession: string | null;
                                synthetic: boolean;
                                /** @enum {string} */
                                filedBasis: "edgar" | "signature";
                            };
                        }[];
                        totalShares: number;
                        totalValueUsd: number;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            accession: string | null;
                        };
                        holdings: {
                            name: string;
                            title: string | null;
                            cusip: string | null;
                            isin: string | null;
                            ticker: string | null;
                            balance: number | null;
                            units: string | null;
                            valueUsd: number | null;
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
                        performance: {
                            asOf: string;
                            close: number | null;
                            returns: {
                                "1m": number | null;
                                "3m": number | null;
                                ytd: number | null;
                                "1y": number | null;
                            };
                            synthetic: boolean;
                        } | null;
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                            /** @enum {string} */
                            filedBasis: "edgar" | "signature";
                        };
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            performance: {
                                asOf: string;
                                close: number | null;
                                returns: {
                                    "1m": number | null;
                                    "3m": number | null;
                                    ytd: number | null;
                                    "1y": number | null;
                                };
                                synthetic: boolean;
                            } | null;
                        }[];
                        overlap: {
                            a: string;
                            b: string;
                            commonHoldings: number;
                            weightOverlapPct: number;
                        }[];
                        missing: string[];
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        regCik: number;
                        fundName: string;
                        seriesId: string | null;
                        period: string;
                        filed: string;
                        accession: string | null;
                        balance: number | null;
                        units: string | null;
                        valueUsd: number | null;
                        pctNetAssets: number | null;
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                            /** @enum {string} */
                            filedBasis: "edgar" | "signature";
                        };
                    }[];
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        couponRate: number | null;
                        maturity: string | null;
                        isDefault: boolean | null;
                        interestInArrears: boolean | null;
                        isPik: boolean | null;
                        holders: number;
                        totalParUsd: number | null;
                        totalValueUsd: number | null;
                        asOf: string;
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                            /** @enum {string} */
                            filedBasis: "edgar" | "signature";
                        };
                        sources: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                            /** @enum {string} */
                            filedBasis: "edgar" | "signature";
                        }[];
                    }[];
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cik: number;
                        name: string;
                        ticker: string | null;
                        fileNumber: string | null;
                        latestPeriod: string | null;
                        latestFiled: string;
                        latestForm: string;
                        holdings: number;
                        fairValue: number | null;
                        cost: number | null;
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                        };
                    }[];
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                        };
                    }[];
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                        };
                    }[];
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        firstLienShare: number | null;
                        weightedAverageYield: number | null;
                        provenance: {
                            source: string;
                            document: string | null;
                            url: string | null;
                            accession: string | null;
                            synthetic: boolean;
                        };
                    }[];
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TierRequired"] | components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getBanks: {
        parameters: {
            query?: {
                q?: string;
                cert?: number;
                state?: string;
                ticker?: string;
                active_only?: "0" | "1" | "true" | "false";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bank"][];
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
    getFederalContracts: {
        parameters: {
            query?: {
                ticker?: string;
                recipient?: string;
                agency?: string;
                fiscal_year?: number;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FederalAward"][];
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
    getFederalContractsTotals: {
        parameters: {
            query?: {
                ticker?: string;
                recipient?: string;
                agency?: string;
                fiscal_year?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        awards: number;
                        obligated: number;
                        potentialValue: number;
                        byAgency: {
                            agency: string;
                            awards: number;
                            obligated: number;
                        }[];
                        byFiscalYear: {
                            fiscalYear: number;
                            awards: number;
                            obligated: number;
                        }[];
                        synthetic: boolean;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
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
    getCoverage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        snapshot: string | null;
                        datasets: {
                            id: string;
                            name: string;
                            description: string;
                            source: string;
                            sourceUrl: string;
                            schedule: string;
                            lastUpdated: string | null;
                            rows: number;
                            syntheticRows: number;
                            entities: number | null;
                            entityLabel: string | null;
                            from: string | null;
                            to: string | null;
                            lastFetchedAt: string | null;
                            nextFetchAt: string | null;
                            jobs: {
                                job: string;
                                cron: string | null;
                                lastFetchedAt: string | null;
                                nextFetchAt: string | null;
                            }[];
                            coverage: {
                                table: string;
                                rows: number;
                                syntheticRows: number;
                                from: string | null;
                                to: string | null;
                                entities: number | null;
                                entityLabel: string | null;
                            }[];
                            endpoints: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPortfolioPositions: {
        parameters: {
            query?: {
                portfolio_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        shares: number;
                        cost_basis: number;
                        portfolio_id: string;
                        opened_on: string;
                        price: number | null;
                        price_date: string | null;
                        market_value: number | null;
                        unrealized_pnl: number | null;
                        synthetic: boolean;
                    }[];
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
                portfolio_id?: string;
            };
            header?: {
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
                    portfolio_id?: string;
                    date?: string;
                };
            };
        };
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticker: string;
                        shares: number;
                        cost_basis: number;
                        portfolio_id: string;
                        opened_on: string;
                        price: number | null;
                        price_date: string | null;
                        market_value: number | null;
                        unrealized_pnl: number | null;
                        synthetic: boolean;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deletePortfolioPositions: {
        parameters: {
            query?: {
                portfolio_id?: string;
            };
            header?: {
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
                    date?: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        removed: {
                            ticker: string;
                            shares: number;
                            cost_basis: number;
                            portfolio_id: string;
                            opened_on: string;
                            price: number | null;
                            price_date: string | null;
                            market_value: number | null;
                            unrealized_pnl: number | null;
                            synthetic: boolean;
                        };
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
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
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                            value: number;
                            cost: number;
                            positions: number;
                            synthetic: boolean;
                        }[];
                        disclaimer: string;
                        synthetic: boolean;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        portfolio_id: string;
                        /** @enum {string} */
                        period: "1M" | "3M" | "6M" | "YTD" | "1Y" | "3Y" | "5Y";
                        start: string;
                        end: string;
                        portfolio: {
                            return: number | null;
                            series: {
                                date: string;
                                return: number;
                                value: number;
                            }[];
                            synthetic: boolean;
                        };
                        benchmark: {
                            ticker: string;
                            name: string | null;
                            return: number;
                            series: {
                                date: string;
                                return: number;
                            }[];
                            synthetic: boolean;
                        };
                        excessReturn: number | null;
                        method: string;
                        disclaimer: string;
                        synthetic: boolean;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default [] */
                    tickers?: string[];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                                synthetic: boolean;
                            } | null;
                        }[];
                        disclaimer: string;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteWatchlistsById: {
        parameters: {
            query?: never;
            header?: {
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    patchWatchlistsById: {
        parameters: {
            query?: never;
            header?: {
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteScreensById: {
        parameters: {
            query?: never;
            header?: {
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    patchScreensById: {
        parameters: {
            query?: never;
            header?: {
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                                priceProvenance: {
                                    source: string;
                                    document: string | null;
                                    url: string | null;
                                    accession: string | null;
                                    synthetic: boolean;
                                };
                                fundamentalsProvenance: {
                                    source: string;
                                    document: string | null;
                                    url: string | null;
                                    accession: string | null;
                                    synthetic: boolean;
                                } | null;
                            }[];
                            dataThrough: string | null;
                            fetchedAt: string | null;
                        };
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        startingCash: number;
                        cash: number;
                        reservedCash: number;
                        buyingPower: number;
                        marketValue: number;
                        equity: number;
                        realizedPnl: number;
                        unrealizedPnl: number;
                        totalPnl: number;
                        positions: {
                            ticker: string;
                            shares: number;
                            avgCost: number;
                            price: number | null;
                            priceDate: string | null;
                            marketValue: number | null;
                            unrealizedPnl: number | null;
                            synthetic: boolean;
                        }[];
                        openOrders: number;
                        createdAt: string;
                        resetAt: string | null;
                        disclaimer: string;
                        synthetic: boolean;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "X-Data-Through": components["headers"]["DataThrough"];
                    "X-Fetched-At": components["headers"]["FetchedAt"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        placedPriceDate: string;
                        fillPrice: number | null;
                        fillDate: string | null;
                        filledAt: string | null;
                        realizedPnl: number | null;
                        reason: string | null;
                        synthetic: boolean;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        placedPriceDate: string;
                        fillPrice: number | null;
                        fillDate: string | null;
                        filledAt: string | null;
                        realizedPnl: number | null;
                        reason: string | null;
                        synthetic: boolean;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        placedPriceDate: string;
                        fillPrice: number | null;
                        fillDate: string | null;
                        filledAt: string | null;
                        realizedPnl: number | null;
                        reason: string | null;
                        synthetic: boolean;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deletePaperOrdersById: {
        parameters: {
            query?: never;
            header?: {
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
                        placedPriceDate: string;
                        fillPrice: number | null;
                        fillDate: string | null;
                        filledAt: string | null;
                        realizedPnl: number | null;
                        reason: string | null;
                        synthetic: boolean;
                        dataThrough: string | null;
                        fetchedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowanceExhausted"] | components["schemas"]["OverageCap"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postPaperReset: {
        parameters: {
            query?: never;
            header?: {
                "X-CSRF-Token"?: components["parameters"]["SessionCsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-SVC-Per-Call-Cost": components["headers"]["PerCallCost"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
    getLearnTracks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    postLearnLessonsByIdQuiz: {
        parameters: {
            query?: never;
            header?: {
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: components["responses"]["BadRequest"];
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        description: string;
                        endpoint: string;
                        /** @constant */
                        transport: "streamable-http";
                        authentication: string;
                        maxResultBytes: number;
                        pagination: string;
                        count: number;
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
                            inputSchema: {
                                [key: string]: unknown;
                            };
                            output: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
}
