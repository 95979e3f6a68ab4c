-- Platform connections (issue 16): one set of interchange credentials on one platform serves many
-- merchants, polled by one poller with x-polling-merchants. Each store belongs to one connection.
CREATE TABLE "platform_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"poll_interval_seconds" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "platform_connections_credentials_idx" ON "platform_connections" USING btree ("base_url","client_id");
--> statement-breakpoint
-- Every store's interchange credentials become a connection; stores with the same base URL and
-- client id share one. The interval is the longest of its stores' (never polls a merchant more
-- often than it was configured for); a connection of one store is named after it.
INSERT INTO "platform_connections" ("id", "name", "base_url", "client_id", "client_secret_encrypted", "poll_interval_seconds")
SELECT
	'conn-' || substr(md5("base_url" || ' ' || "client_id"), 1, 20),
	CASE WHEN count(*) = 1 THEN min("name") ELSE "client_id" END,
	"base_url",
	"client_id",
	min("client_secret_encrypted"),
	max("poll_interval_seconds")
FROM "stores"
GROUP BY "base_url", "client_id";
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "connection_id" text;
--> statement-breakpoint
UPDATE "stores" SET "connection_id" = 'conn-' || substr(md5("base_url" || ' ' || "client_id"), 1, 20);
--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "connection_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The interchange credentials and the interval now live only on the connection.
ALTER TABLE "stores" DROP COLUMN "base_url";
--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "client_id";
--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "client_secret_encrypted";
--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "poll_interval_seconds";
--> statement-breakpoint
-- Leases were keyed by store; they are keyed by connection now (free ones are taken at once).
DELETE FROM "poller_leases";
