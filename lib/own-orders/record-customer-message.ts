import "server-only";
import type { Database } from "@/lib/db";
import { findOrder } from "@/lib/db/order-reads";
import { orderActions } from "@/lib/db/schema";
import type { CustomerMessageRequest } from "@/lib/contract/customer-message";
import { AppError } from "@/lib/errors";
import { toOrderReview } from "@/lib/orders/order-review";
import { isOwnChannelId } from "./channels";
import { customerMessageAction, customerMessagesFor, whatsAppNumber } from "./customer-message";

/**
 * Records that a message was sent to an own order's customer (issue 30 point 3): an action of the
 * order (order_actions, as a recall is: Comanda's own step, no platform), so the order's timeline
 * shows who sent which message and when. Only an own order with a Brazilian phone, and only a
 * message its state offers (customerMessagesFor): anything else is a 409, never a silent record.
 */
export async function recordCustomerMessage(
  db: Database,
  {
    storeId,
    orderId,
    request,
    actor,
  }: { storeId: string; orderId: string; request: CustomerMessageRequest; actor: string },
): Promise<void> {
  const order = await findOrder(db, storeId, orderId);
  if (!order) throw new AppError("not_found", "This order is not known to Comanda.");
  if (!isOwnChannelId(order.channelId)) {
    throw new AppError("action_not_allowed", "Only the restaurant's own orders are answered from Comanda.");
  }
  if (whatsAppNumber(toOrderReview(order.details)?.customer.phone) === null) {
    throw new AppError("action_not_allowed", "This order has no Brazilian phone number to send a message to.");
  }
  if (!customerMessagesFor(order.board).includes(request.kind)) {
    throw new AppError("action_not_allowed", "This message does not fit the order's state any more.");
  }
  const now = new Date();
  await db.insert(orderActions).values({
    orderId,
    storeId,
    action: customerMessageAction(request.kind),
    outcome: "succeeded",
    actor,
    requestBody: { kind: request.kind, text: request.text },
    requestedAt: now,
    completedAt: now,
  });
}
