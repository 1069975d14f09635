-- Issue 9: public-sector data sets behind the MCP tools alm_bank_lookup and alm_federal_contracts.
-- No PRIMARY KEYs: every load deletes the rows its document owns (`source`) and appends, inside the
-- runner's per-document transaction.

-- FDIC-insured institutions (BankFind Suite institutions download, CSV). Dollar amounts are
-- converted from the file's thousands of dollars to dollars at load.
CREATE TABLE fdic_institutions (
  cert                  INTEGER NOT NULL,   -- FDIC certificate number
  name                  VARCHAR NOT NULL,
  fed_rssd              INTEGER,
  address               VARCHAR,
  city                  VARCHAR,
  state                 VARCHAR,            -- STALP, two letters
  state_name            VARCHAR,
  zip                   VARCHAR,
  active                BOOLEAN NOT NULL,
  bank_class            VARCHAR,            -- BKCLASS: N, SM, NM, SB, SA, OI
  regulator             VARCHAR,            -- REGAGNT: OCC, FED, FDIC ...
  holding_company       VARCHAR,            -- NAMEHCR
  holding_company_rssd  INTEGER,            -- RSSDHCR
  total_assets          DOUBLE,             -- USD
  total_deposits        DOUBLE,             -- USD
  domestic_deposits     DOUBLE,             -- USD
  net_income            DOUBLE,             -- USD, year to date of report_date
  roa                   DOUBLE,             -- percent, as the FDIC publishes it
  roe                   DOUBLE,             -- percent
  offices               INTEGER,            -- domestic offices
  report_date           DATE,               -- REPDTE: the Call Report the figures come from
  established           DATE,
  insured_since         DATE,
  inactive_since        DATE,               -- ENDEFYMD for inactive institutions
  website               VARCHAR,
  source                VARCHAR NOT NULL
);

-- USAspending.gov prime contract award summaries (the award data archive / custom award download
-- CSV, "Contracts_PrimeAwardSummaries"). One row per award (contract_award_unique_key).
CREATE TABLE federal_awards (
  award_key             VARCHAR NOT NULL,   -- contract_award_unique_key
  piid                  VARCHAR NOT NULL,
  parent_piid           VARCHAR,
  awarding_agency       VARCHAR,
  awarding_sub_agency   VARCHAR,
  funding_agency        VARCHAR,
  recipient_name        VARCHAR NOT NULL,
  recipient_uei         VARCHAR,
  parent_name           VARCHAR,
  parent_uei            VARCHAR,
  recipient_city        VARCHAR,
  recipient_state       VARCHAR,
  recipient_country     VARCHAR,
  obligated             DOUBLE,             -- total_obligated_amount, USD
  current_value         DOUBLE,             -- current_total_value_of_award
  potential_value       DOUBLE,             -- potential_total_value_of_award
  base_action_date      DATE,
  latest_action_date    DATE,
  fiscal_year           INTEGER,            -- award_latest_action_date_fiscal_year
  start_date            DATE,
  end_date              DATE,               -- period_of_performance_current_end_date
  potential_end_date    DATE,
  award_type            VARCHAR,
  naics_code            VARCHAR,
  naics_description     VARCHAR,
  psc_code              VARCHAR,
  psc_description       VARCHAR,
  description           VARCHAR,            -- prime_award_base_transaction_description
  permalink             VARCHAR,
  last_modified         DATE,
  source                VARCHAR NOT NULL
);
