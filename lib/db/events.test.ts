import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { platformEvents } from "@/lib/db/schema";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import type { PlatformEvent } from "@/lib/platform/interchange/schemas";
import { insertEvents, markAcknowledged } from "./events";
import { findKnown } from "./order-reads";

// A restaurant's channel other than its first: each event row names both.
const where = { storeId: "store-1", channelId: "channel-1" };

const event = (orderId: string, eventType = "CREATED"): PlatformEvent => ({
  eventId: randomUUID(),
  eventType,
  orderId,
  createdAt: "2026-01-01T15:00:00.123456Z",
  sourceAppId: "app",
  // Quotes, accents, a character outside the BMP and an escaped control: stored as sent.
  metadata: { note: 'quote " and ção, 🍕\tend' },
});

describe.each(testDatabaseKinds)("event store (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  it("stores a poll's events as sent, skips those stored already, and names each changed order once", async () => {
    const orderA = randomUUID();
    const orderB = randomUUID();
    const earlier = event(orderA);
    await database.db.transaction((tx) => insertEvents(tx, where, [earlier]));

    const batch = [earlier, event(orderA, "CONFIRMED"), event(orderB), event(orderB, "CANCELLED")];
    const result = await database.db.transaction((tx) => insertEvents(tx, where, batch));

    expect(result.stored).toBe(3);
    expect(result.orderIds.sort()).toEqual([orderA, orderB].sort());
    const [row] = await database.db.select().from(platformEvents).where(eq(platformEvents.eventId, batch[1]!.eventId));
    expect(row).toMatchObject({
      storeId: "store-1",
      channelId: "channel-1",
      orderId: orderA,
      eventType: "CONFIRMED",
      acknowledgedAt: null,
    });
    expect(row?.payload).toEqual(batch[1]);
    // Millisecond precision, as the Date the platform's string is read into.
    expect(row?.occurredAt.toISOString()).toBe("2026-01-01T15:00:00.123Z");
  });

  it("looks up and acknowledges a poll's worth of ids and more, each as asked", async () => {
    const events = Array.from({ length: 1500 }, () => event(randomUUID()));
    await database.db.transaction((tx) => insertEvents(tx, where, events));
    const ids = events.map((item) => item.eventId);

    const known = await findKnown(database.db, [...ids, randomUUID()], []);
    expect(known.eventIds.size).toBe(1500);
    expect(known.eventIds.has(ids[1499]!)).toBe(true);

    await markAcknowledged(database.db, ids.slice(0, 1200));
    const rows = await database.db
      .select({ id: platformEvents.eventId, at: platformEvents.acknowledgedAt })
      .from(platformEvents);
    const acknowledged = new Set(rows.filter((row) => row.at !== null).map((row) => row.id));
    expect(ids.filter((id) => acknowledged.has(id))).toHaveLength(1200);
    expect(acknowledged.has(ids[1300]!)).toBe(false);
  });
});
