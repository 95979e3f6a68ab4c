-- A cook's "done" on a ticket's line (issue 13): shared by the store's tablets, never sent to the platform.
CREATE TABLE "item_marks" (
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"line" integer NOT NULL,
	"marked_by" text NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_marks_pk" PRIMARY KEY("store_id","order_id","line")
);
