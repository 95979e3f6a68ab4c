import { describe, expect, it } from "vitest";
import { projectOrder, type ProjectionInput } from "./projection";
import type { OrderSummary } from "./types";

const summary: OrderSummary = {
  displayId: "4821",
  type: "DELIVERY",
  customerName: "Mariana Souza",
  itemCount: 3,
  total: { value: 87.5, currency: "BRL" },
  placedAt: "2026-11-20T19:02:00.000Z",
  timing: "INSTANT",
  preparationStartAt: "2026-11-20T19:02:00.000Z",
  scheduledFor: null,
};

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 19, minute));
const event = (eventType: string, minute: number) => ({ eventType, at: at(minute) });
const action = (name: string, minute: number) => ({ action: name, at: at(minute) });

function input(overrides: Partial<ProjectionInput> = {}): ProjectionInput {
  return {
    orderId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    storeId: "store-1",
    // A channel other than the restaurant's first: the card carries the order's own.
    channelId: "channel-2",
    summary,
    events: [event("CREATED", 2)],
    succeededActions: [],
    confirmDeadlineMinutes: 8,
    seq: 7,
    ...overrides,
  };
}

describe("projectOrder", () => {
  it("puts a newly created order in New with Confirm first and its confirm deadline", () => {
    expect(projectOrder(input())).toEqual({
      id: "0f8fad5b-d9cb-469f-a165-70867728950e",
      storeId: "store-1",
      channelId: "channel-2",
      displayId: "4821",
      type: "DELIVERY",
      customerName: "Mariana Souza",
      itemCount: 3,
      total: { value: 87.5, currency: "BRL" },
      placedAt: "2026-11-20T19:02:00.000Z",
      column: "new",
      actions: ["confirm", "requestCancellation"],
      detailsUnreadable: false,
      confirmBy: "2026-11-20T19:10:00.000Z",
      scheduledFor: null,
      preparationStartAt: null,
      preparationRequested: false,
      finishedAt: null,
      cancelledWhileCooking: false,
      place: null,
      lines: [],
      notes: null,
      stageSince: "2026-11-20T19:02:00.000Z",
      dueAt: "2026-11-20T19:10:00.000Z",
      preparationMinutes: null,
      cancellationRequested: false,
      cancellationPending: false,
      seq: 7,
    });
  });

  describe("the stage timer", () => {
    it("counts In preparation against the time promised at confirm", () => {
      const card = projectOrder(
        input({
          events: [event("CREATED", 2), event("CONFIRMED", 5)],
          succeededActions: [{ action: "confirm", at: at(4), body: { preparationTime: 25 } }],
          defaultPreparationMinutes: 15,
        }),
      );
      expect(card).toMatchObject({
        column: "preparing",
        stageSince: at(4).toISOString(),
        dueAt: at(29).toISOString(),
        preparationMinutes: 25,
      });
    });

    it("falls back to the store's default when the confirm promised nothing", () => {
      const card = projectOrder(
        input({ events: [event("CREATED", 2), event("CONFIRMED", 5)], defaultPreparationMinutes: 15 }),
      );
      expect(card).toMatchObject({
        stageSince: at(5).toISOString(),
        dueAt: at(20).toISOString(),
        preparationMinutes: null,
      });
    });

    it("counts Ready from when it was ready, and On the way against the courier's ETA", () => {
      const ready = projectOrder(
        input({ events: [event("CREATED", 2), event("CONFIRMED", 3), event("READY_FOR_PICKUP", 20)] }),
      );
      expect(ready).toMatchObject({ stageSince: at(20).toISOString(), dueAt: at(30).toISOString() });
      const onTheWay = projectOrder(
        input({
          events: [event("CREATED", 2), event("CONFIRMED", 3), event("READY_FOR_PICKUP", 20)],
          succeededActions: [{ action: "dispatch", at: at(22), body: { eta: { deliveryEtaInMinutes: 12 } } }],
        }),
      );
      expect(onTheWay).toMatchObject({
        column: "dispatched",
        stageSince: at(22).toISOString(),
        dueAt: at(34).toISOString(),
      });
    });

    it("has no timer once finished", () => {
      expect(projectOrder(input({ events: [event("CREATED", 2), event("CANCELLED", 3)] })).dueAt).toBeNull();
    });
  });

  it("marks the card 'status não confirmado' while the last reconciliation could not confirm it, and not once finished", () => {
    const marked = [event("CREATED", 2), event("COMANDA_STATUS_UNCONFIRMED", 3)];
    expect(projectOrder(input({ events: marked }))).toMatchObject({ column: "new", statusUnconfirmed: true });
    const cleared = [...marked, event("COMANDA_STATUS_CONFIRMED", 4)];
    expect(projectOrder(input({ events: cleared })).statusUnconfirmed).toBeUndefined();
    // Comanda's own marks never move the card; a cancelled order has nothing left to confirm.
    expect(projectOrder(input({ events: [...marked, event("CANCELLED", 5)] }))).not.toHaveProperty("statusUnconfirmed");
    expect(projectOrder(input({ events: [...marked, event("ORDER_COLLECTED", 5)] })).column).toBe("dispatched");
  });

  it("says where the platform's courier is (2.0 logistics facts), the latest one, and never moves the card for it", () => {
    const courier = (eventType: string, minute: number, name?: string) => ({
      eventType,
      at: at(minute),
      metadata: name ? { deliveryPerson: { id: "c1", name }, vehicle: { type: ["MOTORBIKE_BOX"] } } : undefined,
    });
    const confirmed = [event("CREATED", 2), event("CONFIRMED", 3)];
    const assigned = projectOrder(input({ events: [...confirmed, courier("PICKUP_ONGOING", 4, "Rafael Entregas")] }));
    expect(assigned).toMatchObject({
      column: "preparing",
      courier: { fact: "assigned", name: "Rafael Entregas", at: at(4).toISOString() },
    });
    const atStore = projectOrder(
      input({
        events: [
          ...confirmed,
          event("READY_FOR_PICKUP", 4),
          courier("PICKUP_ONGOING", 5),
          courier("RIDER_ARRIVED_AT_STORE", 6),
        ],
      }),
    );
    expect(atStore).toMatchObject({ column: "ready", courier: { fact: "atStore", name: null } });
    expect(atStore.actions).toEqual(
      projectOrder(input({ events: [...confirmed, event("READY_FOR_PICKUP", 4)] })).actions,
    );
    const atCustomer = projectOrder(
      input({ events: [...confirmed, event("DISPATCHED", 5), courier("ARRIVED_AT_CUSTOMER", 7, "Rafael Entregas")] }),
    );
    expect(atCustomer).toMatchObject({ column: "dispatched", courier: { fact: "atCustomer" } });
    // A name is the platform's text: bounded. A finished order has no courier line.
    const long = projectOrder(input({ events: [...confirmed, courier("PICKUP_ONGOING", 4, "R".repeat(500))] }));
    expect(long.courier?.name).toHaveLength(80);
    const delivered = [...confirmed, courier("ARRIVED_AT_CUSTOMER", 7), event("DELIVERED", 8)];
    expect(projectOrder(input({ events: delivered }))).not.toHaveProperty("courier");
    expect(projectOrder(input())).not.toHaveProperty("courier");
  });

  it("offers ready first once confirmed, and no preparing report where the store skips it", () => {
    const confirmed = { events: [event("CREATED", 2), event("CONFIRMED", 3)] };
    expect(projectOrder(input(confirmed)).actions[0]).toBe("readyForPickup");
    expect(projectOrder(input({ ...confirmed, reportPreparing: false })).actions).not.toContain("preparing");
  });

  it("keeps a scheduled order's preparation start until the platform asks for preparation", () => {
    const scheduled = {
      ...summary,
      timing: "SCHEDULED",
      preparationStartAt: "2026-11-20T21:00:00.000Z",
      scheduledFor: "2026-11-20T21:40:00.000Z",
    };
    const waiting = projectOrder(input({ summary: scheduled }));
    expect(waiting).toMatchObject({
      column: "new",
      preparationStartAt: "2026-11-20T21:00:00.000Z",
      preparationRequested: false,
    });
    const released = projectOrder(
      input({ summary: scheduled, events: [event("CREATED", 2), event("PREPARATION_REQUESTED", 50)] }),
    );
    expect(released).toMatchObject({
      column: "new",
      preparationRequested: true,
      confirmBy: "2026-11-20T21:08:00.000Z",
    });
    const startedEarly = projectOrder(
      input({ summary: scheduled, succeededActions: [action("confirm", 3), action("preparing", 4)] }),
    );
    expect(startedEarly).toMatchObject({ column: "preparing", preparationRequested: true });
    expect(projectOrder(input()).preparationStartAt).toBeNull();
  });

  it("stamps a finished order with its last change, and carries the table and the item lines", () => {
    const indoor = {
      ...summary,
      type: "INDOOR",
      place: "Mesa 7",
      lines: [{ name: "Pizza G", quantity: 2, options: [{ name: "1/2 Calabresa", quantity: 1 }] }],
    };
    const card = projectOrder(
      input({
        summary: indoor,
        events: [
          event("CREATED", 2),
          event("CONFIRMED", 3),
          event("READY_FOR_PICKUP", 20),
          event("DELIVERED", 31),
          event("CONCLUDED", 32),
        ],
      }),
    );
    expect(card).toMatchObject({
      column: "done",
      finishedAt: at(32).toISOString(),
      place: "Mesa 7",
      lines: indoor.lines,
    });
    expect(projectOrder(input()).finishedAt).toBeNull();
  });

  it("counts a scheduled order's confirm deadline from its preparation start", () => {
    const scheduled = {
      ...summary,
      timing: "SCHEDULED",
      preparationStartAt: "2026-11-20T21:00:00.000Z",
      scheduledFor: "2026-11-20T21:40:00.000Z",
    };
    const card = projectOrder(input({ summary: scheduled }));
    expect(card.confirmBy).toBe("2026-11-20T21:08:00.000Z");
    expect(card.scheduledFor).toBe("2026-11-20T21:40:00.000Z");
  });

  it("moves to In preparation after a successful local confirm, before the platform's event", () => {
    const card = projectOrder(input({ succeededActions: [action("confirm", 3)] }));
    expect(card.column).toBe("preparing");
    expect(card.confirmBy).toBeNull();
    expect(card.actions).toEqual(["readyForPickup", "dispatch", "preparing", "requestCancellation"]);
  });

  it("reports PREPARING only once", () => {
    const card = projectOrder(input({ events: [event("CREATED", 2), event("CONFIRMED", 3), event("PREPARING", 4)] }));
    expect(card.actions).not.toContain("preparing");
  });

  it("never moves back when events arrive late or twice", () => {
    const events = [event("CONFIRMED", 3), event("CREATED", 4), event("CREATED", 5)];
    expect(projectOrder(input({ events })).column).toBe("preparing");
  });

  it("ignores event types it does not know, keeping the column", () => {
    const events = [event("CREATED", 2), event("PICKUP_AREA_ASSIGNED", 3), event("SOMETHING_FROM_VERSION_9", 4)];
    const card = projectOrder(input({ events }));
    expect(card.column).toBe("new");
    expect(card.actions[0]).toBe("confirm");
  });

  it("flags unreadable details and allows no action on them", () => {
    const card = projectOrder(input({ summary: null }));
    expect(card).toMatchObject({
      detailsUnreadable: true,
      actions: [],
      displayId: "0f8fad5b",
      total: null,
      confirmBy: null,
    });
    expect(card.placedAt).toBe("2026-11-20T19:02:00.000Z");
  });

  describe("a cancellation the platform asks for", () => {
    it("offers accept and deny while it is open", () => {
      const card = projectOrder(
        input({ events: [event("CREATED", 2), event("CONFIRMED", 3), event("ORDER_CANCELLATION_REQUEST", 4)] }),
      );
      expect(card.cancellationRequested).toBe(true);
      expect(card.actions).toEqual([
        "readyForPickup",
        "dispatch",
        "preparing",
        "acceptCancellation",
        "denyCancellation",
      ]);
    });

    it("cancels at once when staff accept it", () => {
      const card = projectOrder(
        input({
          events: [event("CREATED", 2), event("ORDER_CANCELLATION_REQUEST", 4)],
          succeededActions: [action("acceptCancellation", 5)],
        }),
      );
      expect(card).toMatchObject({
        column: "cancelled",
        actions: [],
        cancellationRequested: false,
        cancelledWhileCooking: false,
      });
    });

    it("marks an order cancelled after the kitchen had confirmed it: someone must stop cooking", () => {
      const card = projectOrder(
        input({
          events: [event("CREATED", 2), event("CONFIRMED", 3), event("ORDER_CANCELLATION_REQUEST", 4)],
          succeededActions: [action("acceptCancellation", 5)],
        }),
      );
      expect(card).toMatchObject({ column: "cancelled", cancelledWhileCooking: true });
    });

    it("closes when staff deny it, and the order carries on", () => {
      const card = projectOrder(
        input({
          events: [
            event("CREATED", 2),
            event("CONFIRMED", 3),
            event("ORDER_CANCELLATION_REQUEST", 4),
            event("CANCELLED_DENIED", 6),
          ],
          succeededActions: [action("denyCancellation", 5)],
        }),
      );
      expect(card).toMatchObject({ column: "preparing", cancellationRequested: false });
      expect(card.actions).toContain("requestCancellation");
    });
  });

  describe("who asks to cancel, and why", () => {
    const request = (metadata: unknown) => ({ eventType: "ORDER_CANCELLATION_REQUEST", at: at(4), metadata });

    it("says the customer asks, with the platform's reason and code, while the request is open", () => {
      const card = projectOrder(
        input({
          events: [
            event("CREATED", 2),
            event("CONFIRMED", 3),
            request({ reason: "Pedi o endereço errado", code: "CONSUMER_CANCELLATION_REQUESTED" }),
          ],
        }),
      );
      expect(card.cancellationRequest).toEqual({
        by: "customer",
        reason: "Pedi o endereço errado",
        code: "CONSUMER_CANCELLATION_REQUESTED",
      });
    });

    it("says the platform asks for any other code, and keeps a request with no metadata", () => {
      const platform = projectOrder(
        input({ events: [event("CREATED", 2), request({ reason: "Fraude suspeita", code: "PLATFORM_ISSUE" })] }),
      );
      expect(platform.cancellationRequest).toEqual({
        by: "platform",
        reason: "Fraude suspeita",
        code: "PLATFORM_ISSUE",
      });
      const bare = projectOrder(input({ events: [event("CREATED", 2), request(undefined)] }));
      expect(bare.cancellationRequest).toEqual({ by: "platform", reason: null, code: null });
    });

    it("bounds a long reason and ignores values that are not text", () => {
      const card = projectOrder(
        input({ events: [event("CREATED", 2), request({ reason: "x".repeat(2_000), code: 42 })] }),
      );
      expect(card.cancellationRequest?.reason).toHaveLength(280);
      expect(card.cancellationRequest?.code).toBeNull();
    });

    it("forgets the request once it is answered", () => {
      const card = projectOrder(
        input({
          events: [event("CREATED", 2), event("CONFIRMED", 3), request({ code: "CONSUMER_CANCELLATION_REQUESTED" })],
          succeededActions: [action("denyCancellation", 5)],
        }),
      );
      expect(card.cancellationRequested).toBe(false);
      expect(card).not.toHaveProperty("cancellationRequest");
    });
  });

  describe("who cancelled, and why", () => {
    const cancelled = (metadata: unknown) => ({ eventType: "CANCELLED", at: at(6), metadata });

    it("the platform, on its own (nobody confirmed in time), with its reason", () => {
      const card = projectOrder(
        input({
          events: [
            event("CREATED", 2),
            cancelled({ reason: "Not confirmed within 8 minutes", code: "OTHER_CANCELLATION_REASON" }),
          ],
        }),
      );
      expect(card.cancelledBecause).toEqual({
        by: "platform",
        reason: "Not confirmed within 8 minutes",
        code: "OTHER_CANCELLATION_REASON",
      });
    });

    it("the customer, by the standard's code; the store, when Comanda's request went through", () => {
      const customer = projectOrder(
        input({
          events: [event("CREATED", 2), cancelled({ code: "CONSUMER_CANCELLATION_REQUESTED" })],
          succeededActions: [action("acceptCancellation", 5)],
        }),
      );
      expect(customer.cancelledBecause?.by).toBe("customer");
      const store = projectOrder(
        input({
          events: [event("CREATED", 2), cancelled({ reason: "Sem entregador", code: "SYSTEMIC_ISSUES" })],
          succeededActions: [action("requestCancellation", 3)],
        }),
      );
      expect(store.cancelledBecause).toEqual({ by: "store", reason: "Sem entregador", code: "SYSTEMIC_ISSUES" });
      // Not cancelled: nothing to say.
      expect(projectOrder(input({ events: [event("CREATED", 2)] }))).not.toHaveProperty("cancelledBecause");
    });
  });

  describe("a cancellation staff ask for", () => {
    it("is pending until the platform answers, and cannot be asked twice", () => {
      const card = projectOrder(input({ succeededActions: [action("requestCancellation", 3)] }));
      expect(card).toMatchObject({ column: "new", cancellationPending: true });
      expect(card.actions).toEqual(["confirm"]);
    });

    it("ends in Cancelled on the platform's CANCELLED", () => {
      const card = projectOrder(
        input({
          events: [event("CREATED", 2), event("CANCELLATION_REQUESTED", 4), event("CANCELLED", 5)],
          succeededActions: [action("requestCancellation", 3)],
        }),
      );
      expect(card).toMatchObject({ column: "cancelled", cancellationPending: false, actions: [] });
    });

    it("reopens the order's actions when the platform denies it", () => {
      const card = projectOrder(
        input({
          events: [event("CREATED", 2), event("CANCELLATION_REQUESTED", 4), event("CANCELLATION_REQUEST_DENIED", 5)],
          succeededActions: [action("requestCancellation", 3)],
        }),
      );
      expect(card).toMatchObject({
        column: "new",
        cancellationPending: false,
        actions: ["confirm", "requestCancellation"],
      });
    });
  });
});

describe("projectOrder on implausible and oversized orders", () => {
  it("flags an implausible order and bounds its texts, judging times against when Comanda received it", () => {
    const card = projectOrder(
      input({
        summary: {
          ...summary,
          customerName: "Z".repeat(5_000),
          total: { value: -12, currency: "HMO" },
          placedAt: "1890-01-01T00:00:00.000Z",
          lines: [{ name: "X-Burger", quantity: 97_000_000, options: [] }],
        },
      }),
    );
    expect(card.flags).toEqual(["negativeAmount", "unknownCurrency", "absurdQuantity", "implausibleTime"]);
    expect(card.truncated).toBe(true);
    expect(card.customerName!.length).toBeLessThanOrEqual(80);
  });

  it("leaves a plausible order unflagged", () => {
    const card = projectOrder(input());
    expect(card.flags).toBeUndefined();
    expect(card.truncated).toBeUndefined();
  });
});

describe("projectOrder: auto-accept", () => {
  it("marks a card confirmed by auto-accept, and only such a card", () => {
    const auto = projectOrder(input({ succeededActions: [{ ...action("confirm", 3), actor: "auto" }] }));
    expect(auto.column).toBe("preparing");
    expect(auto.autoAccepted).toBe(true);
    const byAna = projectOrder(input({ succeededActions: [{ ...action("confirm", 3), actor: "Ana" }] }));
    expect(byAna.autoAccepted).toBeUndefined();
    // "auto" on another action is not an auto-accept.
    const other = projectOrder(
      input({ succeededActions: [action("confirm", 3), { ...action("preparing", 4), actor: "auto" }] }),
    );
    expect(other.autoAccepted).toBeUndefined();
  });
});
