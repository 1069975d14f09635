-- The order tickers were added to a watchlist (api/store/watchlists.ts). Every ticker of a list
-- created with several got the same added_at (now() is the transaction's start), so ordering by
-- (added_at, ticker) showed them alphabetically, not in the order given. `seq` comes from a
-- sequence, one value per insert, in the order the inserts run.
CREATE SEQUENCE watchlist_items_seq_seq;
ALTER TABLE watchlist_items ADD COLUMN seq bigint;
-- Existing items keep the order they were shown in.
UPDATE watchlist_items i SET seq = o.n
  FROM (SELECT watchlist_id, ticker, row_number() OVER (ORDER BY added_at, watchlist_id, ticker) AS n FROM watchlist_items) o
  WHERE i.watchlist_id = o.watchlist_id AND i.ticker = o.ticker;
SELECT setval('watchlist_items_seq_seq', coalesce((SELECT max(seq) FROM watchlist_items), 0) + 1, false);
ALTER TABLE watchlist_items ALTER COLUMN seq SET DEFAULT nextval('watchlist_items_seq_seq'), ALTER COLUMN seq SET NOT NULL;
ALTER SEQUENCE watchlist_items_seq_seq OWNED BY watchlist_items.seq;
