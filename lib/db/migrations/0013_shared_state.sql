-- Shared state for several instances (issue 16): what every instance's status feed, Operations
-- and health read instead of one process's memory.
-- A store's last few sync errors, trimmed to the newest 20 on insert; an error identical to the
-- newest one bumps its count and last time instead of adding a row.
CREATE TABLE "store_recent_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"order_id" text,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "store_recent_errors_store_idx" ON "store_recent_errors" USING btree ("store_id","id");
--> statement-breakpoint
-- Failed polls since the last success, written with last_poll_at by whichever instance polls.
ALTER TABLE "stores" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Auto-print claimed once per order across every instance: the first board to ask prints.
ALTER TABLE "orders" ADD COLUMN "auto_print_claimed_at" timestamp with time zone;
