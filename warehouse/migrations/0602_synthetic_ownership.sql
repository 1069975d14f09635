-- Issue 16 (with 0600/0601): the synthetic flag on the ownership tables. The sample corpus still
-- holds hand-written Forms 4, 13F and N-PORT filings (and a fund class list) where no real filing
-- with its EDGAR envelope was available; the mirror's SYNTHETIC manifest lists them, and their rows
-- are stored with synthetic = true (pipelines/sample/README.md). Indexed tables cannot be altered:
-- their indexes are dropped and made again.
DROP INDEX insider_filings_issuer;
ALTER TABLE insider_filings ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE insider_filings ALTER COLUMN synthetic SET NOT NULL;
CREATE INDEX insider_filings_issuer ON insider_filings (issuer_cik);
DROP INDEX insider_owners_owner;
ALTER TABLE insider_owners ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE insider_owners ALTER COLUMN synthetic SET NOT NULL;
CREATE INDEX insider_owners_owner ON insider_owners (owner_cik);
DROP INDEX insider_transactions_acc;
ALTER TABLE insider_transactions ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE insider_transactions ALTER COLUMN synthetic SET NOT NULL;
CREATE INDEX insider_transactions_acc ON insider_transactions (accession);
DROP INDEX f13_filings_cik;
ALTER TABLE f13_filings ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE f13_filings ALTER COLUMN synthetic SET NOT NULL;
CREATE INDEX f13_filings_cik ON f13_filings (cik, period);
ALTER TABLE f13_other_managers ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE f13_other_managers ALTER COLUMN synthetic SET NOT NULL;
DROP INDEX f13_holdings_cusip;
DROP INDEX f13_holdings_acc;
ALTER TABLE f13_holdings ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE f13_holdings ALTER COLUMN synthetic SET NOT NULL;
CREATE INDEX f13_holdings_cusip ON f13_holdings (cusip);
CREATE INDEX f13_holdings_acc ON f13_holdings (accession);
ALTER TABLE nport_filings ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE nport_filings ALTER COLUMN synthetic SET NOT NULL;
DROP INDEX nport_holdings_acc;
DROP INDEX nport_holdings_cusip;
ALTER TABLE nport_holdings ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE nport_holdings ALTER COLUMN synthetic SET NOT NULL;
CREATE INDEX nport_holdings_acc ON nport_holdings (accession);
CREATE INDEX nport_holdings_cusip ON nport_holdings (cusip);
ALTER TABLE fund_classes ADD COLUMN synthetic BOOLEAN DEFAULT false;
ALTER TABLE fund_classes ALTER COLUMN synthetic SET NOT NULL;
