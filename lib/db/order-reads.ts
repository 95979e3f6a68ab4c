import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { OrderSummary } from "@/lib/orders/types";
import type { TimelineEntry } from "@/lib/contract/order-review";
import { isAnyOf } from "./bulk";
import type { Database } from "./client";
import { orderActions, orders, platformEvents } from "./schema";

export async function findOrder(db: Database, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** An order Comanda has, with its summary (null while unreadable); not its details. */
export interface StoredOrder {
  id: string;
  storeId: string;
  summary: OrderSummary | null;
}

/** The orders Comanda has already, of these ids, by id. */
export async function findStoredOrders(db: Database, ids: readonly string[]): Promise<Map<string, StoredOrder>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, storeId: orders.storeId, summary: orders.summary })
    .from(orders)
    .where(isAnyOf(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Up to `limit` of a store's orders whose details could not be read or parsed (of `orderIds` only, if given). */
export async function findUnreadableOrders(db: Database, storeId: string, limit: number, orderIds?: readonly string[]) {
  if (orderIds?.length === 0) return [];
  const filter = and(
    eq(orders.storeId, storeId),
    isNull(orders.summary),
    orderIds ? isAnyOf(orders.id, orderIds) : undefined,
  );
  return db.select().from(orders).where(filter).limit(limit);
}

/** Everything that happened to an order, oldest first: platform events and staff actions. */
export async function getOrderTimeline(db: Database, orderId: string): Promise<TimelineEntry[]> {
  const events = await db
    .select({ eventType: platformEvents.eventType, at: platformEvents.receivedAt })
    .from(platformEvents)
    .where(eq(platformEvents.orderId, orderId));
  const actions = await db.select().from(orderActions).where(eq(orderActions.orderId, orderId));
  return [
    ...events.map((event): TimelineEntry => ({ at: event.at.toISOString(), kind: "event", name: event.eventType })),
    ...actions.map((action): TimelineEntry => ({
      at: action.completedAt.toISOString(),
      kind: "action",
      name: action.action,
      outcome: action.outcome,
      actor: action.actor,
      responseStatus: action.responseStatus,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}
