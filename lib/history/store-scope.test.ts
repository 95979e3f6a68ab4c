import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { orderActions, orders, platformEvents } from "@/lib/db/schema";
import { cancellationReasons } from "./cancellations";
import { confirmations } from "./confirmations";
import { loadOrderAudit } from "./order-audit";

// Isolation by construction in the back office: an event or an action stored under store A that
// names store B's order (a hostile or broken connection of A) never shows on B's order — not in
// its audit, its cancellation reason or who confirmed it.

const OWNER = "store-b";
const INTRUDER = "store-a";
const ORDER = "order-of-b";
const at = new Date("2026-03-02T15:00:00Z");

function event(eventId: string, storeId: string, eventType: string, metadata?: object) {
  return {
    eventId,
    storeId,
    channelId: storeId,
    orderId: ORDER,
    eventType,
    occurredAt: at,
    payload: { eventId, eventType, metadata },
  };
}

function action(storeId: string, name: string, actor: string, requestBody: object) {
  return {
    orderId: ORDER,
    storeId,
    action: name,
    outcome: "succeeded",
    actor,
    requestBody,
    responseStatus: 202,
    requestedAt: at,
    completedAt: at,
  };
}

describe.each(testDatabaseKinds)("history reads are scoped to the order's store (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.insert(orders).values({
      id: ORDER,
      storeId: OWNER,
      channelId: OWNER,
      board: boardCard({ id: ORDER, storeId: OWNER }),
      boardColumn: "new",
      seq: 1,
      placedAt: at,
    });
    await database.db
      .insert(platformEvents)
      .values([
        event("own-placed", OWNER, "CREATED"),
        event("forged-confirmed", INTRUDER, "CONFIRMED"),
        event("forged-cancelled", INTRUDER, "CANCELLED", { reason: "forged", code: "FORGED" }),
      ]);
    await database.db
      .insert(orderActions)
      .values([
        action(INTRUDER, "confirm", "Intruder", {}),
        action(INTRUDER, "requestCancellation", "Intruder", { reason: "forged", code: "FORGED" }),
      ]);
  });

  afterAll(async () => {
    await database.destroy();
  });

  it("the audit lists only the order's own store's events and actions", async () => {
    const audit = await loadOrderAudit(database.db, ORDER);
    expect(audit?.entries.map((entry) => `${entry.kind}:${entry.name}`)).toEqual(["event:CREATED"]);
  });

  it("no cancellation reason and no confirmation come from another store", async () => {
    expect([...(await cancellationReasons(database.db, [ORDER]))]).toEqual([]);
    expect([...(await confirmations(database.db, [ORDER]))]).toEqual([]);
  });
});
