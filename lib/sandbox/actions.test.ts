import { afterEach, describe, expect, it } from "vitest";
import { describeErrors, officialSchema, startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

type View = { status: string; stage: string; tracking: { info: unknown }[]; order: { lastEvent?: string } };
const view = (orderId: string) => sbx.control<View>("GET", `/control/orders/${orderId}`);
const act = (token: string, orderId: string, action: string, body?: unknown) =>
  sbx.call("POST", `/v1/orders/${orderId}/${action}`, { token, ...(body === undefined ? {} : { body }) });

async function expectDetailsValid(token: string, orderId: string) {
  const validate = officialSchema("order-details", "response");
  for (const prefix of ["/v1", ""]) {
    const response = await sbx.call("GET", `${prefix}/orders/${orderId}`, { token });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(validate(body), describeErrors(validate)).toBe(true);
  }
}

const trackingInfo = {
  event: { type: "DELIVERY_ONGOING", datetime: "2026-03-01T12:30:00-03:00", message: "Saiu para entrega" },
  vehicle: { type: ["MOTORBIKE_BAG"], licencePlate: "ABC1D23" },
  eta: { deliveryEtaInMinutes: 20, deliveryEtaDatetime: "2026-03-01T12:50:00-03:00" },
  deliveryPerson: { id: "courier-7", name: "João", pictureURL: "https://example.com/joao.jpg" },
};

describe("order actions: the happy paths", () => {
  it("DELIVERY: confirm → preparing → ready (status unchanged) → dispatch → tracking → delivered (DONE)", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder({ type: "DELIVERY" });
    expect(officialSchema("order-dispatch", "request")({ deliveryTrackingInfo: trackingInfo })).toBe(true);
    expect(officialSchema("order-tracking", "request")({ deliveryTrackingInfo: trackingInfo })).toBe(true);

    const steps: [string, unknown, string, string][] = [
      ["confirm", { createdAt: new Date().toISOString(), orderExternalCode: "K-1" }, "CONFIRMED", "CONFIRMED"],
      ["preparing", undefined, "PREPARING", "CONFIRMED"],
      ["readyForPickup", undefined, "READY", "CONFIRMED"],
      ["dispatch", { deliveryTrackingInfo: trackingInfo }, "DISPATCHED", "IN_TRANSIT"],
      [
        "tracking",
        {
          deliveryTrackingInfo: {
            ...trackingInfo,
            event: { type: "ARRIVED_AT_CUSTOMER", datetime: "2026-03-01T12:49:00Z" },
          },
        },
        "DISPATCHED",
        "IN_TRANSIT",
      ],
      ["delivered", undefined, "CONCLUDED", "DONE"],
    ];
    for (const [action, body, stage, status] of steps) {
      const response = await act(token, orderId, action, body);
      expect(response.status, action).toBe(202);
      expect(await response.text()).toBe("");
      expect(await view(orderId), action).toMatchObject({ stage, status });
    }
    const events = await sbx.drain(token);
    expect(events.map((e) => e.eventType)).toEqual([
      "CREATED",
      "CONFIRMED",
      "PREPARING",
      "READY_FOR_PICKUP",
      "DISPATCHED",
      "DELIVERED",
      "CONCLUDED",
    ]);
    expect(events.every((e) => e.orderId === orderId)).toBe(true);
    const final = await view(orderId);
    expect(final.order.lastEvent).toBe("CONCLUDED");
    expect(final.tracking.map((t) => (t.info as { event: { type: string } }).event.type)).toEqual([
      "DELIVERY_ONGOING",
      "ARRIVED_AT_CUSTOMER",
    ]);
    await expectDetailsValid(token, orderId);
  });

  it("TAKEOUT: ready → IN_TRANSIT, pickedUp → DONE with PICKED_UP then CONCLUDED; dispatch takes no body", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const takeout = await sbx.createOrder({ type: "TAKEOUT" });
    expect((await act(token, takeout, "confirm")).status).toBe(202);
    expect((await act(token, takeout, "readyForPickup")).status).toBe(202);
    expect(await view(takeout)).toMatchObject({ stage: "READY", status: "IN_TRANSIT" });
    expect((await act(token, takeout, "pickedUp")).status).toBe(202);
    expect(await view(takeout)).toMatchObject({ stage: "CONCLUDED", status: "DONE" });
    expect((await sbx.drain(token)).map((e) => e.eventType)).toEqual([
      "CREATED",
      "CONFIRMED",
      "READY_FOR_PICKUP",
      "PICKED_UP",
      "CONCLUDED",
    ]);
    await expectDetailsValid(token, takeout);

    const delivery = await sbx.createOrder({ type: "DELIVERY" });
    await act(token, delivery, "confirm");
    expect((await act(token, delivery, "dispatch")).status).toBe(202);
    expect(await view(delivery)).toMatchObject({ stage: "DISPATCHED", status: "IN_TRANSIT", tracking: [] });
  });

  it("INDOOR: ready leaves the status, delivered concludes it", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder({ type: "INDOOR" });
    await act(token, orderId, "confirm");
    expect((await act(token, orderId, "readyForPickup")).status).toBe(202);
    expect(await view(orderId)).toMatchObject({ status: "CONFIRMED" });
    expect((await act(token, orderId, "delivered")).status).toBe(202);
    expect(await view(orderId)).toMatchObject({ status: "DONE" });
  });
});

describe("order actions: refusals", () => {
  const ACTIONS = [
    "confirm",
    "preparing",
    "readyForPickup",
    "dispatch",
    "tracking",
    "delivered",
    "pickedUp",
    "requestCancellation",
    "acceptCancellation",
    "denyCancellation",
  ];

  it("every action answers 401 without a token and 404 for an unknown or another merchant's order", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const foreign = await sbx.createOrder({ merchantId: sbx.merchants[1]!.merchantId });
    for (const action of ACTIONS) {
      expect((await sbx.call("POST", `/v1/orders/${foreign}/${action}`)).status, action).toBe(401);
      for (const orderId of [crypto.randomUUID(), foreign]) {
        const response = await act(token, orderId, action);
        expect(response.status, action).toBe(404);
        expect(response.headers.get("content-type")).toContain("application/problem+json");
        expect(await response.json()).toEqual({ title: "Order not found", status: 404 });
      }
    }
  });

  it("a repeated or out-of-order action answers 422 {title, status} and changes nothing", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const delivery = await sbx.createOrder({ type: "DELIVERY" });
    const takeout = await sbx.createOrder({ type: "TAKEOUT" });
    const refused = async (orderId: string, action: string, body?: unknown) => {
      const response = await act(token, orderId, action, body);
      expect(response.status, action).toBe(422);
      expect(await response.json()).toEqual({ title: expect.stringContaining(action), status: 422 });
    };
    const tracking = { deliveryTrackingInfo: trackingInfo };
    for (const action of ["preparing", "readyForPickup", "dispatch", "delivered", "pickedUp"])
      await refused(delivery, action);
    await refused(delivery, "tracking", tracking);
    await act(token, delivery, "confirm");
    await refused(delivery, "confirm");
    await refused(delivery, "pickedUp");
    await act(token, delivery, "preparing");
    await refused(delivery, "preparing");
    await refused(delivery, "delivered");
    await act(token, delivery, "readyForPickup");
    await refused(delivery, "readyForPickup");
    await act(token, delivery, "dispatch");
    await refused(delivery, "dispatch");
    await act(token, delivery, "delivered");
    await refused(delivery, "delivered");
    await refused(delivery, "tracking", tracking);

    await act(token, takeout, "confirm");
    await refused(takeout, "dispatch");
    await act(token, takeout, "readyForPickup");
    await refused(takeout, "tracking", tracking);
    await act(token, takeout, "pickedUp");
    await refused(takeout, "pickedUp");
    expect(await view(takeout)).toMatchObject({ status: "DONE" });
    expect((await sbx.drain(token)).filter((e) => e.orderId === takeout).map((e) => e.eventType)).toEqual([
      "CREATED",
      "CONFIRMED",
      "READY_FOR_PICKUP",
      "PICKED_UP",
      "CONCLUDED",
    ]);
  });

  it("a malformed body is 400 naming the field", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder({ type: "DELIVERY" });
    const titled = async (action: string, body: unknown, field: string) => {
      const response = await act(token, orderId, action, body);
      expect(response.status, `${action} ${field}`).toBe(400);
      expect(((await response.json()) as { title: string }).title).toContain(field);
    };
    await titled("confirm", { preparationTime: "soon" }, "preparationTime");
    await titled("confirm", "{oops", "not valid JSON");
    await act(token, orderId, "confirm");
    await titled(
      "dispatch",
      { deliveryTrackingInfo: { vehicle: { type: ["ROCKET"] } } },
      "deliveryTrackingInfo.vehicle.type[0]",
    );
    await titled(
      "dispatch",
      { deliveryTrackingInfo: { event: { type: "DELIVERY_ONGOING", datetime: "yesterday" } } },
      "deliveryTrackingInfo.event.datetime",
    );
    await act(token, orderId, "dispatch");
    await titled("tracking", undefined, "deliveryTrackingInfo");
    await titled(
      "tracking",
      { deliveryTrackingInfo: { problem: { reason: "ALIENS", datetime: "2026-03-01T12:00:00Z" } } },
      "deliveryTrackingInfo.problem.reason",
    );
    await titled("requestCancellation", {}, "reason");
    await titled("denyCancellation", { reason: "x", code: "BUSY" }, "code");
    expect(await view(orderId)).toMatchObject({ stage: "DISPATCHED", tracking: [] });
  });
});
