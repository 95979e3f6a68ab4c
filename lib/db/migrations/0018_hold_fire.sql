-- Hold and fire (issue 27 points 10, 11): a station's default preparation time (null: the store's),
-- an item's own, and print jobs keyed by fire time too, so a station's held lines print in a
-- second job when they fire. Existing jobs are the confirm's (fire minute 0).
CREATE TABLE "item_prep_times" (
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "item_prep_times_pk" PRIMARY KEY("store_id","kind","ref_id")
);
--> statement-breakpoint
DROP INDEX "print_jobs_order_printer_idx";--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "fire_minute" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchen_stations" ADD COLUMN "prep_minutes" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_order_printer_fire_idx" ON "print_jobs" USING btree ("store_id","order_id","printer_id","fire_minute");