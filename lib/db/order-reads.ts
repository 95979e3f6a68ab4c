import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { mergeTimeline } from "@/lib/orders/timeline";
import { editChangesOf } from "@/lib/own-orders/edit-parts";
import type { OrderSummary } from "@/lib/orders/types";
import type { TimelineEntry } from "@/lib/contract/order-review";
import { isAnyOf, rowsOf } from "./bulk";
import type { Database } from "./client";
import { orderActions, orders, platformEvents } from "./schema";

// Every read of an order names the store it belongs to: an order id alone never reaches another
// store's order (a platform connection, or a caller, can only see its own store's).

/** One of a store's orders. */
export async function findOrder(db: Database, storeId: string, orderId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  return row;
}

/** The store an order belongs to, if Comanda has it: what the routes check the viewer against. */
export async function findOrderStore(db: Database, orderId: string): Promise<string | undefined> {
  const [row] = await db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.id, orderId));
  return row?.storeId;
}

/** An order Comanda has, with its summary (null while unreadable); not its details. */
export interface StoredOrder {
  id: string;
  storeId: string;
  channelId: string;
  summary: OrderSummary | null;
}

/**
 * What Comanda already has of a delivery, in one statement (it is on every pushed order's way to
 * the board, issue 31): which of these events are stored (the eventId primary key is the
 * deduplication), and which of these orders, by id, with their summaries (an order id is the
 * platform's: each row names the store it belongs to).
 */
export async function findKnown(
  db: Database,
  eventIds: readonly string[],
  orderIds: readonly string[],
): Promise<{ eventIds: Set<string>; orders: Map<string, StoredOrder> }> {
  if (eventIds.length === 0 && orderIds.length === 0) return { eventIds: new Set(), orders: new Map() };
  const [row] = rowsOf<{ events: string[]; orders: StoredOrder[] }>(
    await db.execute(sql`select
      (select coalesce(json_agg(${platformEvents.eventId}), '[]') from ${platformEvents}
        where ${isAnyOf(platformEvents.eventId, eventIds)}) as events,
      (select coalesce(json_agg(json_build_object('id', ${orders.id}, 'storeId', ${orders.storeId},
          'channelId', ${orders.channelId}, 'summary', ${orders.summary})), '[]')
        from ${orders} where ${isAnyOf(orders.id, orderIds)}) as orders`),
  );
  return { eventIds: new Set(row!.events), orders: new Map(row!.orders.map((order) => [order.id, order])) };
}

/** Up to `limit` of these channels' orders whose details could not be read or parsed (of `orderIds` only, if given). */
export async function findUnreadableOrders(
  db: Database,
  channelIds: readonly string[],
  limit: number,
  orderIds?: readonly string[],
) {
  if (orderIds?.length === 0 || channelIds.length === 0) return [];
  const filter = and(
    isAnyOf(orders.channelId, channelIds),
    isNull(orders.summary),
    orderIds ? isAnyOf(orders.id, orderIds) : undefined,
  );
  return db.select().from(orders).where(filter).limit(limit);
}

/** Everything that happened to an order, oldest first: platform events and staff actions, each action merged with the event it caused. */
export async function getOrderTimeline(db: Database, storeId: string, orderId: string): Promise<TimelineEntry[]> {
  const events = await db
    .select({
      eventType: platformEvents.eventType,
      at: platformEvents.receivedAt,
      // A step Comanda took from the platform's status (lib/sync/reconcile.ts) says so.
      reconciled: sql<boolean>`coalesce((${platformEvents.payload} -> 'metadata' ->> 'comandaReconciled')::boolean, false)`,
    })
    .from(platformEvents)
    .where(and(eq(platformEvents.storeId, storeId), eq(platformEvents.orderId, orderId)));
  const actions = await db
    .select()
    .from(orderActions)
    .where(and(eq(orderActions.storeId, storeId), eq(orderActions.orderId, orderId)));
  return mergeTimeline(
    [
      ...events.map((event): TimelineEntry => ({
        at: event.at.toISOString(),
        kind: "event",
        name: event.reconciled ? `reconciled:${event.eventType}` : event.eventType,
      })),
      ...actions.map((action): TimelineEntry => ({
        at: action.completedAt.toISOString(),
        kind: "action",
        name: action.action,
        outcome: action.outcome,
        actor: action.actor,
        responseStatus: action.responseStatus,
        ...(action.action === "edit" ? { changed: editChangesOf(action.requestBody) } : {}),
      })),
    ].sort((a, b) => a.at.localeCompare(b.at)),
  );
}
