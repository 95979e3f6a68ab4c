-- The history sorts and pages a store's orders by time: an index on (store, time) keeps 10,000 orders fast.
CREATE INDEX "orders_store_placed_idx" ON "orders" USING btree ("store_id","placed_at");
--> statement-breakpoint
-- A store's IANA time zone (null: the default, America/Sao_Paulo): its days, hours and board times.
ALTER TABLE "stores" ADD COLUMN "time_zone" text;
