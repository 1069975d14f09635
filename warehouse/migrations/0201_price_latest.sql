-- The latest trading day per ticker (job `technicals`): what /api/data and the screener read, so
-- neither scans the whole price history. Rebuilt from `prices` each run.
CREATE TABLE price_latest (
  ticker          VARCHAR NOT NULL,
  date            DATE NOT NULL,
  close           DOUBLE NOT NULL,
  previous_close  DOUBLE,
  change          DOUBLE,
  change_percent  DOUBLE,
  dividend_ttm    DOUBLE NOT NULL,
  avg_volume_30d  DOUBLE
);
