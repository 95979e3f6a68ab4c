import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, ilike, like, or, sql, type SQL } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { customers, orders, type CustomerAddress } from "@/lib/db/schema";
import { OWN_CHANNEL_PREFIX } from "./channels";
import { phoneKey } from "./phone";

// A restaurant's customers (issue 30 point 4): made and updated by its own orders only, found by
// phone in any form, never read without the restaurant (every query takes its id), deleted on
// request (deleteCustomer, LGPD).

export type Customer = typeof customers.$inferSelect;

/** The same place, however it was capitalised or spaced. */
const placeKey = (address: CustomerAddress) =>
  [address.street, address.number, address.complement ?? "", address.postalCode]
    .map((part) => part.toLowerCase().replace(/\s+/g, " ").trim())
    .join("|");

/** The customer an own order names, recorded by recordCustomer; none for an order without a phone. */
export async function recordOrderCustomer(
  tx: Database | DatabaseTransaction,
  storeId: string,
  key: string | undefined,
  order: { customer?: { name?: string }; address?: CustomerAddress },
  now: Date,
): Promise<Customer | null> {
  if (key === undefined) return null;
  return recordCustomer(tx, storeId, { phoneKey: key, name: order.customer?.name ?? "", address: order.address }, now);
}

/**
 * Records the customer of an order: one row per restaurant and phone key, made on the first
 * order, its name refreshed and a new address added on later ones. Two orders for one customer at
 * once give one customer (the unique key) and two orders.
 */
export async function recordCustomer(
  tx: Database | DatabaseTransaction,
  storeId: string,
  input: { phoneKey: string; name: string; address?: CustomerAddress },
  now: Date,
): Promise<Customer> {
  const [row] = await tx
    .insert(customers)
    .values({
      id: randomUUID(),
      storeId,
      phoneKey: input.phoneKey,
      name: input.name,
      addresses: input.address ? [input.address] : [],
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [customers.storeId, customers.phoneKey],
      // A blank name never erases the one known.
      set: { name: sql`coalesce(nullif(excluded.name, ''), ${customers.name})`, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error("customer upsert returned no row");
  if (!input.address || row.addresses.some((known) => placeKey(known) === placeKey(input.address!))) return row;
  // The newest address first: "repetir pedido" offers it.
  const addresses = [input.address, ...row.addresses].slice(0, 10);
  await tx
    .update(customers)
    .set({ addresses })
    .where(and(eq(customers.storeId, storeId), eq(customers.id, row.id)));
  return { ...row, addresses };
}

/** The restaurant's customer with this phone, written in any form; undefined when new or not a phone. */
export async function findCustomerByPhone(
  db: Database,
  storeId: string,
  phone: string,
  defaultDdd?: string,
): Promise<Customer | undefined> {
  let key: string;
  try {
    key = phoneKey(phone, { defaultDdd });
  } catch {
    return undefined;
  }
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.phoneKey, key)));
  return row;
}

/** The restaurant's customers whose phone holds these digits or whose name holds this text (at most 20). */
export async function searchCustomers(db: Database, storeId: string, query: string): Promise<Customer[]> {
  const text = query.trim().slice(0, 80);
  if (text === "") return [];
  const digits = text.replace(/\D/g, "");
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.storeId, storeId),
        or(
          ilike(customers.name, `%${escaped}%`),
          digits.length >= 4 ? sql`${customers.phoneKey} like ${`%${digits}%`}` : sql`false`,
        ),
      ),
    )
    .orderBy(asc(customers.name))
    .limit(20);
}

/** The restaurant's note about a customer ("sempre sem cebola"); false when no such customer. */
export async function setCustomerNotes(
  db: Database,
  storeId: string,
  customerId: string,
  notes: string | null,
): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ notes, updatedAt: new Date() })
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)))
    .returning({ id: customers.id });
  return rows.length > 0;
}

/** A customer's own orders at the restaurant (their documents name them): the lookup's and LGPD's. */
export function ordersOfCustomer(storeId: string, customerId: string): SQL | undefined {
  return and(
    eq(orders.storeId, storeId),
    like(orders.channelId, `${OWN_CHANNEL_PREFIX}%`),
    sql`${orders.details} -> 'customer' ->> 'id' = ${customerId}`,
  );
}
