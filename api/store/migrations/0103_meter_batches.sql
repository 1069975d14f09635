-- Metering batches written (api/billing/meter-writer.ts). A batch's one statement inserts its id
-- here along with its `key_usage` counts and `billing_ledger` rows. A batch retried after a commit
-- whose acknowledgement was lost (the connection dropped after COMMIT) finds its id here: the
-- statement fails on the primary key, writes nothing, and the writer takes that as written. The
-- usage counts, unlike the ledger's request ids, are not idempotent on their own. The writer
-- recognises the failure by the constraint's name, so it is spelt out.
-- The id is a UUIDv7 (RFC 9562): its first 48 bits are the Unix ms at which the batch was cut, and
-- uuids compare bytewise, so the primary key is in time order: new ids go to the right edge of the
-- index (no random page splits on this hot insert) and old ones are pruned by a range of it, with
-- no second index or timestamp column. A batch is retried within seconds of its first attempt;
-- ids over an hour old are deleted hourly (api/app.ts).
CREATE TABLE meter_batches (
  batch_id  uuid NOT NULL,
  CONSTRAINT meter_batches_pkey PRIMARY KEY (batch_id)
);
