CREATE TABLE "quarantined_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" text,
	"reason" text NOT NULL,
	"blob" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "quarantined_events_store_idx" ON "quarantined_events" USING btree ("store_id","received_at");