import { describe, expect, it } from "vitest";
import type { BoardOrder, BoardSnapshot } from "@/lib/contract/board";
import { boardCard } from "@/e2e/support/board-card";
import { applyOrderChange, sortIntoLanes } from "./board-cache";

/** The browser's cache keeps a store's cards to the server's cap: 200 (docs/architecture.md, "Bounds"). */
const CARDS_PER_STORE = 200;

function order(overrides: Partial<BoardOrder> & Pick<BoardOrder, "id">): BoardOrder {
  return boardCard({
    storeId: "store-1",
    displayId: overrides.id.toUpperCase(),
    customerName: "Ana",
    itemCount: 2,
    total: { value: 42.5, currency: "BRL" },
    placedAt: "2025-01-01T12:00:00Z",
    actions: ["confirm"],
    ...overrides,
  });
}

describe("applyOrderChange", () => {
  const snapshot: BoardSnapshot = { orders: [order({ id: "a", seq: 5 })], lastSeq: 5 };

  it("adds a card it has not seen and advances lastSeq", () => {
    const next = applyOrderChange(snapshot, order({ id: "b", seq: 6 }));
    expect(next.orders.map((o) => o.id)).toEqual(["a", "b"]);
    expect(next.lastSeq).toBe(6);
  });

  it("replaces a card by id with a newer change", () => {
    const next = applyOrderChange(snapshot, order({ id: "a", seq: 7, column: "preparing", actions: [] }));
    expect(next.orders).toHaveLength(1);
    expect(next.orders[0]?.column).toBe("preparing");
    expect(next.lastSeq).toBe(7);
  });

  it("keeps the viewer's stores: the cards' labels and default preparation time come from them", () => {
    const stores = [{ id: "store-1", name: "Centro", preparationMinutes: 25, reportPreparing: true }];
    const next = applyOrderChange({ ...snapshot, stores }, order({ id: "b", seq: 6 }));
    expect(next.stores).toBe(stores);
  });

  it("ignores a change not newer than the cached card, returning the same object", () => {
    expect(applyOrderChange(snapshot, order({ id: "a", seq: 5, column: "preparing" }))).toBe(snapshot);
    expect(applyOrderChange(snapshot, order({ id: "a", seq: 3, column: "preparing" }))).toBe(snapshot);
  });
});

describe("sortIntoLanes", () => {
  const NOW = Date.parse("2025-01-01T13:00:00Z");

  it("puts each card in its lane, live ones oldest first, and leaves out finished cards past their two hours", () => {
    const orders = [
      order({ id: "late", placedAt: "2025-01-01T12:10:00Z" }),
      order({ id: "other", column: "preparing" }),
      order({ id: "early", placedAt: "2025-01-01T12:01:00Z" }),
      order({ id: "bad-time", placedAt: "not a date" }),
      order({ id: "gone", column: "done", finishedAt: "2025-01-01T10:00:00Z" }),
      order({ id: "done", column: "done", finishedAt: "2025-01-01T12:30:00Z" }),
    ];
    const lanes = sortIntoLanes(orders, NOW);
    expect(lanes.new.map((o) => o.id)).toEqual(["early", "late", "bad-time"]);
    expect(lanes.preparing.map((o) => o.id)).toEqual(["other"]);
    expect(lanes.done.map((o) => o.id)).toEqual(["done"]);
  });

  it("puts the Scheduled lane in the order of preparation start", () => {
    const orders = [
      order({ id: "later", placedAt: "2025-01-01T12:00:00Z", preparationStartAt: "2025-01-01T15:00:00Z" }),
      order({ id: "sooner", placedAt: "2025-01-01T12:30:00Z", preparationStartAt: "2025-01-01T14:00:00Z" }),
    ];
    expect(sortIntoLanes(orders, NOW).scheduled.map((o) => o.id)).toEqual(["sooner", "later"]);
  });

  it("puts the last finished first in the finished lanes, those without a time last", () => {
    const orders = [
      order({ id: "earlier", column: "done", placedAt: "2025-01-01T12:00:00Z", finishedAt: "2025-01-01T12:20:00Z" }),
      order({ id: "unknown", column: "done", finishedAt: null }),
      order({ id: "just now", column: "done", placedAt: "2025-01-01T11:50:00Z", finishedAt: "2025-01-01T12:59:00Z" }),
      order({ id: "cancelled before", column: "cancelled", finishedAt: "2025-01-01T12:10:00Z" }),
      order({ id: "cancelled after", column: "cancelled", finishedAt: "2025-01-01T12:40:00Z" }),
    ];
    const lanes = sortIntoLanes(orders, NOW);
    expect(lanes.done.map((o) => o.id)).toEqual(["just now", "earlier", "unknown"]);
    expect(lanes.cancelled.map((o) => o.id)).toEqual(["cancelled after", "cancelled before"]);
  });

  it("keeps the arrays of the lanes a change did not touch, so their columns skip rendering", () => {
    let snapshot: BoardSnapshot = {
      orders: [
        order({ id: "a", seq: 1 }),
        order({ id: "b", seq: 2 }),
        order({ id: "c", seq: 3, column: "preparing" }),
        order({ id: "d", seq: 4, column: "ready" }),
      ],
      lastSeq: 4,
    };
    const before = sortIntoLanes(snapshot.orders, NOW);
    snapshot = applyOrderChange(snapshot, order({ id: "a", seq: 5, column: "preparing" }));
    const after = sortIntoLanes(snapshot.orders, NOW, before);
    expect(after.ready).toBe(before.ready);
    expect(after.dispatched).toBe(before.dispatched);
    expect(after.new).not.toBe(before.new);
    expect(after.new.map((o) => o.id)).toEqual(["b"]);
    expect(after.preparing.map((o) => o.id)).toEqual(["c", "a"]);
    // The same cards again (a repeated message): every lane stays as it was.
    const again = sortIntoLanes([...snapshot.orders], NOW, after);
    expect(again).toEqual(after);
    expect(again.new).toBe(after.new);
    expect(again.preparing).toBe(after.preparing);
  });
});

describe("applyOrderChange with a flood of new cards", () => {
  it("keeps a store's cards within the cap, counting the least recently changed ones it lets go", () => {
    let snapshot: BoardSnapshot = { orders: [order({ id: "other", storeId: "store-2", seq: 1 })], lastSeq: 1 };
    for (let seq = 2; seq <= CARDS_PER_STORE + 11; seq += 1)
      snapshot = applyOrderChange(snapshot, order({ id: `o${seq}`, seq }));
    const own = snapshot.orders.filter((card) => card.storeId === "store-1");
    expect(own).toHaveLength(CARDS_PER_STORE);
    expect(own.some((card) => card.id === "o2")).toBe(false);
    expect(own.some((card) => card.id === `o${CARDS_PER_STORE + 11}`)).toBe(true);
    expect(snapshot.overflow).toEqual([{ storeId: "store-1", omitted: 10 }]);
    // Another store's cards are not touched.
    expect(snapshot.orders.some((card) => card.id === "other")).toBe(true);
  });
});
