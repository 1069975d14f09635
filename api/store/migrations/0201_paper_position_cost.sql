-- The cash paid for the shares of each paper position (api/store/paper.ts): a buy adds what it
-- took from cash (its value rounded up to the cent), a sale removes the part of the cost of the
-- shares sold and realizes its proceeds (rounded down) less that part. With shares x average cost
-- (rounded half-up per fill) the realized P&L disagreed with what cash moved, and rounding made
-- cash. Existing positions start from shares x average cost.
ALTER TABLE paper_positions ADD COLUMN cost double precision;
UPDATE paper_positions SET cost = round((shares * avg_cost)::numeric, 2)::double precision;
ALTER TABLE paper_positions ALTER COLUMN cost SET NOT NULL;
