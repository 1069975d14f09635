-- Issue 6: prices, technicals, macro series and the yield curve, news, analyst price targets.
-- No PRIMARY KEYs: every load deletes the rows its document owns (natural key below) and appends,
-- inside the runner's per-document transaction.

-- Daily prices per ticker (vendor/prices/<TICKER>.csv). Natural key: (ticker, date); a file owns
-- its ticker's rows. `close` is split-adjusted (vendor convention, see pipelines/parsers/prices-csv.ts),
-- `adj_close` also adjusts for dividends. `dividend` is the cash dividend going ex on that date,
-- `split_ratio` the split taking effect on that date (1 = none).
CREATE TABLE prices (
  ticker      VARCHAR NOT NULL,
  date        DATE NOT NULL,
  open        DOUBLE,
  high        DOUBLE,
  low         DOUBLE,
  close       DOUBLE NOT NULL,
  adj_close   DOUBLE,
  volume      BIGINT,
  dividend    DOUBLE NOT NULL,
  split_ratio DOUBLE NOT NULL,
  source      VARCHAR NOT NULL
);

-- Technical indicators per ticker and trading date, computed from `prices` (job `technicals`);
-- each row uses only closes on or before `date` (point in time). Null until enough history.
CREATE TABLE technicals (
  ticker          VARCHAR NOT NULL,
  date            DATE NOT NULL,
  sma20           DOUBLE,
  sma50           DOUBLE,
  sma200          DOUBLE,
  ema12           DOUBLE,
  ema26           DOUBLE,
  rsi14           DOUBLE,
  macd            DOUBLE,
  macd_signal     DOUBLE,
  macd_histogram  DOUBLE,
  high_52w        DOUBLE,
  low_52w         DOUBLE,
  volatility_30d  DOUBLE,   -- annualised standard deviation of the last 30 daily log returns
  avg_volume_30d  DOUBLE,
  dividend_ttm    DOUBLE    -- sum of dividends going ex in the 365 days ending on `date`
);

-- Macro series observations (FRED CSV; ALFRED-style vintages). A row is the value of `series_id`
-- for `date` as published from `realtime_start` until the day before `realtime_end`
-- ('9999-12-31' = still current). Files without vintages get realtime_start = date and
-- `vintaged` = false. Natural key: the document (`source`) owns its rows.
CREATE TABLE macro_observations (
  series_id       VARCHAR NOT NULL,
  date            DATE NOT NULL,
  value           DOUBLE,          -- null: the source marks the day as missing ('.' or empty)
  realtime_start  DATE NOT NULL,
  realtime_end    DATE NOT NULL,
  vintaged        BOOLEAN NOT NULL,
  source          VARCHAR NOT NULL
);

-- The Treasury daily par yield curve (percent), one row per (date, tenor); a document owns the
-- dates it contains. `months` orders the tenors (1.5 Mo = 1.5).
CREATE TABLE yield_curve (
  date    DATE NOT NULL,
  tenor   VARCHAR NOT NULL,
  months  DOUBLE NOT NULL,
  value   DOUBLE NOT NULL,
  source  VARCHAR NOT NULL
);

-- News items from RSS 2.0 / Atom feeds, deduplicated by link and by normalised title.
CREATE TABLE news_items (
  id              VARCHAR NOT NULL,   -- sha1 of the canonical link (first 16 hex)
  title           VARCHAR NOT NULL,
  title_key       VARCHAR NOT NULL,   -- normalised title (dedupe key)
  link            VARCHAR NOT NULL,
  summary         VARCHAR,
  published_at    TIMESTAMP NOT NULL,
  feed            VARCHAR NOT NULL,   -- feed title
  source          VARCHAR NOT NULL,   -- document key of the feed
  sentiment_score DOUBLE NOT NULL,    -- [-1, 1]
  sentiment_label VARCHAR NOT NULL,   -- positive | negative | neutral
  tickers         VARCHAR[] NOT NULL,
  tags            VARCHAR[] NOT NULL
);

-- Full-text index: one row per (item, token) with its count and where it occurred.
CREATE TABLE news_tokens (
  id        VARCHAR NOT NULL,
  token     VARCHAR NOT NULL,
  tf        INTEGER NOT NULL,
  in_title  BOOLEAN NOT NULL
);

-- Mean analyst price targets from a vendor file (vendor/price-targets/*.csv): only with the
-- source and the date it was fetched; never ratings. A document owns its rows.
CREATE TABLE price_targets (
  ticker         VARCHAR NOT NULL,
  mean_target    DOUBLE NOT NULL,
  analyst_count  INTEGER,
  target_source  VARCHAR NOT NULL,
  fetched_on     DATE NOT NULL,
  source         VARCHAR NOT NULL
);
