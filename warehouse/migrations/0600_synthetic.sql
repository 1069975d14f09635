-- Issue 16: rows that were generated rather than taken from a source document (sample prices
-- between real anchors, illustrative targets, headlines written for the corpus, approximated
-- figures) are flagged, and every door serves the flag. Loaders set it per document; a row that
-- does not say is real (false). DuckDB cannot add a column with a constraint in one statement,
-- hence ADD then SET NOT NULL.
ALTER TABLE prices ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE prices ALTER COLUMN synthetic SET NOT NULL;
ALTER TABLE price_targets ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE price_targets ALTER COLUMN synthetic SET NOT NULL;
ALTER TABLE news_items ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE news_items ALTER COLUMN synthetic SET NOT NULL;
ALTER TABLE macro_observations ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE macro_observations ALTER COLUMN synthetic SET NOT NULL;
ALTER TABLE yield_curve ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE yield_curve ALTER COLUMN synthetic SET NOT NULL;
ALTER TABLE fdic_institutions ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE fdic_institutions ALTER COLUMN synthetic SET NOT NULL;
ALTER TABLE federal_awards ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE federal_awards ALTER COLUMN synthetic SET NOT NULL;
