-- Issue 16: how each ownership filing's date is known. EDGAR states a filing date only in its
-- envelope (complete submission .txt, .nc, .hdr.sgml) or the filer's submissions JSON; a filing
-- bundled without either is dated by the signature date in its document, which is on or before the
-- filing date (pipelines/jobs/ownership-filings.ts). `filed_basis` says which: 'edgar' (the filing
-- date EDGAR published: envelope, submissions JSON, DERA data set) or 'signature' (estimated from
-- the document's signature date). Every door serves it as provenance.filedBasis. DuckDB cannot add
-- a column with a constraint in one statement, hence ADD then SET NOT NULL; indexed tables cannot
-- be altered, hence their indexes are dropped and made again.
DROP INDEX insider_filings_issuer;
ALTER TABLE insider_filings ADD COLUMN filed_basis VARCHAR DEFAULT 'edgar';
ALTER TABLE insider_filings ALTER COLUMN filed_basis SET NOT NULL;
CREATE INDEX insider_filings_issuer ON insider_filings (issuer_cik);
DROP INDEX f13_filings_cik;
ALTER TABLE f13_filings ADD COLUMN filed_basis VARCHAR DEFAULT 'edgar';
ALTER TABLE f13_filings ALTER COLUMN filed_basis SET NOT NULL;
CREATE INDEX f13_filings_cik ON f13_filings (cik, period);
ALTER TABLE nport_filings ADD COLUMN filed_basis VARCHAR DEFAULT 'edgar';
ALTER TABLE nport_filings ALTER COLUMN filed_basis SET NOT NULL;
