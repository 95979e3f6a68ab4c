import "server-only";
import { and, asc, count, eq, inArray, like, max, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { customers, orders } from "@/lib/db/schema";
import { assertStore } from "@/lib/auth/guard";
import type { Viewer } from "@/lib/auth/sessions";
import type { CustomerNotesRequest } from "@/lib/contract/customers";
import { AppError } from "@/lib/errors";
import { OWN_CHANNEL_PREFIX } from "./channel-id";
import { searchCustomers, setCustomerNotes, type Customer } from "./customers";
import { forgetCustomer } from "./forget-customer";

// The back office's customers (issue 30 point 4): what the page lists and what its routes change.
// Every read and write names the restaurant and checks the viewer works for it first, so another
// restaurant's customer is a 403 (their store) or a 404 (its id through one's own store), never data.

export interface CustomerRow extends Customer {
  ordersCount: number;
  /** When their last own order was placed (ISO 8601); null when none is left. */
  lastOrderAt: string | null;
}

/** The page's list: the search's matches, or the restaurant's first customers by name (at most 100). */
export async function listCustomers(
  db: Database,
  viewer: Viewer,
  storeId: string,
  query: string,
): Promise<CustomerRow[]> {
  assertStore(viewer, storeId);
  const found =
    query.trim() === ""
      ? await db.select().from(customers).where(eq(customers.storeId, storeId)).orderBy(asc(customers.name)).limit(100)
      : await searchCustomers(db, storeId, query);
  if (found.length === 0) return [];
  const customerId = sql<string>`${orders.details} -> 'customer' ->> 'id'`;
  const stats = await db
    .select({ customerId, ordersCount: count(), lastOrderAt: max(orders.placedAt) })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        like(orders.channelId, `${OWN_CHANNEL_PREFIX}%`),
        inArray(
          customerId,
          found.map((customer) => customer.id),
        ),
      ),
    )
    .groupBy(customerId);
  const byId = new Map(stats.map((row) => [row.customerId, row]));
  return found.map((customer) => {
    const stat = byId.get(customer.id);
    return {
      ...customer,
      ordersCount: stat?.ordersCount ?? 0,
      lastOrderAt: stat?.lastOrderAt ? new Date(stat.lastOrderAt).toISOString() : null,
    };
  });
}

const notFound = () => new AppError("not_found", "This restaurant has no such customer.");

/** PATCH: the restaurant's note about its customer; blank clears it. */
export async function changeCustomerNotes(
  db: Database,
  viewer: Viewer,
  { storeId, customerId, notes }: { storeId: string; customerId: string } & CustomerNotesRequest,
): Promise<void> {
  assertStore(viewer, storeId);
  if (!(await setCustomerNotes(db, storeId, customerId, notes === "" ? null : notes))) throw notFound();
}

/** DELETE (LGPD): the customer forgotten, their orders kept without their personal data. */
export async function deleteCustomer(
  db: Database,
  viewer: Viewer,
  { storeId, customerId }: { storeId: string; customerId: string },
): Promise<void> {
  assertStore(viewer, storeId);
  if (!(await forgetCustomer(db, storeId, customerId))) throw notFound();
}
