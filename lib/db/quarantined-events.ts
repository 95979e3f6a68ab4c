import "server-only";
import { and, desc, eq, getTableColumns, inArray, ne } from "drizzle-orm";
import { storableText } from "@/lib/contract/storable-text";
import type { Database } from "./client";
import { orders, quarantinedEvents } from "./schema";

/** What is kept of an event that could not be stored. */
export interface QuarantinedEvent {
  eventId: string;
  orderId: string | null;
  /** The event as received, whatever it holds: kept as base64 of its JSON, storable anywhere. */
  event: unknown;
}

/** Keeps events that could not be stored as opaque blobs, with why. */
export async function quarantineEvents(
  db: Database,
  storeId: string,
  events: readonly QuarantinedEvent[],
  reason: string,
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(quarantinedEvents).values(
    events.map((item) => ({
      storeId,
      // Made storable again here: nothing in this row may fail to store.
      eventId: storableText(item.eventId),
      orderId: item.orderId === null ? null : storableText(item.orderId),
      reason: storableText(reason.slice(0, 2_000)),
      blob: Buffer.from(JSON.stringify(item.event) ?? "null", "utf8").toString("base64"),
    })),
  );
}

/**
 * A quarantined row with its channel: its order's (the order is kept, flagged unreadable, when its
 * events are quarantined), so it is listed and retried with the channel that delivered it, as a
 * parked order is; null when Comanda has no such order (its card could not be written).
 */
function withChannel(db: Database) {
  return db
    .select({ ...getTableColumns(quarantinedEvents), channelId: orders.channelId })
    .from(quarantinedEvents)
    .leftJoin(orders, and(eq(orders.id, quarantinedEvents.orderId), eq(orders.storeId, quarantinedEvents.storeId)));
}

/** The stores' quarantined events with their channels, newest first, at most `limit` in all (for Operations). */
export async function listQuarantinedEvents(db: Database, storeIds: readonly string[], limit: number) {
  if (storeIds.length === 0) return [];
  return withChannel(db)
    .where(inArray(quarantinedEvents.storeId, [...storeIds]))
    .orderBy(desc(quarantinedEvents.receivedAt))
    .limit(limit);
}

/** One quarantined event of the store, with its channel (null when the store has no such row). */
export async function findQuarantinedEvent(db: Database, storeId: string, id: number) {
  const [row] = await withChannel(db).where(and(eq(quarantinedEvents.storeId, storeId), eq(quarantinedEvents.id, id)));
  return row ?? null;
}

/** The event as it was received, from its opaque blob. */
export function quarantinedEventBody(row: { blob: string }): unknown {
  return JSON.parse(Buffer.from(row.blob, "base64").toString("utf8"));
}

/** The store's newest quarantine row for an event other than `exceptId` (a retry's new reason). */
export async function newerQuarantine(db: Database, storeId: string, eventId: string, exceptId: number) {
  const [row] = await db
    .select()
    .from(quarantinedEvents)
    .where(
      and(
        eq(quarantinedEvents.storeId, storeId),
        eq(quarantinedEvents.eventId, eventId),
        ne(quarantinedEvents.id, exceptId),
      ),
    )
    .orderBy(desc(quarantinedEvents.id))
    .limit(1);
  return row ?? null;
}

export async function removeQuarantinedEvent(db: Database, storeId: string, id: number): Promise<void> {
  await db.delete(quarantinedEvents).where(and(eq(quarantinedEvents.storeId, storeId), eq(quarantinedEvents.id, id)));
}
