-- The kitchen's own way of working, per store (issue 13): the preparation time a confirm
-- promises by default, and whether the kitchen reports "preparing" to the platform at all.
ALTER TABLE "stores" ADD COLUMN "default_preparation_minutes" integer DEFAULT 20 NOT NULL;
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "report_preparing" boolean DEFAULT true NOT NULL;
