import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// Part of the schema (lib/db/schema.ts re-exports it): a restaurant's own customers (issue 30, 0024).

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A delivery address a customer gave (kept as typed; the fee is found from it at order time). */
export interface CustomerAddress {
  street: string;
  number: string;
  complement?: string;
  district: string;
  city: string;
  state: string;
  postalCode: string;
  reference?: string;
  coordinates?: { latitude: number; longitude: number };
}

/**
 * A restaurant's customer, from its own orders only (platform orders' customers belong to the
 * platform). One row per restaurant and phone key (lib/own-orders/phone.ts): every form of one
 * Brazilian number is one customer. Never read without its restaurant; deleted on request (LGPD).
 */
export const customers = pgTable(
  "customers",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    /** The normalised phone: 55 + DDD + number, digits only. */
    phoneKey: text("phone_key").notNull(),
    name: text("name").notNull(),
    addresses: jsonb("addresses").$type<CustomerAddress[]>().notNull().default([]),
    /** The restaurant's note about them ("sempre sem cebola"). */
    notes: text("notes"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customers_store_phone_idx").on(t.storeId, t.phoneKey),
    index("customers_store_name_idx").on(t.storeId, t.name),
  ],
);
