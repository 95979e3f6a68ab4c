import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { insertRestaurant } from "@/e2e/support/restaurants";
import { collectBoardWrites } from "@/e2e/support/board-writes";
import { AppError } from "@/lib/errors";
import type { OrderSummary } from "@/lib/orders/types";
import { writeBoard } from "./board-writes";
import { setItemMark } from "./item-marks";
import { reprojectOrder } from "./order-writes";
import { platformEvents } from "./schema";

const summary: OrderSummary = {
  displayId: "81",
  type: "TAKEOUT",
  customerName: "Ana",
  itemCount: 3,
  total: { value: 30, currency: "BRL" },
  placedAt: "2026-01-01T15:00:00.000Z",
  timing: "INSTANT",
  preparationStartAt: null,
  scheduledFor: null,
  lines: [
    { name: "Pizza Grande", quantity: 1, options: [] },
    { name: "Suco", quantity: 2, options: [] },
  ],
};

describe.each(testDatabaseKinds)("item marks (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await insertRestaurant(database.db, { id: "store-a", name: "store-a" }, { id: "store-b", name: "store-b" });
    for (const eventType of ["CREATED", "CONFIRMED"]) {
      await database.db.insert(platformEvents).values({
        eventId: randomUUID(),
        storeId: "store-a",
        channelId: "store-a",
        orderId: "order-1",
        eventType,
        occurredAt: new Date(),
        payload: { eventType },
      });
    }
    await writeBoard(database.db, (tx) =>
      reprojectOrder(tx, {
        id: "order-1",
        storeId: "store-a",
        channelId: "store-a",
        summary,
        details: {},
        detailsError: null,
      }),
    );
  });
  afterAll(async () => database?.destroy());

  const mark = (line: number, done: boolean, storeId = "store-a") =>
    setItemMark(database.db, { storeId, orderId: "order-1", line, done, actor: "Ana" });

  it("strike a line on the card, streamed as a change, and come off again", async () => {
    const published = collectBoardWrites(["store-a"]);
    const marked = await mark(1, true, "store-a");
    published.stop();
    expect(marked.doneLines).toEqual([1]);
    expect(published.map((card) => card.doneLines)).toEqual([[1]]);
    expect((await mark(0, true)).doneLines).toEqual([0, 1]);
    // Marking twice is harmless; unmarking takes the line out, and none leaves no field at all.
    expect((await mark(0, true)).doneLines).toEqual([0, 1]);
    expect((await mark(1, false)).doneLines).toEqual([0]);
    expect((await mark(0, false)).doneLines).toBeUndefined();
  });

  it("refuse a line the order does not have, and another store's order", async () => {
    await expect(mark(2, true)).rejects.toMatchObject({ code: "bad_request" });
    const outside = await mark(0, true, "store-b").catch((error: unknown) => error);
    expect(outside).toBeInstanceOf(AppError);
    expect(outside).toMatchObject({ code: "not_found" });
  });
});
