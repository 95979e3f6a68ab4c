ALTER TABLE "stores" ADD COLUMN "admin_refresh_token_encrypted" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "admin_refresh_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "store_api_client_id" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "store_api_client_secret_encrypted" text;