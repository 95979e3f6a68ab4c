import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { AutoAcceptSettings } from "@/lib/contract/merchant-state";
import { orderActions } from "@/lib/db/schema";
import { getBoardSnapshot } from "@/lib/db/board";
import { startSandboxStore, type SandboxStoreFixture } from "@/e2e/support/store-connection";
import type { BoardOrder } from "@/lib/contract/board";
import { createOrderActions } from "./perform-order-action";
import { AUTO_ACTOR, ordersToAccept, runAutoAccept, withinHours } from "./auto-accept";

// Auto-accept against the sandbox over HTTP: new orders are confirmed through the ordinary order
// actions (platform call, audit "auto"), never past the cap of orders in preparation.

const settings = (over: Partial<AutoAcceptSettings> = {}): AutoAcceptSettings => ({
  enabled: true,
  types: ["DELIVERY", "TAKEOUT", "INDOOR"],
  hours: null,
  cap: 2,
  preparationMinutes: 25,
  ...over,
});

describe("auto-accept against the sandbox", () => {
  let fixture: SandboxStoreFixture;
  beforeAll(async () => {
    fixture = await startSandboxStore();
  });
  afterAll(async () => fixture?.stop());

  it("with a cap of 2, confirms two orders as 'auto' and leaves the third for a person", async () => {
    const { store, sandbox, database } = fixture;
    for (let i = 0; i < 3; i++) {
      await sandbox.control("POST", "/control/orders", { merchantId: store.connection.id, orderTiming: "INSTANT" });
    }
    await store.connection.poller.pollOnce();
    const perform = createOrderActions({
      db: database.db,
      connectionFor: () => store.connection,
      timeoutMs: 2_000,
    });
    const run = () =>
      runAutoAccept({ db: database.db, storeId: store.connection.id, settings: settings(), perform, now: new Date() });
    const confirmed = await run();
    expect(confirmed).toHaveLength(2);
    // A second round finds the cap reached: nothing more.
    expect(await run()).toEqual([]);

    const { orders } = await getBoardSnapshot(database.db, [store.connection.id]);
    expect(orders.filter((o) => o.column === "preparing")).toHaveLength(2);
    expect(orders.filter((o) => o.column === "new")).toHaveLength(1);
    for (const orderId of confirmed) {
      const [audit] = await database.db.select().from(orderActions).where(eq(orderActions.orderId, orderId));
      expect(audit).toMatchObject({ action: "confirm", outcome: "succeeded", actor: AUTO_ACTOR });
      expect(audit?.requestBody).toMatchObject({ preparationTime: 25 });
    }
  });

  it("in busy mode, promises the preparation time plus the busy minutes", async () => {
    const { store, database } = fixture;
    const perform = createOrderActions({
      db: database.db,
      connectionFor: () => store.connection,
      timeoutMs: 2_000,
    });
    // The third order the cap of 2 left for a person, now with room for it.
    const [orderId] = await runAutoAccept({
      db: database.db,
      storeId: store.connection.id,
      settings: settings({ cap: 10 }),
      perform,
      now: new Date(),
      busyMinutes: 15,
    });
    expect(orderId).toBeDefined();
    const [audit] = await database.db.select().from(orderActions).where(eq(orderActions.orderId, orderId!));
    expect(audit?.requestBody).toMatchObject({ preparationTime: 40 });
  });
});

describe("which orders auto-accept takes", () => {
  const card = (over: Partial<BoardOrder>): BoardOrder =>
    ({
      id: "o1",
      storeId: "s",
      displayId: "1",
      type: "DELIVERY",
      customerName: null,
      itemCount: 1,
      total: null,
      placedAt: "2026-11-20T20:00:00Z",
      column: "new",
      actions: ["confirm"],
      detailsUnreadable: false,
      confirmBy: null,
      scheduledFor: null,
      ...over,
    }) as BoardOrder;
  const now = new Date("2026-11-20T21:00:00Z"); // 18:00 in São Paulo

  it("only the configured types, off when disabled", () => {
    const board = [card({ id: "a" }), card({ id: "b", type: "TAKEOUT" })];
    expect(ordersToAccept(settings({ types: ["TAKEOUT"] }), board, now).map((o) => o.id)).toEqual(["b"]);
    expect(ordersToAccept(settings({ enabled: false }), board, now)).toEqual([]);
  });

  it("keeps the hours on the store's own clock", () => {
    // 21:00 UTC is 18:00 in São Paulo and 17:00 in Manaus: hours from 17:30 take it in one only.
    const hours = settings({ hours: { start: "17:30", end: "23:00" } });
    expect(ordersToAccept(hours, [card({})], now, "America/Sao_Paulo")).toHaveLength(1);
    expect(ordersToAccept(hours, [card({})], now, "America/Manaus")).toEqual([]);
  });

  it("a scheduled order waits for its preparation start", () => {
    const scheduled = card({
      id: "s",
      scheduledFor: "2026-11-20T23:00:00Z",
      preparationStartAt: "2026-11-20T22:10:00Z",
    });
    expect(ordersToAccept(settings(), [scheduled], now)).toEqual([]);
    expect(ordersToAccept(settings(), [scheduled], new Date("2026-11-20T22:10:00Z"))).toHaveLength(1);
  });

  it("within hours, in the store's zone, across midnight too", () => {
    expect(withinHours({ start: "17:00", end: "23:00" }, now)).toBe(true);
    expect(withinHours({ start: "19:00", end: "23:00" }, now)).toBe(false);
    expect(withinHours({ start: "22:00", end: "02:00" }, new Date("2026-11-21T03:30:00Z"))).toBe(true);
  });
});
