import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { KitchenTicket } from "@/lib/contract/printers";
import { kitchenStations } from "./station-schema";

// Part of the schema (lib/db/schema.ts re-exports it): kitchen printers (issue 27 point 11).

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A store's network thermal printers (ESC/POS over TCP), set by its manager. */
export const storePrinters = pgTable(
  "store_printers",
  {
    id: serial("id").primaryKey(),
    storeId: text("store_id").notNull(),
    name: text("name").notNull(),
    host: text("host").notNull(),
    port: integer("port").notNull().default(9100),
    codePage: text("code_page").notNull(),
    paperWidth: integer("paper_width").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /**
     * The kitchen station whose lines it prints; null prints the whole ticket (expo). A deleted
     * station's printer becomes a whole-ticket printer (set null): nothing it printed is dropped.
     */
    stationId: integer("station_id").references(() => kitchenStations.id, { onDelete: "set null" }),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("store_printers_store_idx").on(t.storeId)],
);

/**
 * One ticket to print on one printer: written in the confirm's own transaction, so a restart
 * loses nothing; the worker (lib/printers/worker.ts) sends it until it prints. The ticket is kept
 * as it was at the confirm, and encoded with the printer's settings when sent.
 */
export const printJobs = pgTable(
  "print_jobs",
  {
    id: serial("id").primaryKey(),
    storeId: text("store_id").notNull(),
    printerId: integer("printer_id")
      .notNull()
      .references(() => storePrinters.id, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    ticket: jsonb("ticket").$type<KitchenTicket>().notNull(),
    createdAt: timestamptz("created_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull(),
    /** An instance sending it holds it until then (a crashed sender's claim runs out). */
    claimedUntil: timestamptz("claimed_until"),
    lastError: text("last_error"),
    printedAt: timestamptz("printed_at"),
    /**
     * Minutes after the order's start when its lines fire (hold and fire): 0 is the confirm's
     * ticket; a station's held lines print in a later job keyed by their fire offset.
     */
    fireMinute: integer("fire_minute").notNull().default(0),
  },
  (t) => [
    // One ticket per order, printer and fire time: a confirm joined or repeated, or two instances
    // firing the same lines, never print twice.
    uniqueIndex("print_jobs_order_printer_fire_idx").on(t.storeId, t.orderId, t.printerId, t.fireMinute),
    index("print_jobs_due_idx").on(t.printedAt, t.nextAttemptAt),
  ],
);
