-- The latest row of `technicals` per ticker (job `technicals`, rebuilt with it): what a ticker
-- snapshot (/api/data, GraphQL, MCP) reads for today's indicators, one row instead of a scan of the
-- ticker's history (issue 15: 15-30 ms of DuckDB a cold snapshot on the 5,000-company bench
-- warehouse, so concurrent first requests queued). The columns of `technicals`; `synthetic` here:
-- a generated close within the 365 days ending on `date`, what warehouse/queries/technicals.ts
-- works out from `prices` for any other day.
CREATE TABLE technicals_latest AS SELECT * FROM technicals LIMIT 0;
ALTER TABLE technicals_latest ALTER COLUMN ticker SET NOT NULL;
ALTER TABLE technicals_latest ALTER COLUMN date SET NOT NULL;
ALTER TABLE technicals_latest ALTER COLUMN synthetic SET NOT NULL;
-- A warehouse built before this migration: its latest rows from the history, as the job keeps them.
INSERT INTO technicals_latest
SELECT t.* EXCLUDE (synthetic),
  EXISTS (SELECT 1 FROM prices p WHERE p.ticker = t.ticker AND p.date = t.date)
    AND coalesce((SELECT max(p.date) FROM prices p WHERE p.ticker = t.ticker AND p.synthetic AND p.date <= t.date) > t.date - INTERVAL 365 DAY, false)
FROM technicals t JOIN (SELECT ticker, max(date) AS date FROM technicals GROUP BY ticker) l ON l.ticker = t.ticker AND l.date = t.date;
