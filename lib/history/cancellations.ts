import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orderActions, orders, platformEvents } from "@/lib/db/schema";
import { actionOfOrder, eventOfOrder } from "@/lib/db/order-scope";

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const reasonOf = (body: unknown): string | null => {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  const metadata =
    record.metadata && typeof record.metadata === "object" ? (record.metadata as Record<string, unknown>) : record;
  const reason = text(metadata.reason);
  const code = text(metadata.code);
  return reason && code ? `${reason} (${code})` : (reason ?? code);
};

/**
 * Why each of these orders was cancelled, as far as Comanda knows: the reason the platform's
 * CANCELLED event carries, else the one staff sent when they asked to cancel.
 */
export async function cancellationReasons(db: Database, orderIds: readonly string[]): Promise<Map<string, string>> {
  const reasons = new Map<string, string>();
  for (let start = 0; start < orderIds.length; start += 500) {
    const chunk = orderIds.slice(start, start + 500);
    const [events, actions] = await Promise.all([
      db
        .select({ orderId: platformEvents.orderId, payload: platformEvents.payload })
        .from(platformEvents)
        .innerJoin(orders, eventOfOrder)
        .where(and(inArray(platformEvents.orderId, chunk), eq(platformEvents.eventType, "CANCELLED")))
        .orderBy(asc(platformEvents.occurredAt)),
      db
        .select({ orderId: orderActions.orderId, body: orderActions.requestBody })
        .from(orderActions)
        .innerJoin(orders, actionOfOrder)
        .where(and(inArray(orderActions.orderId, chunk), eq(orderActions.action, "requestCancellation")))
        .orderBy(asc(orderActions.requestedAt)),
    ]);
    for (const action of actions) {
      const reason = reasonOf(action.body);
      if (reason) reasons.set(action.orderId, reason);
    }
    // The platform's word wins over what was asked.
    for (const event of events) {
      const reason = reasonOf(event.payload);
      if (reason) reasons.set(event.orderId, reason);
    }
  }
  return reasons;
}
