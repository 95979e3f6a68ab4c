-- One channel paused on its own (issue 28): a row while that channel's platform is told the
-- restaurant is closed, the restaurant's other channels untouched; reopening deletes it.
CREATE TABLE "channel_pauses" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"paused_until" timestamp with time zone,
	"reason" text NOT NULL,
	"paused_by" text NOT NULL,
	"paused_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "channel_pauses_store_idx" ON "channel_pauses" USING btree ("store_id");