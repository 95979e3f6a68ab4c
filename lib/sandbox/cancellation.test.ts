import { afterEach, describe, expect, it } from "vitest";
import { describeErrors, officialSchema, startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

const view = (orderId: string) => sbx.control<{ status: string; stage: string }>("GET", `/control/orders/${orderId}`);
const act = (token: string, orderId: string, action: string, body?: unknown) =>
  sbx.call("POST", `/v1/orders/${orderId}/${action}`, { token, ...(body === undefined ? {} : { body }) });
const customerCancels = (orderId: string) => sbx.call("POST", `/control/orders/${orderId}/customer-cancellation`);

const cancelBody = {
  reason: "Acabou a massa de pizza",
  code: "UNAVAILABLE_ITEM",
  mode: "MANUAL",
  outOfStockItems: [crypto.randomUUID()],
};
const denyBody = { reason: "O pedido já está pronto", code: "DISH_ALREADY_DONE" };

async function expectDetailsValid(token: string, orderId: string, lastEvent: string) {
  const validate = officialSchema("order-details", "response");
  const order = (await (await sbx.call("GET", `/v1/orders/${orderId}`, { token })).json()) as { lastEvent: string };
  expect(validate(order), describeErrors(validate)).toBe(true);
  expect(order.lastEvent).toBe(lastEvent);
}

describe("merchant cancellation (requestCancellation)", () => {
  it("is granted at once: CANCELLATION_REQUESTED then CANCELLED, with {reason, code, clientId}; a repeat is 422 CANCELLED", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const clientId = sbx.merchants[0]!.interchange.clientId;
    const orderId = await sbx.createOrder();
    await act(token, orderId, "confirm");
    expect(officialSchema("order-cancel-request", "request")(cancelBody)).toBe(true);
    const response = await act(token, orderId, "requestCancellation", cancelBody);
    expect(response.status).toBe(202);
    const metadata = { reason: cancelBody.reason, code: cancelBody.code, clientId };
    const events = await sbx.drain(token);
    expect(events.slice(2).map((e) => [e.eventType, e.metadata])).toEqual([
      ["CANCELLATION_REQUESTED", metadata],
      ["CANCELLED", metadata],
    ]);
    expect(await view(orderId)).toMatchObject({ status: "CANCELLED", stage: "CANCELLED" });

    const again = await act(token, orderId, "requestCancellation", cancelBody);
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({ title: expect.any(String), status: 422, cancellationStatus: "CANCELLED" });
    expect((await act(token, orderId, "readyForPickup")).status).toBe(422);
    await expectDetailsValid(token, orderId, "CANCELLED");
  });

  it("is denied once the order is dispatched: CANCELLATION_REQUEST_DENIED; a repeat is 422 CANCELLATION_REQUEST_DENIED", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder({ type: "DELIVERY" });
    await act(token, orderId, "confirm");
    await act(token, orderId, "dispatch");
    expect(
      (await act(token, orderId, "requestCancellation", { ...cancelBody, mode: "AUTO", code: "DELIVERY_PROBLEM" }))
        .status,
    ).toBe(202);
    const events = (await sbx.drain(token)).slice(3);
    expect(events.map((e) => e.eventType)).toEqual(["CANCELLATION_REQUESTED", "CANCELLATION_REQUEST_DENIED"]);
    expect(events[0]!.metadata).toMatchObject({ code: "DELIVERY_PROBLEM" });
    expect(events[1]!.metadata).toEqual({ reason: expect.any(String), code: "OUT_FOR_DELIVERY" });
    expect(await view(orderId)).toMatchObject({ status: "IN_TRANSIT", stage: "DISPATCHED" });

    const again = await act(token, orderId, "requestCancellation", cancelBody);
    expect(await again.json()).toMatchObject({ status: 422, cancellationStatus: "CANCELLATION_REQUEST_DENIED" });
    expect((await act(token, orderId, "delivered")).status).toBe(202);
    await expectDetailsValid(token, orderId, "CONCLUDED");
  });

  it("refuses a malformed body (400 naming the field) and a concluded order (422)", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder({ type: "TAKEOUT" });
    for (const [body, field] of [
      [undefined, "reason"],
      [{ ...cancelBody, code: "MOTORBIKE_BAG" }, "code"],
      [{ ...cancelBody, mode: "SOMETIMES" }, "mode"],
      [{ ...cancelBody, invalidItems: "all" }, "invalidItems"],
      [{ ...cancelBody, reason: "" }, "reason"],
    ] as const) {
      const response = await act(token, orderId, "requestCancellation", body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { title: string }).title).toContain(field);
    }
    for (const action of ["confirm", "readyForPickup", "pickedUp"]) await act(token, orderId, action);
    const late = await act(token, orderId, "requestCancellation", cancelBody);
    expect(late.status).toBe(422);
    expect(await late.json()).toEqual({ title: expect.any(String), status: 422 });
  });
});

describe("customer cancellation (ORDER_CANCELLATION_REQUEST)", () => {
  it("accepted: 204, then CANCELLED with {reason, code, clientId}; a second answer is 422", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder();
    const requested = await customerCancels(orderId);
    expect(requested.status).toBe(202);
    expect(await requested.json()).toMatchObject({
      orderId,
      eventType: "ORDER_CANCELLATION_REQUEST",
      eventId: expect.any(String),
    });
    const [, request] = await sbx.drain(token);
    expect(request).toMatchObject({
      eventType: "ORDER_CANCELLATION_REQUEST",
      metadata: { reason: expect.any(String), code: "CONSUMER_CANCELLATION_REQUESTED" },
    });

    const accepted = await act(token, orderId, "acceptCancellation");
    expect(accepted.status).toBe(204);
    expect(await accepted.text()).toBe("");
    const [cancelled] = await sbx.drain(token);
    expect(cancelled).toMatchObject({
      eventType: "CANCELLED",
      metadata: {
        reason: expect.any(String),
        code: "CONSUMER_CANCELLATION_REQUESTED",
        clientId: sbx.merchants[0]!.interchange.clientId,
      },
    });
    expect(await view(orderId)).toMatchObject({ status: "CANCELLED" });
    expect((await act(token, orderId, "acceptCancellation")).status).toBe(422);
    expect((await act(token, orderId, "denyCancellation", denyBody)).status).toBe(422);
    expect((await customerCancels(orderId)).status).toBe(422);
    await expectDetailsValid(token, orderId, "CANCELLED");
  });

  it("denied: 204, then CANCELLED_DENIED with the merchant's {reason, code, clientId}; the order goes on", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder({ type: "TAKEOUT" });
    await act(token, orderId, "confirm");
    expect((await act(token, orderId, "denyCancellation", denyBody)).status).toBe(422);
    expect((await act(token, orderId, "acceptCancellation")).status).toBe(422);
    await customerCancels(orderId);
    expect((await customerCancels(orderId)).status).toBe(422);
    for (const [body, field] of [
      [undefined, "reason"],
      [{ ...denyBody, code: "TOO_BUSY" }, "code"],
    ] as const) {
      const bad = await act(token, orderId, "denyCancellation", body);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { title: string }).title).toContain(field);
    }
    expect(officialSchema("order-cancel-deny", "request")(denyBody)).toBe(true);
    expect((await act(token, orderId, "denyCancellation", denyBody)).status).toBe(204);
    const events = await sbx.drain(token);
    expect(events.map((e) => e.eventType)).toEqual([
      "CREATED",
      "CONFIRMED",
      "ORDER_CANCELLATION_REQUEST",
      "CANCELLED_DENIED",
    ]);
    expect(events[3]!.metadata).toEqual({ ...denyBody, clientId: sbx.merchants[0]!.interchange.clientId });
    expect(await view(orderId)).toMatchObject({ status: "CONFIRMED" });
    expect((await act(token, orderId, "readyForPickup")).status).toBe(202);
    await expectDetailsValid(token, orderId, "READY_FOR_PICKUP");
  });

  it("the control call is 404 for an unknown order and 422 for a concluded one", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    expect((await customerCancels(crypto.randomUUID())).status).toBe(404);
    const orderId = await sbx.createOrder({ type: "TAKEOUT" });
    for (const action of ["confirm", "readyForPickup", "pickedUp"]) await act(token, orderId, action);
    const late = await customerCancels(orderId);
    expect(late.status).toBe(422);
    expect(await late.json()).toMatchObject({ status: 422 });
  });
});
