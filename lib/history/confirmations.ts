import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orderActions, orders, platformEvents } from "@/lib/db/schema";
import { actionOfOrder, eventOfOrder } from "@/lib/db/order-scope";

export interface Confirmation {
  /** ISO 8601: when the order was confirmed (staff's answer, else the platform's event). */
  at: string;
  /** Who confirmed it in Comanda; null when it was confirmed elsewhere. */
  by: string | null;
}

/** When, and by whom, each of these orders was confirmed (for a page of the history: few ids). */
export async function confirmations(db: Database, orderIds: readonly string[]): Promise<Map<string, Confirmation>> {
  const found = new Map<string, Confirmation>();
  if (orderIds.length === 0) return found;
  const ids = [...orderIds];
  const [actions, events] = await Promise.all([
    db
      .select({ orderId: orderActions.orderId, actor: orderActions.actor, at: orderActions.completedAt })
      .from(orderActions)
      .innerJoin(orders, actionOfOrder)
      .where(
        and(
          inArray(orderActions.orderId, ids),
          eq(orderActions.action, "confirm"),
          eq(orderActions.outcome, "succeeded"),
        ),
      )
      .orderBy(asc(orderActions.completedAt)),
    db
      .select({ orderId: platformEvents.orderId, at: platformEvents.occurredAt })
      .from(platformEvents)
      .innerJoin(orders, eventOfOrder)
      .where(and(inArray(platformEvents.orderId, ids), eq(platformEvents.eventType, "CONFIRMED")))
      .orderBy(asc(platformEvents.occurredAt)),
  ]);
  // Staff's confirmation names who; the platform's event covers orders confirmed elsewhere.
  for (const action of actions)
    if (!found.has(action.orderId)) found.set(action.orderId, { at: action.at.toISOString(), by: action.actor });
  for (const event of events)
    if (!found.has(event.orderId)) found.set(event.orderId, { at: event.at.toISOString(), by: null });
  return found;
}
