-- Issue 7: insiders (Forms 3/4/5), 13F institutions, N-PORT funds and bonds, BDC loans, security
-- master. Every fact row carries its accession number and filing date (point in time).
-- No PRIMARY KEY constraints: loads delete a document's rows by natural key and append again in one
-- transaction, which DuckDB key constraints would reject.

-- Forms 3/4/5 and amendments: one row per filing.
CREATE TABLE insider_filings (
  accession      VARCHAR,
  form           VARCHAR NOT NULL,          -- 3, 4, 5, 3/A, 4/A, 5/A
  filed          DATE NOT NULL,
  period         DATE,
  issuer_cik     INTEGER NOT NULL,
  issuer_name    VARCHAR,
  issuer_ticker  VARCHAR,
  date_of_original DATE,                    -- amendments: the original's filing date, when given
  amends         VARCHAR,                   -- amendments: accession of the filing amended (finish step)
  aff10b5one     BOOLEAN,                   -- Rule 10b5-1 checkbox (X0407+), null before
  schema_version VARCHAR,
  remarks        VARCHAR,
  doc_path       VARCHAR NOT NULL
);
CREATE INDEX insider_filings_issuer ON insider_filings (issuer_cik);

-- Every reporting owner of a filing (up to 7 joint filers) with the relationship.
CREATE TABLE insider_owners (
  accession       VARCHAR NOT NULL,
  position        INTEGER NOT NULL,
  owner_cik       INTEGER NOT NULL,
  owner_name      VARCHAR NOT NULL,
  is_director     BOOLEAN NOT NULL,
  is_officer      BOOLEAN NOT NULL,
  officer_title   VARCHAR,
  is_ten_percent  BOOLEAN NOT NULL,
  is_other        BOOLEAN NOT NULL,
  other_text      VARCHAR
);
CREATE INDEX insider_owners_owner ON insider_owners (owner_cik);

-- Every row of both tables (non-derivative and derivative; transactions and holdings).
CREATE TABLE insider_transactions (
  accession        VARCHAR NOT NULL,
  seq              INTEGER NOT NULL,
  table_kind       VARCHAR NOT NULL,         -- non_derivative | derivative
  row_kind         VARCHAR NOT NULL,         -- transaction | holding
  security_title   VARCHAR,
  transaction_date DATE,
  deemed_execution_date DATE,
  form_type        VARCHAR,
  code             VARCHAR,                  -- P, S, A, M, F, G, C, X ...
  equity_swap      BOOLEAN,
  shares           DOUBLE,
  price            DOUBLE,
  acquired_disposed VARCHAR,                 -- A | D
  shares_after     DOUBLE,
  value_after      DOUBLE,
  direct_indirect  VARCHAR,                  -- D | I
  nature_of_ownership VARCHAR,
  conversion_price DOUBLE,
  exercise_date    DATE,
  expiration_date  DATE,
  underlying_title VARCHAR,
  underlying_shares DOUBLE,
  footnotes        VARCHAR,                  -- JSON {field: [text, ...]}
  superseded_by    VARCHAR                   -- accession of the amendment that replaced this row
);
CREATE INDEX insider_transactions_acc ON insider_transactions (accession);

-- 13F-HR / 13F-HR/A / 13F-NT cover and summary pages.
CREATE TABLE f13_filings (
  accession        VARCHAR,
  cik              INTEGER NOT NULL,
  manager_name     VARCHAR NOT NULL,
  form             VARCHAR NOT NULL,
  filed            DATE NOT NULL,
  period           DATE NOT NULL,
  report_type      VARCHAR,
  is_amendment     BOOLEAN NOT NULL,
  amendment_no     INTEGER,
  amendment_type   VARCHAR,                  -- RESTATEMENT | NEW HOLDINGS
  confidential_omitted BOOLEAN,
  other_included_managers INTEGER,
  table_entry_total INTEGER,
  table_value_total DOUBLE,                  -- as reported on the summary page
  value_unit       VARCHAR,                  -- thousands | dollars (how the rows' value column was read)
  unit_basis       VARCHAR,                  -- how the unit was decided
  row_count        INTEGER NOT NULL,
  value_usd        DOUBLE NOT NULL,          -- rows' total in US dollars
  doc_path         VARCHAR NOT NULL
);
CREATE INDEX f13_filings_cik ON f13_filings (cik, period);

CREATE TABLE f13_other_managers (
  accession   VARCHAR NOT NULL,
  seq         INTEGER,
  cik         INTEGER,
  file_number VARCHAR,
  name        VARCHAR
);

CREATE TABLE f13_holdings (
  accession   VARCHAR NOT NULL,
  row         INTEGER NOT NULL,
  cik         INTEGER NOT NULL,
  period      DATE NOT NULL,
  filed       DATE NOT NULL,
  issuer      VARCHAR NOT NULL,
  title_of_class VARCHAR,
  cusip       VARCHAR NOT NULL,
  figi        VARCHAR,
  value_usd   DOUBLE NOT NULL,
  shares      DOUBLE,
  share_type  VARCHAR,                       -- SH | PRN
  put_call    VARCHAR,
  investment_discretion VARCHAR,
  other_managers VARCHAR,
  vote_sole   BIGINT,
  vote_shared BIGINT,
  vote_none   BIGINT
);
CREATE INDEX f13_holdings_cusip ON f13_holdings (cusip);
CREATE INDEX f13_holdings_acc ON f13_holdings (accession);

-- N-PORT-P: one row per filing (fund series and period).
CREATE TABLE nport_filings (
  accession     VARCHAR,
  form          VARCHAR NOT NULL,
  filed         DATE NOT NULL,
  reg_cik       INTEGER NOT NULL,
  reg_name      VARCHAR NOT NULL,
  series_id     VARCHAR,
  series_name   VARCHAR,
  series_lei    VARCHAR,
  class_ids     VARCHAR,                     -- comma-separated
  period_end    DATE,
  period        DATE NOT NULL,               -- repPdDate
  total_assets  DOUBLE,
  total_liabilities DOUBLE,
  net_assets    DOUBLE,
  holdings_count INTEGER NOT NULL,
  doc_path      VARCHAR NOT NULL
);

CREATE TABLE nport_holdings (
  accession     VARCHAR NOT NULL,
  row           INTEGER NOT NULL,
  series_id     VARCHAR,
  reg_cik       INTEGER NOT NULL,
  period        DATE NOT NULL,
  filed         DATE NOT NULL,
  name          VARCHAR NOT NULL,
  lei           VARCHAR,
  title         VARCHAR,
  cusip         VARCHAR,                     -- null when reported as 000000000
  isin          VARCHAR,
  ticker        VARCHAR,
  other_ids     VARCHAR,
  balance       DOUBLE,
  units         VARCHAR,                     -- PA | NC | OU | NS
  currency      VARCHAR,
  value_usd     DOUBLE,
  pct_net_assets DOUBLE,                     -- percent (1.5 = 1.5 %)
  payoff_profile VARCHAR,
  asset_cat     VARCHAR,
  issuer_cat    VARCHAR,
  country       VARCHAR,
  is_restricted BOOLEAN,
  fair_value_level VARCHAR,
  maturity      DATE,
  coupon_kind   VARCHAR,
  coupon_rate   DOUBLE,                      -- percent
  is_default    BOOLEAN,
  interest_in_arrears BOOLEAN,
  is_pik        BOOLEAN
);
CREATE INDEX nport_holdings_acc ON nport_holdings (accession);
CREATE INDEX nport_holdings_cusip ON nport_holdings (cusip);

-- Mutual fund / ETF share-class tickers (SEC company_tickers_mf.json).
CREATE TABLE fund_classes (
  symbol     VARCHAR,
  cik        INTEGER NOT NULL,
  series_id  VARCHAR,
  class_id   VARCHAR
);

-- BDC Data Sets: submissions (BDCs are file number 814-) and schedule-of-investments rows.
CREATE TABLE bdc_filings (
  adsh        VARCHAR,
  cik         INTEGER NOT NULL,
  name        VARCHAR NOT NULL,
  form        VARCHAR NOT NULL,
  period      DATE,
  filed       DATE NOT NULL,
  accepted    VARCHAR,
  file_number VARCHAR,
  dataset     VARCHAR NOT NULL               -- e.g. 2025q3
);

CREATE TABLE bdc_holdings (
  adsh           VARCHAR NOT NULL,
  row            INTEGER NOT NULL,
  cik            INTEGER NOT NULL,
  period         DATE,
  filed          DATE NOT NULL,
  borrower       VARCHAR NOT NULL,
  industry       VARCHAR,
  identifier     VARCHAR,
  affiliation    VARCHAR,
  investment_type VARCHAR,
  instrument     VARCHAR NOT NULL,           -- first_lien | second_lien | unitranche | subordinated | equity | other
  reference_rate VARCHAR,
  spread         DOUBLE,                     -- fraction (0.05 = 5 %)
  pik            BOOLEAN NOT NULL,
  interest_rate  DOUBLE,                     -- fraction
  maturity       DATE,
  principal      DOUBLE,
  cost           DOUBLE,
  fair_value     DOUBLE,
  pct_net_assets DOUBLE,                     -- fraction
  non_accrual    BOOLEAN NOT NULL
);
CREATE INDEX bdc_holdings_adsh ON bdc_holdings (adsh);

-- Security master: one row per CUSIP seen anywhere above, mapped to ticker/CIK where possible.
CREATE TABLE securities (
  cusip       VARCHAR,
  isin        VARCHAR,
  ticker      VARCHAR,
  cik         INTEGER,
  issuer_name VARCHAR NOT NULL,
  title       VARCHAR,
  lei         VARCHAR,
  mapped_by   VARCHAR,                        -- nport-ticker | name-match | null (unmapped)
  sources     VARCHAR NOT NULL                -- 13f,nport
);
