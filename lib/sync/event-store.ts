import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { isAnyOf, jsonRecords, rowsOf } from "@/lib/db/bulk";
import { platformEvents } from "@/lib/db/schema";
import type { PlatformEvent } from "@/lib/platform/interchange/schemas";
import type { DatabaseTransaction } from "@/lib/orders/repository";

/** Which of these events are stored already (the eventId primary key is the deduplication). */
export async function knownEventIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ eventId: platformEvents.eventId }).from(platformEvents).where(isAnyOf(platformEvents.eventId, ids));
  return new Set(rows.map((row) => row.eventId));
}

/**
 * Stores the events, in the given order, each as the platform sent it; events stored meanwhile
 * by another path (a concurrent poll, the webhook) are skipped. Says whose orders the newly
 * stored ones belong to, once each.
 */
export async function insertEvents(tx: DatabaseTransaction, storeId: string, events: readonly PlatformEvent[]): Promise<{ stored: number; orderIds: string[] }> {
  const rows = events.map((event) => ({
    event_id: event.eventId,
    store_id: storeId,
    order_id: event.orderId,
    event_type: event.eventType,
    // Through Date, as before: millisecond precision, whatever the platform's string carries.
    occurred_at: new Date(event.createdAt).toISOString(),
    payload: event,
  }));
  const inserted = rowsOf<{ order_id: string }>(
    await tx.execute(sql`
      insert into platform_events (event_id, store_id, order_id, event_type, occurred_at, payload)
      select event_id, store_id, order_id, event_type, occurred_at, payload
      from ${jsonRecords(rows, "event_id text, store_id text, order_id text, event_type text, occurred_at timestamptz, payload jsonb")}
      on conflict do nothing
      returning order_id`),
  );
  return { stored: inserted.length, orderIds: [...new Set(inserted.map((row) => row.order_id))] };
}

export async function markAcknowledged(db: Database, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.update(platformEvents).set({ acknowledgedAt: new Date() }).where(isAnyOf(platformEvents.eventId, eventIds));
}
