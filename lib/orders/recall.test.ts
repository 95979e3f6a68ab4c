import { describe, expect, it } from "vitest";
import { projectOrder, type ProjectionInput } from "./projection";
import { columnAfterSignals } from "./lifecycle";
import type { OrderSummary } from "./types";

const summary: OrderSummary = {
  displayId: "4821",
  type: "TAKEOUT",
  customerName: "Ana",
  itemCount: 1,
  total: { value: 30, currency: "BRL" },
  placedAt: "2026-11-20T19:02:00.000Z",
  timing: "INSTANT",
  preparationStartAt: "2026-11-20T19:02:00.000Z",
  scheduledFor: null,
};
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 19, minute));
const event = (eventType: string, minute: number) => ({ eventType, at: at(minute) });
const action = (name: string, minute: number, body?: unknown) => ({ action: name, at: at(minute), body });
const recall = (from: string, minute: number) => action("recall", minute, { from });

function card(overrides: Partial<ProjectionInput>) {
  return projectOrder({
    orderId: "o-1",
    storeId: "s-1",
    channelId: "s-1",
    summary,
    events: [event("CREATED", 2)],
    succeededActions: [],
    confirmDeadlineMinutes: 8,
    seq: 1,
    ...overrides,
  });
}

describe("recall (issue 27)", () => {
  const bumped = {
    events: [event("CREATED", 2), event("CONFIRMED", 3), event("READY_FOR_PICKUP", 10)],
    succeededActions: [action("confirm", 3, { preparationTime: 20 }), action("readyForPickup", 10)],
  };

  it("takes a Ready card back to In preparation, says the platform still holds it Ready, and offers Ready again", () => {
    const recalled = card({ ...bumped, succeededActions: [...bumped.succeededActions, recall("ready", 11)] });
    expect(recalled.column).toBe("preparing");
    expect(recalled.recalled).toEqual({ platformColumn: "ready", at: at(11).toISOString() });
    expect(recalled.actions[0]).toBe("readyForPickup");
    // Its timer still counts against the promise made at confirm.
    expect(recalled.dueAt).toBe(new Date(at(3).getTime() + 20 * 60_000).toISOString());
  });

  it("ignores the platform's echo of the recalled step (its event arriving after the recall)", () => {
    const recalled = card({
      events: [event("CREATED", 2), event("CONFIRMED", 3), event("READY_FOR_PICKUP", 12)],
      succeededActions: [action("confirm", 3), action("readyForPickup", 10), recall("ready", 11)],
    });
    expect(recalled.column).toBe("preparing");
  });

  it("ends when the kitchen bumps it again, or when the platform moves past it", () => {
    const again = card({
      ...bumped,
      succeededActions: [...bumped.succeededActions, recall("ready", 11), action("readyForPickup", 12)],
    });
    expect(again.column).toBe("ready");
    expect(again.recalled).toBeUndefined();
    const pickedUp = card({
      events: [...bumped.events, event("PICKED_UP", 13)],
      succeededActions: [...bumped.succeededActions, recall("ready", 11)],
    });
    expect(pickedUp.column).toBe("done");
    expect(pickedUp.recalled).toBeUndefined();
  });

  it("brings a finished order back to the step before it, and can go back one more", () => {
    const done = { events: [...bumped.events, event("PICKED_UP", 14)], succeededActions: bumped.succeededActions };
    const reopened = card({ ...done, succeededActions: [...done.succeededActions, recall("done", 15)] });
    expect(reopened.column).toBe("ready");
    expect(reopened.finishedAt).toBeNull();
    expect(reopened.recalled?.platformColumn).toBe("done");
    const twice = card({
      ...done,
      succeededActions: [...done.succeededActions, recall("done", 15), recall("ready", 16)],
    });
    expect(twice.column).toBe("preparing");
    expect(twice.recalled?.platformColumn).toBe("done");
  });

  it("never takes back a confirm, a cancellation, or a recall made from another column", () => {
    const cooking = { events: [event("CREATED", 2), event("CONFIRMED", 3)], succeededActions: [action("confirm", 3)] };
    expect(card({ ...cooking, succeededActions: [action("confirm", 3), recall("preparing", 4)] }).column).toBe(
      "preparing",
    );
    expect(card({ ...bumped, succeededActions: [...bumped.succeededActions, recall("done", 11)] }).column).toBe(
      "ready",
    );
    const cancelled = card({
      events: [...bumped.events, event("CANCELLED", 12)],
      succeededActions: [...bumped.succeededActions, recall("ready", 11)],
    });
    expect(cancelled.column).toBe("cancelled");
    expect(cancelled.recalled).toBeUndefined();
  });
});

describe("columnAfterSignals", () => {
  it("is the furthest column reached when nothing is recalled, whatever the order", () => {
    const signals = ["dispatched", "new", "ready", "preparing"].map((column) => ({
      column: column as "new",
      local: false,
    }));
    expect(columnAfterSignals(signals).column).toBe("dispatched");
    expect(columnAfterSignals([]).column).toBe("new");
  });
});

describe("scheduled orders' stage timers (issue 27)", () => {
  const scheduledSummary: OrderSummary = {
    ...summary,
    timing: "SCHEDULED",
    placedAt: "2026-11-20T02:00:00.000Z",
    preparationStartAt: "2026-11-20T19:10:00.000Z",
    scheduledFor: "2026-11-20T19:40:00.000Z",
  };

  it("counts In preparation from the preparation start when it was confirmed early", () => {
    const early = card({
      summary: scheduledSummary,
      events: [event("CREATED", 2), event("CONFIRMED", 3)],
      succeededActions: [action("confirm", 3, { preparationTime: 20 })],
    });
    expect(early.column).toBe("preparing");
    expect(early.stageSince).toBe("2026-11-20T19:10:00.000Z");
    expect(early.dueAt).toBe("2026-11-20T19:30:00.000Z");
  });

  it("without the platform's preparation start, counts from the promised time before the customer's", () => {
    const early = card({
      summary: { ...scheduledSummary, preparationStartAt: null },
      events: [event("CREATED", 2), event("CONFIRMED", 3)],
      succeededActions: [action("confirm", 3, { preparationTime: 20 })],
    });
    expect(early.stageSince).toBe("2026-11-20T19:20:00.000Z");
    expect(early.dueAt).toBe("2026-11-20T19:40:00.000Z");
  });

  it("counts Ready's wait from the time the customer chose, not from when it was made", () => {
    const ready = card({
      summary: scheduledSummary,
      events: [event("CREATED", 2), event("CONFIRMED", 3), event("READY_FOR_PICKUP", 20)],
    });
    expect(ready.stageSince).toBe("2026-11-20T19:40:00.000Z");
    expect(ready.dueAt).toBe("2026-11-20T19:50:00.000Z");
  });
});

describe("cancelled at the confirm deadline (issue 27)", () => {
  const cancelledEvent = (minute: number) => ({
    eventType: "CANCELLED",
    at: at(minute),
    occurredAt: at(minute),
    metadata: { reason: "The merchant did not confirm the order within 8 minutes", code: "OTHER_CANCELLATION_REASON" },
  });

  it("says the platform cancelled an order nobody confirmed in time", () => {
    const missed = card({ events: [event("CREATED", 2), cancelledEvent(10)] });
    expect(missed.cancelledBecause).toMatchObject({ by: "platform", unconfirmed: true });
  });

  it("does not say it of an order cancelled before its deadline, or once confirmed", () => {
    expect(card({ events: [event("CREATED", 2), cancelledEvent(5)] }).cancelledBecause?.unconfirmed).toBeUndefined();
    const confirmed = card({
      events: [event("CREATED", 2), event("CONFIRMED", 3), cancelledEvent(12)],
      succeededActions: [action("confirm", 3)],
    });
    expect(confirmed.cancelledBecause?.unconfirmed).toBeUndefined();
  });
});
