-- What each platform connection's discovery manifest last said (issue 29): its own table, written by
-- the manifest reader alone; a failed read keeps what the last good one recorded.
CREATE TABLE "connection_discovery" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"dialect" text,
	"state" text NOT NULL,
	"problem" text,
	"operations" jsonb,
	"events" jsonb,
	"versions" jsonb,
	"checked_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "connection_discovery" ADD CONSTRAINT "connection_discovery_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE cascade ON UPDATE no action;