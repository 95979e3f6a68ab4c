-- The history at 100,000 orders and more (issue 31): trigram indexes serve "contains" searches.
-- pg_trgm ships with PostgreSQL (a trusted extension) and PGlite loads it (lib/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Store + time, now with the id that breaks ties: a page is read from the index in order.
DROP INDEX "orders_store_placed_idx";--> statement-breakpoint
-- Search and sort keys the database keeps from board and details (every writer stays as it is).
ALTER TABLE "orders" ADD COLUMN "total_cents" bigint GENERATED ALWAYS AS (CASE WHEN jsonb_typeof((board -> 'total') -> 'value') = 'number' AND abs(((board -> 'total') ->> 'value')::numeric) < 10000000000000 THEN round((((board -> 'total') ->> 'value')::numeric) * 100) END) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(coalesce((((details -> 'customer') -> 'phone') ->> 'number'), ''), '[^0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_name" text GENERATED ALWAYS AS (translate(lower(coalesce((board ->> 'customerName'), '')), 'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_display_id" text GENERATED ALWAYS AS (lower(coalesce((board ->> 'displayId'), ''))) STORED;--> statement-breakpoint
-- Every store's time range newest first (a manager of several stores).
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at","id");--> statement-breakpoint
-- The "status" sort: each column's orders newest first, one column after another.
CREATE INDEX "orders_column_placed_idx" ON "orders" USING btree ("board_column","placed_at","id");--> statement-breakpoint
-- The "total" sort, largest first, ties newest first (lib/history/sorting.ts).
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_cents" DESC NULLS LAST,"placed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search_name" gin_trgm_ops,"phone_digits" gin_trgm_ops,"search_display_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_store_placed_idx" ON "orders" USING btree ("store_id","placed_at","id");
