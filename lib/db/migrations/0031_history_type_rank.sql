-- The history's "type" sort (issue 31): each type's rank as the database keeps it, read type by
-- type from an index in time order instead of ranking and sorting every order of the range.
ALTER TABLE "orders" ADD COLUMN "type_rank" integer GENERATED ALWAYS AS (CASE (board ->> 'type') WHEN 'DELIVERY' THEN 0 WHEN 'TAKEOUT' THEN 1 WHEN 'INDOOR' THEN 2 ELSE 99 END) STORED;--> statement-breakpoint
CREATE INDEX "orders_type_placed_idx" ON "orders" USING btree ("type_rank","placed_at","id");--> statement-breakpoint
-- The planner knows the new column at once: the table's rewrite does not wake autovacuum's
-- analyze (and PGlite has none), and without statistics a page's count read a type's whole index.
ANALYZE "orders";