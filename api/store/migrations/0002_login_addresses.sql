-- Addresses each account signed in from successfully (issue 13.10): past the ceiling of failed
-- sign-ins per account, a login from one of these (within KNOWN_ADDRESS_DAYS of its last success)
-- is still considered, so an attacker guessing from elsewhere cannot lock the owner out. Kept
-- apart from sessions, which are deleted a day after they end.
CREATE TABLE login_addresses (
  account_id       uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  ip               text NOT NULL,
  last_success_at  timestamptz NOT NULL,
  PRIMARY KEY (account_id, ip)
);
CREATE INDEX login_addresses_last_success ON login_addresses (last_success_at);
