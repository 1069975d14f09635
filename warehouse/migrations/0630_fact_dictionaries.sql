-- Issue 14: companyfacts at >= 0.5x JSON.parse. Writing 13 columns, 7 of them VARCHAR, cost DuckDB
-- more CPU than JSON.parse of the same JSON, so the strings that repeat are stored once each:
-- `fact_values` holds only integers, dates and the value; `fact_concepts` (taxonomy, concept, unit),
-- `fact_filings` (accession, form, fy, fp, filed: what companyfacts repeats on every fact of a
-- filing) and `fact_frames` are dictionaries whose ids stay fixed within a warehouse (a load appends
-- new entries after the highest id and reuses the others; entries are never deleted, so a company
-- reloaded gets its old ids back). `facts` is a VIEW with the columns and types the table had, for
-- every reader. Existing facts move over in their order.
CREATE TABLE fact_concepts (
  id        INTEGER NOT NULL,
  taxonomy  VARCHAR NOT NULL,
  concept   VARCHAR NOT NULL,
  unit      VARCHAR NOT NULL
);
CREATE TABLE fact_filings (
  id         INTEGER NOT NULL,
  accession  VARCHAR NOT NULL,
  form       VARCHAR NOT NULL,
  fy         INTEGER,                        -- fiscal year of the FILING, not of the period
  fp         VARCHAR,                        -- fiscal period of the FILING
  filed      DATE NOT NULL
);
CREATE TABLE fact_frames (
  id     INTEGER NOT NULL,
  frame  VARCHAR NOT NULL
);
CREATE TABLE fact_values (
  cik           INTEGER NOT NULL,
  concept_id    INTEGER NOT NULL,            -- fact_concepts.id
  filing_id     INTEGER NOT NULL,            -- fact_filings.id
  period_start  DATE,                        -- null for instants
  period_end    DATE NOT NULL,
  value         DOUBLE NOT NULL,
  frame_id      INTEGER                      -- fact_frames.id
);

INSERT INTO fact_concepts
  SELECT row_number() OVER (ORDER BY first)::INTEGER, taxonomy, concept, unit
  FROM (SELECT taxonomy, concept, unit, min(rowid) AS first FROM facts GROUP BY ALL);
INSERT INTO fact_filings
  SELECT row_number() OVER (ORDER BY first)::INTEGER, accession, form, fy, fp, filed
  FROM (SELECT accession, form, fy, fp, filed, min(rowid) AS first FROM facts GROUP BY ALL);
INSERT INTO fact_frames
  SELECT row_number() OVER (ORDER BY first)::INTEGER, frame
  FROM (SELECT frame, min(rowid) AS first FROM facts WHERE frame IS NOT NULL GROUP BY ALL);
INSERT INTO fact_values
  SELECT f.cik, c.id, g.id, f.period_start, f.period_end, f.value, r.id
  FROM facts f
  JOIN fact_concepts c ON c.taxonomy = f.taxonomy AND c.concept = f.concept AND c.unit = f.unit
  JOIN fact_filings g ON g.accession = f.accession AND g.form = f.form AND g.fy IS NOT DISTINCT FROM f.fy
   AND g.fp IS NOT DISTINCT FROM f.fp AND g.filed = f.filed
  LEFT JOIN fact_frames r ON r.frame = f.frame
  ORDER BY f.rowid;
DROP TABLE facts;

CREATE VIEW facts AS
  SELECT v.cik, c.taxonomy, c.concept, c.unit, v.period_start, v.period_end, v.value, g.accession, g.fy, g.fp, g.form, g.filed, r.frame
  FROM fact_values v
  JOIN fact_concepts c ON c.id = v.concept_id
  JOIN fact_filings g ON g.id = v.filing_id
  LEFT JOIN fact_frames r ON r.id = v.frame_id;
