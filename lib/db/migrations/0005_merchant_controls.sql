CREATE TABLE "merchant_controls" (
	"store_id" text PRIMARY KEY NOT NULL,
	"api_key_hash" text,
	"api_key_created_at" timestamp with time zone,
	"menu" jsonb,
	"menu_imported_at" timestamp with time zone,
	"paused" boolean DEFAULT false NOT NULL,
	"paused_until" timestamp with time zone,
	"pause_reason" text,
	"paused_by" text,
	"paused_at" timestamp with time zone,
	"busy_minutes" integer DEFAULT 0 NOT NULL,
	"auto_accept" jsonb,
	"onboarded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_sold_out" (
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"name" text NOT NULL,
	"until" timestamp with time zone,
	"marked_by" text,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_sold_out_pk" PRIMARY KEY ("store_id", "kind", "ref_id")
);
--> statement-breakpoint
CREATE TABLE "merchant_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "merchant_updates_pending_idx" ON "merchant_updates" USING btree ("store_id","id") WHERE "acknowledged_at" IS NULL;
