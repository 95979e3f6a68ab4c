CREATE TABLE "channels" (
	"id" text PRIMARY KEY NOT NULL,
	"restaurant_id" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"color" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'manager' NOT NULL,
	"connection_id" text,
	"merchant_id" text,
	"service_id" text,
	"admin_client_id" text,
	"admin_client_secret_encrypted" text,
	"admin_username" text,
	"admin_password_encrypted" text,
	"admin_refresh_token_encrypted" text,
	"admin_refresh_token_expires_at" timestamp with time zone,
	"store_api_client_id" text,
	"store_api_client_secret_encrypted" text,
	"last_poll_at" timestamp with time zone,
	"last_poll_ok_at" timestamp with time zone,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" DROP CONSTRAINT "stores_connection_id_platform_connections_id_fk";
--> statement-breakpoint
DROP INDEX "merchant_updates_pending_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel_id" text;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD COLUMN "order_id_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_events" ADD COLUMN "channel_id" text;--> statement-breakpoint
ALTER TABLE "store_recent_errors" ADD COLUMN "channel_id" text;--> statement-breakpoint
ALTER TABLE "merchant_updates" ADD COLUMN "channel_id" text;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_restaurant_id_stores_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channels_restaurant_idx" ON "channels" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_merchant_idx" ON "channels" USING btree ("connection_id","merchant_id");--> statement-breakpoint
CREATE INDEX "merchant_updates_pending_idx" ON "merchant_updates" USING btree ("channel_id","id") WHERE "acknowledged_at" IS NULL;--> statement-breakpoint
-- Every store becomes a restaurant with one channel: its merchant on its connection, under the
-- store's own id, so every order, event and setting that names the store names its channel too.
INSERT INTO "channels" ("id", "restaurant_id", "kind", "label", "color", "enabled", "source", "connection_id",
  "merchant_id", "service_id", "admin_client_id", "admin_client_secret_encrypted", "admin_username",
  "admin_password_encrypted", "admin_refresh_token_encrypted", "admin_refresh_token_expires_at",
  "store_api_client_id", "store_api_client_secret_encrypted", "last_poll_at", "last_poll_ok_at", "last_error",
  "consecutive_failures", "created_at", "updated_at")
SELECT s."id", s."id", 'platform', btrim(left(c."name", 16)), '#2563eb', true, s."source", s."connection_id", s."id",
  s."service_id", s."admin_client_id", s."admin_client_secret_encrypted", s."admin_username",
  s."admin_password_encrypted", s."admin_refresh_token_encrypted", s."admin_refresh_token_expires_at",
  s."store_api_client_id", s."store_api_client_secret_encrypted", s."last_poll_at", s."last_poll_ok_at",
  s."last_error", s."consecutive_failures", s."created_at", s."updated_at"
FROM "stores" s JOIN "platform_connections" c ON c."id" = s."connection_id";--> statement-breakpoint
UPDATE "orders" SET "channel_id" = "store_id", "board" = jsonb_set("board", '{channelId}', to_jsonb("store_id"));--> statement-breakpoint
UPDATE "platform_events" SET "channel_id" = "store_id";--> statement-breakpoint
UPDATE "store_recent_errors" SET "channel_id" = "store_id";--> statement-breakpoint
UPDATE "merchant_updates" SET "channel_id" = "store_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "channel_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_events" ALTER COLUMN "channel_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "store_recent_errors" ALTER COLUMN "channel_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_updates" ALTER COLUMN "channel_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "connection_id";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "service_id";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "admin_client_id";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "admin_client_secret_encrypted";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "admin_username";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "admin_password_encrypted";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "admin_refresh_token_encrypted";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "admin_refresh_token_expires_at";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "store_api_client_id";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "store_api_client_secret_encrypted";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "last_poll_at";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "last_poll_ok_at";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "consecutive_failures";--> statement-breakpoint
-- Recent errors and queued updates are read by channel, and a restaurant's "not confirmed" by restaurant.
DROP INDEX "store_recent_errors_store_idx";--> statement-breakpoint
CREATE INDEX "store_recent_errors_channel_idx" ON "store_recent_errors" USING btree ("channel_id","id");--> statement-breakpoint
CREATE INDEX "merchant_updates_restaurant_pending_idx" ON "merchant_updates" USING btree ("store_id","id") WHERE "acknowledged_at" IS NULL;
