-- Own channels and orders (issue 30): a restaurant's customers (one per restaurant and normalised
-- phone), how it prices a pizza of several flavours, and which own channel a channel is.
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"phone_key" text NOT NULL,
	"name" text NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pizza_pricing" text DEFAULT 'highest' NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "own_source" text;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_store_phone_idx" ON "customers" USING btree ("store_id","phone_key");--> statement-breakpoint
CREATE INDEX "customers_store_name_idx" ON "customers" USING btree ("store_id","name");;--> statement-breakpoint
-- Every restaurant of before gets its own channels (lib/own-orders/channels.ts makes them for new ones).
INSERT INTO "channels" ("id", "restaurant_id", "kind", "own_source", "label", "color")
SELECT 'own:' || own.source || ':' || s.id, s.id, 'own', own.source, own.label, own.color
FROM "stores" s
CROSS JOIN (VALUES ('counter', 'Balcão', '#64748b'), ('phone', 'Telefone', '#0f766e'),
  ('whatsapp', 'WhatsApp', '#15803d'), ('table', 'Mesa', '#b45309')) AS own(source, label, color)
ON CONFLICT ("id") DO NOTHING;