import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { lockStoresForBoard, writeBoard } from "@/lib/db/board-writes";
import { reprojectOrders } from "@/lib/db/order-writes";
import { customers, orders } from "@/lib/db/schema";
import { parseOrderDetails } from "@/lib/platform/interchange/order-summary";
import { stableId } from "@/lib/merchant/document-ids";
import { ordersOfCustomer } from "./customers";

// A customer's request to be forgotten (LGPD art. 18): their row goes, and their name, phone and
// the street part of their address leave the restaurant's own orders (the orders stay: the
// restaurant's sales, reports and fiscal records need them; the district and city stay too, for
// the delivery reports). Platform orders are the platform's records, not touched.

const FORGOTTEN = "Cliente removido (LGPD)";

/** Forgets the restaurant's customer; false when it has no such customer. Its orders' cards are rewritten. */
export async function forgetCustomer(db: Database, storeId: string, customerId: string): Promise<boolean> {
  let found = false;
  await writeBoard(db, async (tx) => {
    await lockStoresForBoard(tx, [storeId]);
    const deleted = await tx
      .delete(customers)
      .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)))
      .returning({ id: customers.id });
    found = deleted.length > 0;
    if (!found) return [];
    const theirs = await tx
      .select({ id: orders.id, channelId: orders.channelId, details: orders.details })
      .from(orders)
      .where(ordersOfCustomer(storeId, customerId));
    return reprojectOrders(
      tx,
      theirs.map((order) => {
        const details = scrubbed(order.id, order.details as Record<string, unknown>);
        const parsed = parseOrderDetails(details);
        return {
          id: order.id,
          storeId,
          channelId: order.channelId,
          details,
          summary: parsed.ok ? parsed.summary : null,
          detailsError: parsed.ok ? null : parsed.error,
        };
      }),
    );
  });
  return found;
}

function scrubbed(orderId: string, details: Record<string, unknown>): Record<string, unknown> {
  const delivery = details.delivery as { deliveryAddress?: Record<string, unknown> } | undefined;
  const address = delivery?.deliveryAddress;
  return {
    ...details,
    // A uuid as the standard wants, tied to the order, not to the person.
    customer: {
      id: stableId(orderId, "forgotten-customer"),
      name: FORGOTTEN,
      phone: { number: "" },
      ordersCountOnMerchant: 0,
    },
    ...(delivery && address
      ? {
          delivery: {
            ...delivery,
            deliveryAddress: {
              ...address,
              street: "",
              number: "",
              complement: undefined,
              reference: undefined,
              formattedAddress: [address.district, address.city].filter(Boolean).join(" - "),
              postalCode: "",
              coordinates: { latitude: 0, longitude: 0 },
            },
          },
        }
      : {}),
  };
}
