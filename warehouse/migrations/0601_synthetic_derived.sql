-- Issue 16 (with 0600): the synthetic flag on the remaining tables that can hold generated rows.
-- `technicals` and `price_latest` are derived from `prices`: a ticker with any synthetic price
-- gets synthetic indicators and latest quote (pipelines/jobs/technicals.ts). `bdc_filings` and
-- `bdc_holdings` come from BDC data-set files, which a mirror may list as generated.
-- Which documents are generated: the mirror's SYNTHETIC manifest (pipelines/sample/README.md).
ALTER TABLE technicals ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE technicals ALTER COLUMN synthetic SET NOT NULL;
ALTER TABLE price_latest ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE price_latest ALTER COLUMN synthetic SET NOT NULL;
ALTER TABLE bdc_filings ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE bdc_filings ALTER COLUMN synthetic SET NOT NULL;
-- An indexed table cannot be altered: the index is dropped and made again.
DROP INDEX bdc_holdings_adsh;
ALTER TABLE bdc_holdings ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE bdc_holdings ALTER COLUMN synthetic SET NOT NULL;
CREATE INDEX bdc_holdings_adsh ON bdc_holdings (adsh);
