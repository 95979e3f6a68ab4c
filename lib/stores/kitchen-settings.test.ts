import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { insertRestaurant } from "@/e2e/support/restaurants";
import { collectBoardWrites } from "@/e2e/support/board-writes";
import { writeBoard } from "@/lib/db/board-writes";
import { reprojectOrder } from "@/lib/db/order-writes";
import { platformEvents } from "@/lib/db/schema";
import type { OrderSummary } from "@/lib/orders/types";
import { getKitchenSettings, saveKitchenSettings } from "./kitchen-settings";
import { ownOrderSettingsOf } from "./own-order-settings";

const summary: OrderSummary = {
  displayId: "77",
  type: "TAKEOUT",
  customerName: "Ana",
  itemCount: 1,
  total: { value: 10, currency: "BRL" },
  placedAt: "2026-01-01T15:00:00.000Z",
  timing: "INSTANT",
  preparationStartAt: null,
  scheduledFor: null,
};

describe("a store's kitchen settings", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await insertRestaurant(database.db, { id: "store-1", name: "Centro" });
    for (const eventType of ["CREATED", "CONFIRMED"]) {
      await database.db.insert(platformEvents).values({
        eventId: randomUUID(),
        storeId: "store-1",
        channelId: "store-1",
        orderId: "order-1",
        eventType,
        occurredAt: new Date(),
        payload: { eventType },
      });
    }
    await writeBoard(database.db, (tx) =>
      reprojectOrder(tx, {
        id: "order-1",
        storeId: "store-1",
        channelId: "store-1",
        summary,
        details: {},
        detailsError: null,
      }),
    );
  });
  afterAll(async () => database?.destroy());

  it("default to a 20 minute promise, reporting preparing, and pacing off (8 items, pause past 24)", async () => {
    expect(await getKitchenSettings(database.db, "store-1")).toEqual({
      preparationMinutes: 20,
      reportPreparing: true,
      pacing: { enabled: false, capacity: 8, hardLimit: 24 },
      pizzaPricing: "highest",
    });
  });

  it("are saved, and the store's active cards follow at once", async () => {
    const published = collectBoardWrites(["store-1"]);
    await saveKitchenSettings(database.db, "store-1", { preparationMinutes: 35, reportPreparing: false });
    published.stop();
    expect(await getKitchenSettings(database.db, "store-1")).toEqual({
      preparationMinutes: 35,
      reportPreparing: false,
      pacing: { enabled: false, capacity: 8, hardLimit: 24 },
      pizzaPricing: "highest",
    });
    expect(published.map((card) => card.id)).toEqual(["order-1"]);
    const [card] = published;
    expect(card!.actions).not.toContain("preparing");
    // Confirmed without a promised time: the timer counts the store's new default.
    expect(Date.parse(card!.dueAt!) - Date.parse(card!.stageSince!)).toBe(35 * 60_000);
  });

  it("keep pacing as the manager sets it; a save without pacing keeps the store's", async () => {
    const pacing = { enabled: true, capacity: 6, hardLimit: 15 };
    await saveKitchenSettings(database.db, "store-1", { preparationMinutes: 30, reportPreparing: true, pacing });
    await saveKitchenSettings(database.db, "store-1", { preparationMinutes: 25, reportPreparing: true });
    expect(await getKitchenSettings(database.db, "store-1")).toMatchObject({ preparationMinutes: 25, pacing });
  });

  it("keep the half-and-half rule the manager picks, the one own orders are priced by; a save without it keeps it", async () => {
    const base = { preparationMinutes: 25, reportPreparing: true };
    await saveKitchenSettings(database.db, "store-1", { ...base, pizzaPricing: "average" });
    await saveKitchenSettings(database.db, "store-1", base);
    expect(await getKitchenSettings(database.db, "store-1")).toMatchObject({ pizzaPricing: "average" });
    expect(await ownOrderSettingsOf(database.db, "store-1")).toMatchObject({ pizzaPricing: "average" });
    await saveKitchenSettings(database.db, "store-1", { ...base, pizzaPricing: "highest" });
    expect(await ownOrderSettingsOf(database.db, "store-1")).toMatchObject({ pizzaPricing: "highest" });
  });

  it("refuse a store that does not exist", async () => {
    await expect(getKitchenSettings(database.db, "nope")).rejects.toMatchObject({ code: "not_found" });
    await expect(
      saveKitchenSettings(database.db, "nope", { preparationMinutes: 20, reportPreparing: true }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
