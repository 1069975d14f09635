-- One secondary index on the ledger instead of two (issue 15: every billed call inserts a ledger
-- row, and each index is one more btree insert, its WAL and its pages for every row). Every query
-- of the ledger names the month: an account's month (`monthUsage`, the daily usage view: account
-- and month) or a whole month (the invoice run). (month, account_id) serves both; (account_id,
-- month) served only the first, so the invoice needed (month) besides.
-- Built inside the migration's transaction (writes to the ledger wait for it): the service applies
-- its migrations before it serves.
CREATE INDEX billing_ledger_month_account ON billing_ledger (month, account_id);
DROP INDEX billing_ledger_account_month;
DROP INDEX billing_ledger_month;
