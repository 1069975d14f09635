-- The run ledger: one row per job run (pipelines/runner.ts).
CREATE TABLE pipeline_runs (
  run_id        VARCHAR PRIMARY KEY,
  job           VARCHAR NOT NULL,
  source        VARCHAR NOT NULL,
  started_at    TIMESTAMP NOT NULL,
  finished_at   TIMESTAMP,
  status        VARCHAR NOT NULL,          -- running | success | partial | failed
  docs_total    INTEGER NOT NULL DEFAULT 0,
  docs_ok       INTEGER NOT NULL DEFAULT 0,
  docs_quarantined INTEGER NOT NULL DEFAULT 0,
  rows_in       BIGINT NOT NULL DEFAULT 0,  -- records parsed from the documents
  rows_out      BIGINT NOT NULL DEFAULT 0,  -- rows written (inserted or updated) in the warehouse
  watermark     VARCHAR,                    -- source watermark (e.g. newest filing date seen)
  error         VARCHAR,
  snapshot      VARCHAR                     -- snapshot version published after the run
);

-- Documents a run could not use, with the reason; never silently dropped.
CREATE TABLE pipeline_quarantine (
  run_id    VARCHAR NOT NULL,
  job       VARCHAR NOT NULL,
  doc_path  VARCHAR NOT NULL,
  reason    VARCHAR NOT NULL,
  noted_at  TIMESTAMP NOT NULL
);

-- Checks a run made against a document's own totals (e.g. 13F summary page) that did not agree.
CREATE TABLE pipeline_notes (
  run_id    VARCHAR NOT NULL,
  job       VARCHAR NOT NULL,
  doc_path  VARCHAR NOT NULL,
  kind      VARCHAR NOT NULL,
  detail    VARCHAR NOT NULL,
  noted_at  TIMESTAMP NOT NULL
);

-- The company list (SEC company_tickers_exchange.json / company_tickers.json).
-- One row per (cik, ticker): a company can list several symbols (share classes, preferreds).
CREATE TABLE companies (
  cik       INTEGER NOT NULL,
  ticker    VARCHAR NOT NULL,
  name      VARCHAR NOT NULL,
  exchange  VARCHAR,
  rank      INTEGER NOT NULL,               -- position in the SEC file (primary listing first)
  PRIMARY KEY (ticker)
);
CREATE INDEX companies_cik ON companies (cik);
