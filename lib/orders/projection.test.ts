import { describe, expect, it } from "vitest";
import { furthestColumn } from "./lifecycle";
import { projectOrder, type ProjectionInput } from "./projection";
import type { OrderSummary } from "./types";

const summary: OrderSummary = {
  displayId: "4821",
  type: "DELIVERY",
  customerName: "Mariana Souza",
  itemCount: 3,
  total: { value: 87.5, currency: "BRL" },
  placedAt: "2026-11-20T19:02:00.000Z",
};

function input(overrides: Partial<ProjectionInput> = {}): ProjectionInput {
  return {
    orderId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    storeId: "store-1",
    summary,
    events: [{ eventType: "CREATED", occurredAt: new Date("2026-11-20T19:02:01Z") }],
    succeededActions: [],
    seq: 7,
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

describe("projectOrder", () => {
  it("puts a newly created order in New with Confirm allowed", () => {
    const card = projectOrder(input());
    expect(card).toEqual({
      id: "0f8fad5b-d9cb-469f-a165-70867728950e",
      storeId: "store-1",
      displayId: "4821",
      type: "DELIVERY",
      customerName: "Mariana Souza",
      itemCount: 3,
      total: { value: 87.5, currency: "BRL" },
      placedAt: "2026-11-20T19:02:00.000Z",
      column: "new",
      actions: ["confirm"],
      detailsUnreadable: false,
      seq: 7,
    });
  });

  it("moves to In preparation after a successful local confirm, before the platform's event", () => {
    const card = projectOrder(input({ succeededActions: [{ action: "confirm" }] }));
    expect(card.column).toBe("preparing");
    expect(card.actions).toEqual([]);
  });

  it("moves to In preparation on the platform's CONFIRMED event", () => {
    const card = projectOrder(
      input({ events: [{ eventType: "CREATED", occurredAt: at("2026-11-20T19:02:01Z") }, { eventType: "CONFIRMED", occurredAt: at("2026-11-20T19:03:00Z") }] }),
    );
    expect(card.column).toBe("preparing");
  });

  it("never moves back when events arrive late or twice", () => {
    const events = [
      { eventType: "CONFIRMED", occurredAt: at("2026-11-20T19:03:00Z") },
      { eventType: "CREATED", occurredAt: at("2026-11-20T19:02:01Z") },
      { eventType: "CREATED", occurredAt: at("2026-11-20T19:02:01Z") },
    ];
    expect(projectOrder(input({ events })).column).toBe("preparing");
  });

  it("ignores event types it does not know, keeping the column", () => {
    const events = [
      { eventType: "CREATED", occurredAt: at("2026-11-20T19:02:01Z") },
      { eventType: "PICKUP_AREA_ASSIGNED", occurredAt: at("2026-11-20T19:02:30Z") },
      { eventType: "SOMETHING_FROM_VERSION_9", occurredAt: at("2026-11-20T19:02:40Z") },
    ];
    const card = projectOrder(input({ events }));
    expect(card.column).toBe("new");
    expect(card.actions).toEqual(["confirm"]);
  });

  it("flags unreadable details and allows no action on them", () => {
    const card = projectOrder(input({ summary: null }));
    expect(card.detailsUnreadable).toBe(true);
    expect(card.actions).toEqual([]);
    expect(card.displayId).toBe("0f8fad5b");
    expect(card.placedAt).toBe("2026-11-20T19:02:01.000Z");
    expect(card.total).toBeNull();
  });
});

describe("furthestColumn", () => {
  it("is New when nothing happened yet", () => {
    expect(furthestColumn([])).toBe("new");
  });

  it("takes the furthest point of the progression, whatever the order", () => {
    expect(furthestColumn(["dispatched", "new", "ready", "preparing"])).toBe("dispatched");
  });

  it("lets a cancellation win from any point", () => {
    expect(furthestColumn(["done", "cancelled", "preparing"])).toBe("cancelled");
  });
});
