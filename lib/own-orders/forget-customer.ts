import "server-only";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { lockStoresForBoard, writeBoard } from "@/lib/db/board-writes";
import { reprojectOrders } from "@/lib/db/order-writes";
import { customers, orderActions, orders, printJobs } from "@/lib/db/schema";
import { parseOrderDetails } from "@/lib/platform/interchange/order-summary";
import { stableId } from "@/lib/merchant/document-ids";
import { ordersOfCustomer } from "./customers";

// A customer's request to be forgotten (LGPD art. 18): their row goes, and their name, phone and
// the street part of their address leave the restaurant's own orders (the orders stay: the
// restaurant's sales, reports and fiscal records need them; the district and city stay too, for
// the delivery reports). Platform orders are the platform's records, not touched.
//
// The WhatsApp messages sent to them (order_actions "customerMessage:*", record-customer-message.ts)
// are anonymised, not deleted: the row is the restaurant's record of its own staff's act (which
// message, who sent it, when: the order's timeline shows it), and holds nothing personal once its
// text, which greeted them by name and listed their order, is replaced. Deleting the rows would
// rewrite the order's history for no gain in privacy. Their orders' kitchen tickets (print_jobs,
// kept after printing) lose the customer's name the same way.

const FORGOTTEN = "Cliente removido (LGPD)";
/** What a customer message's text becomes once its customer is forgotten. */
export const FORGOTTEN_MESSAGE = "Mensagem removida (LGPD)";

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
    const ids = theirs.map((order) => order.id);
    if (ids.length > 0) {
      await tx
        .update(orderActions)
        .set({
          requestBody: sql`jsonb_build_object('kind', ${orderActions.requestBody}->'kind', 'text', ${FORGOTTEN_MESSAGE}::text)`,
        })
        .where(
          and(
            eq(orderActions.storeId, storeId),
            inArray(orderActions.orderId, ids),
            like(orderActions.action, "customerMessage:%"),
          ),
        );
      // A kitchen ticket queued or printed for their order keeps its items, not their name.
      await tx
        .update(printJobs)
        .set({
          ticket: sql`jsonb_set(${printJobs.ticket} - 'billingAddress', '{customerName}', to_jsonb(${FORGOTTEN}::text))`,
        })
        .where(and(eq(printJobs.storeId, storeId), inArray(printJobs.orderId, ids)));
    }
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
