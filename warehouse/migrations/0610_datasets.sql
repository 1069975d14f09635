-- Issue 14: DERA quarterly data sets (Form 13F, Insider Transactions) loaded by `backfill --dataset`,
-- and the cross-check of a sample of their filings against the per-filing parse.
CREATE TABLE pipeline_crosschecks (
  run_id      VARCHAR NOT NULL,
  job         VARCHAR NOT NULL,
  dataset     VARCHAR NOT NULL,   -- the data-set zip's document key
  accession   VARCHAR NOT NULL,
  outcome     VARCHAR NOT NULL,   -- agree | disagree | unavailable (the per-filing document could not be fetched or parsed)
  detail      VARCHAR,
  checked_at  TIMESTAMP NOT NULL
);
