CREATE TABLE "expo_settings" (
	"store_id" text PRIMARY KEY NOT NULL,
	"skip_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_routes" (
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	CONSTRAINT "station_routes_pk" PRIMARY KEY("store_id","kind","ref_id")
);
--> statement-breakpoint
CREATE INDEX "kitchen_stations_store_idx" ON "kitchen_stations" USING btree ("store_id");