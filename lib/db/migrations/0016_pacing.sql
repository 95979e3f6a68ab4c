CREATE TABLE "merchant_control_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"change" text NOT NULL,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pacing_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pacing_capacity" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pacing_hard_limit" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_controls" ADD COLUMN "busy_by" text;--> statement-breakpoint
ALTER TABLE "merchant_controls" ADD COLUMN "pacing_reason" jsonb;--> statement-breakpoint
ALTER TABLE "merchant_controls" ADD COLUMN "pacing_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "merchant_control_log_store_idx" ON "merchant_control_log" USING btree ("store_id","id");