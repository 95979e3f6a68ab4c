import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { orders, platformEvents } from "@/lib/db/schema";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import type { OrderSummary } from "@/lib/orders/types";
import { writeBoard } from "./board-writes";
import { findOrder } from "./order-reads";
import { reprojectOrder, reprojectOrders, type OrderRecord } from "./order-writes";

const summary = (displayId: string, customerName: string | null = "Ana"): OrderSummary => ({
  displayId,
  type: "TAKEOUT",
  customerName,
  itemCount: 2,
  total: { value: 42.5, currency: "BRL" },
  placedAt: "2026-01-01T15:00:00.000Z",
  timing: "INSTANT",
  preparationStartAt: null,
  scheduledFor: null,
});

describe.each(testDatabaseKinds)("reprojecting orders (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  const addEvent = (orderId: string, eventType: string, metadata?: Record<string, string>) =>
    database.db.insert(platformEvents).values({
      eventId: randomUUID(),
      storeId: "store-1",
      channelId: "store-1",
      orderId,
      eventType,
      occurredAt: new Date(),
      payload: metadata ? { eventType, metadata } : { eventType },
    });
  /** Stores an event with its metadata, then reprojects the order's card from its events. */
  const reprojectWithEvent = async (
    id: string,
    eventType: string,
    metadata: Record<string, string>,
    displayId: string,
  ) => {
    await addEvent(id, eventType, metadata);
    return writeBoard(database.db, (tx) =>
      reprojectOrder(tx, {
        id,
        storeId: "store-1",
        channelId: "store-1",
        summary: summary(displayId),
        details: { id },
        detailsError: null,
      }),
    );
  };

  it("writes many orders at once exactly as given, awkward text and unreadable details included", async () => {
    const records: OrderRecord[] = Array.from({ length: 300 }, (_, index) => {
      const id = randomUUID();
      if (index % 50 === 7)
        return {
          id,
          storeId: "store-1",
          channelId: "store-1",
          summary: null,
          details: null,
          detailsError: "Could not be read: HTTP 503",
        };
      const details = {
        id,
        note: `quote " backslash \\ newline \n accents ção 🍕 #${index}`,
        items: [{ quantity: index, price: 1.1 }],
        empty: null,
      };
      return {
        id,
        storeId: "store-1",
        channelId: "store-1",
        summary: summary(String(index), index % 3 ? 'Zé "Chef"' : null),
        details,
        detailsError: null,
      };
    });
    for (const record of records) await addEvent(record.id, "CREATED");
    const cards = await writeBoard(database.db, (tx) => reprojectOrders(tx, records));

    expect(cards.map((card) => card.id)).toEqual(records.map((record) => record.id));
    expect(new Set(cards.map((card) => card.seq)).size).toBe(records.length);
    for (const record of records) {
      const row = await findOrder(database.db, record.storeId, record.id);
      expect(row?.details).toEqual(record.details);
      expect(row?.summary).toEqual(record.summary);
      expect(row?.detailsError).toBe(record.detailsError);
      expect(row?.board.column).toBe("new");
      expect(row?.board.detailsUnreadable).toBe(record.summary === null);
      expect(row?.placedAt.toISOString()).toBe(row?.board.placedAt);
    }
  });

  it("recomputes a card from an order's id alone, keeping the details, summary and channel stored", async () => {
    const id = randomUUID();
    const details = { id, raw: "as the platform sent it" };
    await addEvent(id, "CREATED");
    const first = await writeBoard(database.db, (tx) =>
      reprojectOrder(tx, {
        id,
        storeId: "store-1",
        channelId: "channel-2",
        summary: summary("77"),
        details,
        detailsError: null,
      }),
    );

    await addEvent(id, "CONFIRMED");
    const second = await writeBoard(database.db, (tx) => reprojectOrder(tx, { id, storeId: "store-1" }));

    expect(second.column).toBe("preparing");
    expect(second.displayId).toBe("77");
    expect(second.channelId).toBe("channel-2");
    expect(second.seq).toBeGreaterThan(first.seq);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.details).toEqual(details);
    expect(row?.summary).toEqual(summary("77"));
    expect(row?.board).toEqual(second);
  });

  // The events and actions are read as JSON in one statement (issue 31): their times must come back
  // as the instants stored, microseconds truncated as a timestamp column reads them.
  it("reads its events' times as stored, to the millisecond", async () => {
    const id = randomUUID();
    await addEvent(id, "CREATED");
    const card = await reprojectWithEvent(id, "CONFIRMED", {}, "82");
    await database.db.execute(
      sql`update ${platformEvents} set received_at = '2026-01-01 12:04:05.678901-03' where ${platformEvents.orderId} = ${id} and ${platformEvents.eventType} = 'CONFIRMED'`,
    );
    const again = await writeBoard(database.db, (tx) => reprojectOrder(tx, { id, storeId: "store-1" }));
    expect(card.column).toBe("preparing");
    expect(again.stageSince).toBe("2026-01-01T15:04:05.678Z");
  });

  it("reads who asks to cancel and why from the request event's stored metadata", async () => {
    const id = randomUUID();
    await addEvent(id, "CREATED");
    const card = await reprojectWithEvent(
      id,
      "ORDER_CANCELLATION_REQUEST",
      { reason: "Pedi em dobro", code: "CONSUMER_CANCELLATION_REQUESTED" },
      "81",
    );
    expect(card.cancellationRequested).toBe(true);
    expect(card.cancellationRequest).toEqual({
      by: "customer",
      reason: "Pedi em dobro",
      code: "CONSUMER_CANCELLATION_REQUESTED",
    });
  });

  it("reads who cancelled and why from the CANCELLED event's stored metadata", async () => {
    const id = randomUUID();
    await addEvent(id, "CREATED");
    const card = await reprojectWithEvent(
      id,
      "CANCELLED",
      { reason: "Not confirmed within 8 minutes", code: "OTHER_CANCELLATION_REASON" },
      "82",
    );
    expect(card).toMatchObject({
      column: "cancelled",
      cancelledBecause: { by: "platform", reason: "Not confirmed within 8 minutes", code: "OTHER_CANCELLATION_REASON" },
    });
  });

  it("never writes, reads into, or announces another store's order of the same id", async () => {
    const id = randomUUID();
    await addEvent(id, "CREATED");
    const record = {
      id,
      storeId: "store-1",
      channelId: "store-1",
      summary: summary("80"),
      details: { id },
      detailsError: null,
    };
    await writeBoard(database.db, (tx) => reprojectOrder(tx, record));
    // Another store's events for that id, and another store's write of it.
    await database.db.insert(platformEvents).values({
      eventId: randomUUID(),
      storeId: "store-2",
      channelId: "store-2",
      orderId: id,
      eventType: "CANCELLED",
      occurredAt: new Date(),
      payload: {},
    });
    const foreign = {
      ...record,
      storeId: "store-2",
      channelId: "store-2",
      summary: summary("666"),
      details: { forged: true },
    };
    const cards = await writeBoard(database.db, (tx) => reprojectOrders(tx, [foreign]));
    expect(cards).toEqual([]);
    const again = await writeBoard(database.db, (tx) => reprojectOrder(tx, { id, storeId: "store-1" }));
    expect(again.column).toBe("new");
    const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ storeId: "store-1", details: { id }, boardColumn: "new" });
    expect(row?.summary?.displayId).toBe("80");
  });
});
