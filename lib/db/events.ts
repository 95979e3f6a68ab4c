import "server-only";
import { sql } from "drizzle-orm";
import { bulkInsert, isAnyOf, rowsOf } from "./bulk";
import type { Database, DatabaseTransaction } from "./client";
import { platformEvents } from "./schema";

/** What the store needs of a platform event; the whole event is kept as its payload. */
export interface StorableEvent {
  eventId: string;
  orderId: string;
  eventType: string;
  createdAt: string;
}

/**
 * Stores the events, in the given order, each as the platform sent it; events stored meanwhile
 * by another path (a concurrent poll, the webhook) are skipped. Says whose orders the newly
 * stored ones belong to, once each.
 */
export async function insertEvents(
  tx: DatabaseTransaction,
  { storeId, channelId }: { storeId: string; channelId: string },
  events: readonly StorableEvent[],
): Promise<{ stored: number; orderIds: string[] }> {
  const rows = events.map((event) => ({
    eventId: event.eventId,
    storeId,
    channelId,
    orderId: event.orderId,
    eventType: event.eventType,
    // Through Date, as before: millisecond precision, whatever the platform's string carries.
    occurredAt: new Date(event.createdAt).toISOString(),
    payload: event,
  }));
  const keys = ["eventId", "storeId", "channelId", "orderId", "eventType", "occurredAt", "payload"] as const;
  const inserted = rowsOf<{ orderId: string }>(
    await tx.execute(
      sql`${bulkInsert(platformEvents, keys, rows)} on conflict do nothing returning ${platformEvents.orderId} as "orderId"`,
    ),
  );
  return { stored: inserted.length, orderIds: [...new Set(inserted.map((row) => row.orderId))] };
}

export async function markAcknowledged(db: Database, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.update(platformEvents).set({ acknowledgedAt: new Date() }).where(isAnyOf(platformEvents.eventId, eventIds));
}
