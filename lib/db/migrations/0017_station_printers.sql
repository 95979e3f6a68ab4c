-- Kitchen printers per station (issue 27 point 11): a printer prints one station's lines, or the
-- whole ticket when station_id is null (as every printer did before). A deleted station's printer
-- falls back to the whole ticket.
ALTER TABLE "store_printers" ADD COLUMN "station_id" integer;--> statement-breakpoint
ALTER TABLE "store_printers" ADD CONSTRAINT "store_printers_station_id_kitchen_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."kitchen_stations"("id") ON DELETE set null ON UPDATE no action;