import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { insertRestaurant } from "@/e2e/support/restaurants";
import { findQuarantinedEvent, listQuarantinedEvents, quarantineEvents } from "./quarantined-events";
import { channels, orders } from "./schema";

describe.each(testDatabaseKinds)("quarantined events carry their channel (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await insertRestaurant(database.db, { id: "r", name: "Restaurante" }, { id: "other", name: "Outro" });
    await database.db
      .insert(channels)
      .values({ id: "r-b", restaurantId: "r", kind: "platform", label: "App B", color: "#db2777" });
    // The order channel B delivered: its card is kept when its events are quarantined.
    await database.db.insert(orders).values({
      id: "order-b",
      storeId: "r",
      channelId: "r-b",
      board: boardCard({ id: "order-b", storeId: "r" }),
      boardColumn: "new",
      seq: 1,
      placedAt: new Date("2026-11-01T12:00:00Z"),
    });
    await quarantineEvents(database.db, "r", [{ eventId: "e-b", orderId: "order-b", event: {} }], "refused");
    await quarantineEvents(database.db, "r", [{ eventId: "e-lost", orderId: "order-lost", event: {} }], "refused");
    // Another restaurant's order of the same id is not channel B's.
    await quarantineEvents(database.db, "other", [{ eventId: "e-o", orderId: "order-b", event: {} }], "refused");
  });
  afterAll(async () => database?.destroy());

  it("names each event's order's channel, and none for an order Comanda does not have", async () => {
    const listed = await listQuarantinedEvents(database.db, ["r", "other"], 10);
    expect(
      listed
        .map(({ storeId, eventId, channelId }) => ({ storeId, eventId, channelId }))
        .sort((a, b) => a.eventId.localeCompare(b.eventId)),
    ).toEqual([
      { storeId: "r", eventId: "e-b", channelId: "r-b" },
      { storeId: "r", eventId: "e-lost", channelId: null },
      { storeId: "other", eventId: "e-o", channelId: null },
    ]);
    const ofB = listed.find((event) => event.eventId === "e-b")!;
    expect(await findQuarantinedEvent(database.db, "r", ofB.id)).toMatchObject({ eventId: "e-b", channelId: "r-b" });
    expect(await findQuarantinedEvent(database.db, "other", ofB.id)).toBeNull();
  });
});
