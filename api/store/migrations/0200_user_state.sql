-- Per-user state (issue 8): portfolios, watchlists, saved screens, paper trading, LEARN progress.
-- Every row belongs to one account and every query filters by account_id (another account's
-- object is a 404). Quantities and prices are double precision (returned as JS numbers by both
-- store implementations); money is rounded to cents by the application.

-- Current positions per (account, portfolio, ticker). A second POST of the same ticker merges at
-- the weighted average cost (api/store/portfolios.ts).
CREATE TABLE portfolio_positions (
  account_id    uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  portfolio_id  text NOT NULL CHECK (length(portfolio_id) BETWEEN 1 AND 64),
  ticker        text NOT NULL CHECK (length(ticker) BETWEEN 1 AND 12),
  shares        double precision NOT NULL CHECK (shares > 0),
  cost_basis    double precision NOT NULL CHECK (cost_basis >= 0),
  opened_on     date NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, portfolio_id, ticker)
);

-- Every addition and removal, with the trading day it takes effect (the position counts in the
-- value from that day's close on). Portfolio history replays these.
CREATE TABLE portfolio_events (
  id            bigserial PRIMARY KEY,
  account_id    uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  portfolio_id  text NOT NULL,
  ticker        text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('add', 'remove')),
  shares_delta  double precision NOT NULL,
  price         double precision,
  effective_on  date NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX portfolio_events_owner ON portfolio_events (account_id, portfolio_id, effective_on);

CREATE TABLE watchlists (
  id          uuid PRIMARY KEY,
  account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX watchlists_owner_name ON watchlists (account_id, lower(name));

CREATE TABLE watchlist_items (
  watchlist_id  uuid NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
  ticker        text NOT NULL,
  added_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (watchlist_id, ticker)
);

-- Saved screener parameters; run through the screener at run time with the caller's tier.
CREATE TABLE saved_screens (
  id           uuid PRIMARY KEY,
  account_id   uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  params       text NOT NULL,          -- JSON of the screener parameters
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  last_run_at  timestamptz
);
CREATE UNIQUE INDEX saved_screens_owner_name ON saved_screens (account_id, lower(name));

-- Paper trading: one virtual account per Almanac account, created on first use.
CREATE TABLE paper_accounts (
  account_id     uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  starting_cash  double precision NOT NULL,
  cash           double precision NOT NULL CHECK (cash >= 0),
  realized_pnl   double precision NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  reset_at       timestamptz
);

CREATE TABLE paper_positions (
  account_id  uuid NOT NULL REFERENCES paper_accounts (account_id) ON DELETE CASCADE,
  ticker      text NOT NULL,
  shares      double precision NOT NULL CHECK (shares > 0),
  avg_cost    double precision NOT NULL,
  PRIMARY KEY (account_id, ticker)
);

CREATE TABLE paper_orders (
  id                 uuid PRIMARY KEY,
  account_id         uuid NOT NULL REFERENCES paper_accounts (account_id) ON DELETE CASCADE,
  seq                bigserial,
  ticker             text NOT NULL,
  side               text NOT NULL CHECK (side IN ('buy', 'sell')),
  type               text NOT NULL CHECK (type IN ('market', 'limit')),
  quantity           double precision NOT NULL CHECK (quantity > 0),
  limit_price        double precision,
  status             text NOT NULL CHECK (status IN ('open', 'filled', 'cancelled', 'rejected')),
  placed_at          timestamptz NOT NULL DEFAULT now(),
  -- The latest trading day the service held for the ticker when the order was placed: a limit
  -- order can only fill on a later close.
  placed_price_date  date NOT NULL,
  fill_price         double precision,
  fill_date          date,
  filled_at          timestamptz,
  realized_pnl       double precision,
  reason             text
);
CREATE INDEX paper_orders_owner ON paper_orders (account_id, seq);
CREATE INDEX paper_orders_open ON paper_orders (status) WHERE status = 'open';

-- LEARN progress: one row per (account, lesson) once a quiz has been submitted.
CREATE TABLE learn_progress (
  account_id    uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  lesson_id     text NOT NULL,
  attempts      integer NOT NULL,
  last_score    integer NOT NULL,
  best_score    integer NOT NULL,
  questions     integer NOT NULL,
  completed_at  timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, lesson_id)
);
