-- One menu, mapped (issue 28): each channel's catalogue items and the restaurant items they stand for.
CREATE TABLE "menu_mappings" (
	"store_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"channel_item_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"item_id" integer,
	"matched_by" text,
	CONSTRAINT "menu_mappings_pk" PRIMARY KEY("store_id","channel_id","channel_item_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "menu_mappings_item_idx" ON "menu_mappings" USING btree ("store_id","channel_id","item_id") WHERE "item_id" IS NOT NULL;