-- An order action in flight on some instance (issue 16): an identical one elsewhere waits for its outcome.
CREATE TABLE "action_claims" (
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"action" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "action_claims_pk" PRIMARY KEY("store_id","order_id","action")
);
