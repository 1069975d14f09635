-- Per-key call counts by UTC minute (issue 13.9). Every call admitted for an API key adds 1 to the
-- row of its key and minute (`minute` = floor(epoch ms / 60,000)), group-committed before the
-- response leaves, whatever the call's status (the per-key allowances of spec 8.1 count every
-- admitted call; the billing ledger holds only billed ones). The limit store (Redis) keeps the
-- per-key minute, trial-day and month counters for admission; when it has lost them (restart,
-- flush) they are rebuilt from these rows (api/limits/limiter.ts). Rows older than the previous
-- month are purged hourly.
CREATE TABLE key_usage (
  key_id  uuid NOT NULL,
  minute  bigint NOT NULL,
  calls   integer NOT NULL CHECK (calls > 0),
  PRIMARY KEY (key_id, minute)
);
