import { describe, expect, it } from "vitest";
import type { BoardOrder, BoardSnapshot } from "@/lib/contract/board";
import { boardCard } from "@/e2e/support/board-card";
import { MAX_BOARD_CARDS_PER_STORE } from "@/lib/orders/card-bounds";
import { applyOrderChange, ordersInColumn } from "./board-cache";

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

describe("ordersInColumn", () => {
  it("keeps one column, oldest first", () => {
    const orders = [
      order({ id: "late", placedAt: "2025-01-01T12:10:00Z" }),
      order({ id: "other", column: "preparing" }),
      order({ id: "early", placedAt: "2025-01-01T12:01:00Z" }),
      order({ id: "bad-time", placedAt: "not a date" }),
    ];
    expect(ordersInColumn(orders, "new").map((o) => o.id)).toEqual(["early", "late", "bad-time"]);
  });
});

describe("applyOrderChange with a flood of new cards", () => {
  it("keeps a store's cards within the cap, counting the least recently changed ones it lets go", () => {
    let snapshot: BoardSnapshot = { orders: [order({ id: "other", storeId: "store-2", seq: 1 })], lastSeq: 1 };
    for (let seq = 2; seq <= MAX_BOARD_CARDS_PER_STORE + 11; seq += 1)
      snapshot = applyOrderChange(snapshot, order({ id: `o${seq}`, seq }));
    const own = snapshot.orders.filter((card) => card.storeId === "store-1");
    expect(own).toHaveLength(MAX_BOARD_CARDS_PER_STORE);
    expect(own.some((card) => card.id === "o2")).toBe(false);
    expect(own.some((card) => card.id === `o${MAX_BOARD_CARDS_PER_STORE + 11}`)).toBe(true);
    expect(snapshot.overflow).toEqual([{ storeId: "store-1", omitted: 10 }]);
    // Another store's cards are not touched.
    expect(snapshot.orders.some((card) => card.id === "other")).toBe(true);
  });
});
