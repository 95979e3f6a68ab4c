-- Kitchen printers (issue 27 point 11): a store's network ESC/POS printers, and one durable print
-- job per confirmed order and printer, sent by the print worker until it prints.
CREATE TABLE "print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"printer_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"ticket" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"printed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer DEFAULT 9100 NOT NULL,
	"code_page" text NOT NULL,
	"paper_width" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_store_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."store_printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_order_printer_idx" ON "print_jobs" USING btree ("store_id","order_id","printer_id");--> statement-breakpoint
CREATE INDEX "print_jobs_due_idx" ON "print_jobs" USING btree ("printed_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "store_printers_store_idx" ON "store_printers" USING btree ("store_id");
