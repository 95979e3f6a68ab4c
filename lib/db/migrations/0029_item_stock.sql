CREATE TABLE "item_stock" (
	"store_id" text NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"set_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "item_stock_pk" PRIMARY KEY("store_id","item_id")
);
