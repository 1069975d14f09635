-- Issue 3: SEC filings, company profiles and XBRL company facts, plus the derived point-in-time
-- tables the fundamentals job rebuilds in its finish() step (see pipelines/jobs/fundamentals.ts).
-- No PRIMARY KEY constraints: loads delete a document's rows by natural key and append them again
-- inside one transaction (warehouse/load.ts), which key constraints would reject in DuckDB.

-- Every filing listed in a company's submissions JSON (recent page + older pages).
-- Natural key (cik, accession): one accession can be listed by several filers (co-registrants).
CREATE TABLE filings (
  cik               INTEGER NOT NULL,
  accession         VARCHAR NOT NULL,
  form              VARCHAR NOT NULL,
  filing_date       DATE NOT NULL,
  acceptance_time   TIMESTAMP,               -- US Eastern wall clock (the SEC's trailing Z is wrong)
  report_date       DATE,
  primary_document  VARCHAR,
  primary_doc_description VARCHAR,
  items             VARCHAR,                 -- 8-K items, comma-separated as the SEC lists them
  act               VARCHAR,
  file_number       VARCHAR,
  film_number       VARCHAR,
  size              BIGINT,
  is_xbrl           BOOLEAN,
  is_inline_xbrl    BOOLEAN
);
CREATE INDEX filings_cik ON filings (cik);

-- Company profile fields from the submissions JSON header.
CREATE TABLE company_profiles (
  cik                     INTEGER NOT NULL,
  name                    VARCHAR NOT NULL,
  entity_type             VARCHAR,
  sic_code                VARCHAR,
  sic_description         VARCHAR,
  sector                  VARCHAR,
  industry                VARCHAR,
  fiscal_year_end         VARCHAR,           -- MMDD
  state_of_incorporation  VARCHAR,
  category                VARCHAR,
  ein                     VARCHAR,
  tickers                 VARCHAR NOT NULL,  -- JSON array
  exchanges               VARCHAR NOT NULL,  -- JSON array
  former_names            VARCHAR NOT NULL,  -- JSON array of { name, from, to }
  filings_count           INTEGER NOT NULL,
  pages_missing           INTEGER NOT NULL   -- older-filings pages listed but not available
);

-- Every XBRL fact as filed (companyfacts JSON): the source of truth for point in time.
CREATE TABLE facts (
  cik           INTEGER NOT NULL,
  taxonomy      VARCHAR NOT NULL,
  concept       VARCHAR NOT NULL,
  unit          VARCHAR NOT NULL,
  period_start  DATE,                        -- null for instants
  period_end    DATE NOT NULL,
  value         DOUBLE NOT NULL,
  accession     VARCHAR NOT NULL,
  fy            INTEGER,                     -- fiscal year of the FILING, not of the period
  fp            VARCHAR,                     -- fiscal period of the FILING
  form          VARCHAR NOT NULL,
  filed         DATE NOT NULL,
  frame         VARCHAR
);

-- One row per companyfacts document loaded.
CREATE TABLE fact_entities (
  cik          INTEGER NOT NULL,
  entity_name  VARCHAR NOT NULL,
  facts        BIGINT NOT NULL,
  concepts     INTEGER NOT NULL
);

-- ---- Derived in fundamentals.finish() (dropped and rebuilt from the tables above) ----

-- Knowledge events of each standardized item per company and fact period: a row is the value as
-- known from `known_from` (the filing date) until `known_to` (exclusive; null = still current).
CREATE TABLE fund_values (
  cik           INTEGER NOT NULL,
  item          VARCHAR NOT NULL,
  period_start  DATE,
  period_end    DATE NOT NULL,
  basis         VARCHAR NOT NULL,            -- instant | quarter | half | nine_months | year
  value         DOUBLE NOT NULL,
  concept       VARCHAR NOT NULL,            -- taxonomy:concept, or derived:<a>-<b>
  accession     VARCHAR NOT NULL,
  form          VARCHAR NOT NULL,
  known_from    DATE NOT NULL,
  known_to      DATE,
  derived       BOOLEAN NOT NULL
);

-- The fiscal periods each company reported, known from the first filing that reported each one.
CREATE TABLE fund_periods (
  cik            INTEGER NOT NULL,
  fiscal_year    INTEGER NOT NULL,
  fiscal_period  VARCHAR NOT NULL,           -- FY | Q1 | Q2 | Q3 | Q4
  period_end     DATE NOT NULL,
  known_from     DATE NOT NULL,
  accession      VARCHAR NOT NULL,
  form           VARCHAR NOT NULL
);

-- Standardized statements per company, fiscal period and knowledge interval (wide): every
-- filing event that changed any value of the period starts a new row.
CREATE TABLE fund_statements (
  cik            INTEGER NOT NULL,
  fiscal_year    INTEGER NOT NULL,
  fiscal_period  VARCHAR NOT NULL,
  period_end     DATE NOT NULL,
  known_from     DATE NOT NULL,
  known_to       DATE,
  accession      VARCHAR NOT NULL,           -- the filing whose event started this row
  form           VARCHAR NOT NULL,
  revenue DOUBLE, cost_of_revenue DOUBLE, gross_profit DOUBLE, operating_income DOUBLE, net_income DOUBLE,
  total_assets DOUBLE, current_assets DOUBLE, total_liabilities DOUBLE, current_liabilities DOUBLE,
  stockholders_equity DOUBLE, operating_cash_flow DOUBLE, investing_cash_flow DOUBLE, financing_cash_flow DOUBLE,
  eps_basic DOUBLE, eps_diluted DOUBLE, long_term_debt DOUBLE, shares_outstanding DOUBLE, dividends_per_share DOUBLE,
  sources        VARCHAR NOT NULL            -- JSON { item: { accession, form, filed, concept, derived } }
);
