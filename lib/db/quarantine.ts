import "server-only";
import { desc, inArray } from "drizzle-orm";
import { storableText } from "@/lib/contract/storable-text";
import type { Database } from "./client";
import { quarantinedEvents } from "./schema";

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

/** The stores' quarantined events, newest first, at most `limit` in all (for Operations). */
export async function listQuarantinedEvents(db: Database, storeIds: readonly string[], limit: number) {
  if (storeIds.length === 0) return [];
  return db
    .select()
    .from(quarantinedEvents)
    .where(inArray(quarantinedEvents.storeId, [...storeIds]))
    .orderBy(desc(quarantinedEvents.receivedAt))
    .limit(limit);
}
