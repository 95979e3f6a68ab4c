-- Several instances on one PostgreSQL: each instance announces itself (and its heartbeat) so
-- that the others can count the live ones and share the pollers evenly.
CREATE TABLE "instances" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- One row per poller key (a store): who runs it, until when, and a fencing token that grows on
-- every takeover. A write of the poller's checks the token in its own transaction.
CREATE TABLE "poller_leases" (
	"key" text PRIMARY KEY NOT NULL,
	"holder" text,
	"token" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
