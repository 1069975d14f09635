-- Plan changes (issue 17): requests to change tier or developer plan, the payment provider's
-- subscription of each account, and the webhook events already handled. The ledger and the
-- invoice lines (0100) are not touched by any of this.

-- A request to change to another offer (schema/offers.ts). With the default provider it waits
-- for an operator (`almanac billing pending|approve|reject`); with Stripe it waits for the
-- Checkout Session (`checkout_id`) to be paid. One pending request per account: a new request
-- withdraws the previous one.
CREATE TABLE billing_plan_requests (
  id            uuid PRIMARY KEY,
  account_id    uuid NOT NULL,
  from_offer    text NOT NULL,
  to_offer      text NOT NULL,
  price_micros  bigint NOT NULL CHECK (price_micros >= 0),
  provider      text NOT NULL CHECK (provider IN ('manual', 'stripe')),
  status        text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
  checkout_id   text UNIQUE,
  note          text,
  created_at    timestamptz NOT NULL,
  decided_at    timestamptz
);
CREATE UNIQUE INDEX billing_plan_requests_one_pending ON billing_plan_requests (account_id) WHERE status = 'pending';
CREATE INDEX billing_plan_requests_status ON billing_plan_requests (status, created_at);

-- The provider's subscription behind an account's paid offer (Stripe: customer and subscription
-- ids). `status`: active, past_due (a payment failed; Stripe retries), cancelling (ends at the
-- end of the paid period), cancelled.
CREATE TABLE billing_subscriptions (
  account_id       uuid PRIMARY KEY,
  provider         text NOT NULL,
  offer            text NOT NULL,
  customer_id      text,
  subscription_id  text UNIQUE,
  status           text NOT NULL CHECK (status IN ('active', 'past_due', 'cancelling', 'cancelled')),
  updated_at       timestamptz NOT NULL
);

-- Webhook events handled, by the provider's event id: a replayed event changes nothing.
CREATE TABLE billing_webhook_events (
  event_id     text PRIMARY KEY,
  type         text NOT NULL,
  received_at  timestamptz NOT NULL
);
