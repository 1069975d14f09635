-- Issue 14: live acquisition. Discovery through the EDGAR daily index, incremental runs, and the
-- per-source request counters of the run ledger. No PRIMARY KEYs (loads delete what they own, then
-- append, inside one transaction).

-- Every filing the EDGAR daily (or quarterly full) index listed: one row per (accession, filer CIK)
-- (a Form 4 is listed under the issuer and under each reporting owner).
CREATE TABLE edgar_index (
  accession   VARCHAR NOT NULL,   -- 0001894188-23-000007
  cik         BIGINT NOT NULL,
  company     VARCHAR NOT NULL,   -- the filer's EDGAR conformed name
  form        VARCHAR NOT NULL,
  filed       DATE NOT NULL,
  index_key   VARCHAR NOT NULL    -- the index file that listed it
);

-- Index files read, per day (daily index) or quarter (full index, day = first day of the quarter).
-- A complete day is never read again; an incomplete one (today's, or a recent 404) is.
CREATE TABLE edgar_index_days (
  day         DATE NOT NULL,
  index_key   VARCHAR NOT NULL,
  entries     INTEGER NOT NULL,
  complete    BOOLEAN NOT NULL,
  read_at     TIMESTAMP NOT NULL
);

-- Every EDGAR filer seen in the index, with or without a ticker (13F managers, fund trusts,
-- reporting owners): its EDGAR name as of its latest filing.
CREATE TABLE filers (
  cik         BIGINT NOT NULL,
  name        VARCHAR NOT NULL,
  first_filed DATE NOT NULL,
  last_filed  DATE NOT NULL,
  last_form   VARCHAR NOT NULL
);

-- Documents each job loaded, with the SHA-256 of the bytes loaded: an incremental run skips a
-- document whose bytes did not change (new / changed / skipped in the ledger). A document the
-- parser refused is recorded too: the same bytes are not parsed again until `run --full`.
CREATE TABLE pipeline_documents (
  job         VARCHAR NOT NULL,
  doc_path    VARCHAR NOT NULL,
  sha256      VARCHAR NOT NULL,
  outcome     VARCHAR NOT NULL,   -- loaded | quarantined (parse or load refused these exact bytes)
  run_id      VARCHAR NOT NULL,
  loaded_at   TIMESTAMP NOT NULL
);

-- Per run and upstream host: what the HTTP source did.
CREATE TABLE pipeline_source_stats (
  run_id        VARCHAR NOT NULL,
  job           VARCHAR NOT NULL,
  host          VARCHAR NOT NULL,
  requests      INTEGER NOT NULL,
  not_modified  INTEGER NOT NULL,  -- 304 answers
  bytes         BIGINT NOT NULL,   -- body bytes received
  retries       INTEGER NOT NULL,
  failures      INTEGER NOT NULL,
  cached        INTEGER NOT NULL   -- immutable filings served from the landing copy, no request
);

ALTER TABLE pipeline_runs ADD COLUMN docs_new INTEGER DEFAULT 0;
ALTER TABLE pipeline_runs ADD COLUMN docs_changed INTEGER DEFAULT 0;
ALTER TABLE pipeline_runs ADD COLUMN docs_skipped INTEGER DEFAULT 0;

-- Build state: `unpublished` = 'true' while the build database holds changes no snapshot has.
CREATE TABLE pipeline_state (
  key   VARCHAR NOT NULL,
  value VARCHAR NOT NULL
);
