import { afterEach, expect, it } from "vitest";
import { v2SchemaErrors } from "@/e2e/support/open-delivery-v2-schemas";
import { startTestSandbox, type TestSandbox } from "@/e2e/support/sandbox/harness";
import { describeAgainstV2, v2Client } from "@/e2e/support/sandbox/v2-client";

// A 2.0 platform's orders over real HTTP: event polling and acknowledgment, GET /v2/orders/{id}
// in every shape the simulator places, the lifecycle (202 also when repeated, 409 when
// impossible), both cancellation directions and the status changed with no event. Every request
// and answer is checked against orders.openapi.yaml (v2-client.ts).

let sbx: TestSandbox | undefined;
afterEach(async () => {
  await sbx?.close();
  sbx = undefined;
});

type Order = {
  status: string;
  lastEvent?: string;
  fulfillment: { orderType: string; delivery?: { deliveredBy?: string; pickupCode?: string } };
  timing: { orderTiming: string; schedule?: unknown };
  items: { pricing: { optionsPrice: { value: number }; totalPrice: { value: number } }; options?: Option[] }[];
  total: { itemsPrice: { value: number } };
};
type Option = { name: string; pricing: { totalPrice: { value: number } }; options?: Option[] };

async function start() {
  sbx = await startTestSandbox({ openDelivery: "2.0", seed: 20261128 });
  const client = v2Client(sbx);
  const merchant = sbx.merchants[0]!;
  const token = await client.token(
    { clientId: merchant.interchange.clientId, clientSecret: merchant.interchange.clientSecret },
    "od.orders",
  );
  await client.drain(token);
  return { sbx, client, token };
}

const cents = (value: number) => Math.round(value * 100);
/** Every option's price at every depth: what the item's optionsPrice sums. */
const optionCents = (options: Option[] = []): number =>
  options.reduce((acc, o) => acc + cents(o.pricing.totalPrice.value) + optionCents(o.options), 0);

describeAgainstV2("a 2.0 platform's orders", () => {
  it("announces a new order by a CREATED event whose orderURL answers the 2.0 Order", async () => {
    const { sbx, client, token } = await start();
    const orderId = await sbx.createOrder({ type: "DELIVERY" });
    const { status, events } = await client.poll(token);
    expect(status).toBe(200);
    expect(events.map((e) => [e.eventType, e.orderId])).toEqual([["CREATED", orderId]]);
    expect(events[0]!.orderURL).toBe(`${sbx.url}/v2/orders/${orderId}`);

    const order = await fetch(events[0]!.orderURL, { headers: { authorization: `Bearer ${token}` } });
    const body = (await order.json()) as Order;
    expect(v2SchemaErrors("orders", "Order", body)).toEqual([]);
    expect(body).toMatchObject({ status: "CREATED", lastEvent: "CREATED", fulfillment: { orderType: "DELIVERY" } });

    // Until acknowledged, polling returns it again; afterwards, nothing.
    expect((await client.poll(token)).events).toHaveLength(1);
    await client.drain(token);
    expect((await client.poll(token)).status).toBe(204);
  });

  it("answers every type × timing × payment in the 2.0 shape, its prices adding up at every depth", async () => {
    const { sbx, client, token } = await start();
    for (const type of ["DELIVERY", "TAKEOUT", "INDOOR"])
      for (const orderTiming of ["INSTANT", "SCHEDULED"])
        for (const paymentMethod of ["CASH", "PIX", "CREDIT"]) {
          const orderId = await sbx.createOrder({ type, orderTiming, paymentMethod });
          const { status, body } = await client.call<Order>("GET", "/orders/{orderId}", {
            token,
            params: { orderId },
          });
          expect(status).toBe(200);
          expect(body.fulfillment.orderType).toBe(type);
          expect(body.timing.orderTiming).toBe(orderTiming);
          if (orderTiming === "SCHEDULED") expect(body.timing.schedule).toBeDefined();
          for (const item of body.items) expect(cents(item.pricing.optionsPrice.value)).toBe(optionCents(item.options));
          const items = body.items.reduce((acc, item) => acc + cents(item.pricing.totalPrice.value), 0);
          expect(cents(body.total.itemsPrice.value)).toBe(items);
        }
  });

  it("nests a half-and-half pizza's flavours under one option and keeps the line's observations", async () => {
    const { sbx, client, token } = await start();
    const orderId = await sbx.createOrder({
      type: "TAKEOUT",
      items: [
        {
          code: "PZ-GRANDE",
          options: [{ code: "SAB-CALABRESA" }, { code: "SAB-PORTUGUESA" }, { code: "MASSA-FINA" }],
          specialInstructions: "sem cebola",
        },
      ],
      extraInfo: "Interfone quebrado",
    });
    const { body } = await client.call<Order & { observations?: string; items: { observations?: string }[] }>(
      "GET",
      "/orders/{orderId}",
      { token, params: { orderId } },
    );
    const [halves, crust] = body.items[0]!.options!;
    expect(halves!.name).toBe("Meio a meio");
    expect(halves!.options!.map((o) => o.name)).toEqual(["1/2 Calabresa", "1/2 Portuguesa"]);
    expect(crust!.options).toBeUndefined();
    expect(body.items[0]!.observations).toBe("sem cebola");
    expect(body.observations).toBe("Interfone quebrado");
  });

  it("walks a delivery through confirm, preparing, ready, dispatch, delivered: 202 each, 202 again when repeated", async () => {
    const { sbx, client, token } = await start();
    const orderId = await sbx.createOrder({ type: "DELIVERY", deliveredBy: "MERCHANT" });
    await client.drain(token);
    const steps = [
      ["/orders/{orderId}/confirm", "CONFIRMED", "CONFIRMED", { estimatedPreparationTimeMinutes: 25 }],
      ["/orders/{orderId}/preparing", "PREPARING", "PREPARING", undefined],
      ["/orders/{orderId}/ready-for-pickup", "READY_FOR_PICKUP", "READY", undefined],
      ["/orders/{orderId}/dispatch", "DISPATCHED", "IN_DELIVERY", undefined],
      ["/orders/{orderId}/delivered", "DELIVERED", "DELIVERED", undefined],
    ] as const;
    for (const [route, eventType, status, body] of steps) {
      const first = await client.call("POST", route, { token, params: { orderId }, ...(body && { body }) });
      expect(first.status, route).toBe(202);
      const again = await client.call("POST", route, { token, params: { orderId }, ...(body && { body }) });
      expect(again.status, `${route} repeated`).toBe(202);
      // One event per transition: the repeat emitted nothing.
      expect((await client.drain(token)).map((e) => e.eventType)).toEqual([eventType]);
      const { body: order } = await client.call<Order>("GET", "/orders/{orderId}", { token, params: { orderId } });
      expect([order.status, order.lastEvent]).toEqual([status, eventType]);
    }
    // An earlier step after a later one is "already applied" too.
    expect((await client.call("POST", "/orders/{orderId}/confirm", { token, params: { orderId } })).status).toBe(202);
  });

  it("answers 409 to an impossible transition and changes nothing", async () => {
    const { sbx, client, token } = await start();
    const takeout = await sbx.createOrder({ type: "TAKEOUT" });
    const delivery = await sbx.createOrder({ type: "DELIVERY", deliveredBy: "MERCHANT" });
    const conflict = async (route: string, orderId: string) => {
      const answer = await client.call<{ code: string }>("POST", route, { token, params: { orderId } });
      expect([answer.status, answer.body.code], route).toEqual([409, "INVALID_ORDER_STATE_TRANSITION"]);
    };
    await conflict("/orders/{orderId}/preparing", takeout); // not confirmed yet
    await conflict("/orders/{orderId}/delivered", takeout);
    await client.call("POST", "/orders/{orderId}/confirm", { token, params: { orderId: takeout } });
    await client.call("POST", "/orders/{orderId}/ready-for-pickup", { token, params: { orderId: takeout } });
    await conflict("/orders/{orderId}/dispatch", takeout); // a takeout is never dispatched
    await client.call("POST", "/orders/{orderId}/confirm", { token, params: { orderId: delivery } });
    await conflict("/orders/{orderId}/dispatch", delivery); // READY comes first
    const { body } = await client.call<Order>("GET", "/orders/{orderId}", { token, params: { orderId: delivery } });
    expect(body.status).toBe("CONFIRMED");
    const missing = await client.call("POST", "/orders/{orderId}/confirm", {
      token,
      params: { orderId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(missing.status).toBe(404);
  });

  it("cancels at the merchant's request: CANCELLATION_REQUESTED, _ACCEPTED, then CANCELLED; denied once out for delivery", async () => {
    const { sbx, client, token } = await start();
    const orderId = await sbx.createOrder({ type: "DELIVERY", deliveredBy: "MERCHANT" });
    await client.drain(token);
    const request = { reason: "Acabou a massa", code: "UNAVAILABLE_ITEM", mode: "MANUAL" };
    const asked = await client.call("POST", "/orders/{orderId}/requestCancellation", {
      token,
      params: { orderId },
      body: request,
    });
    expect(asked.status).toBe(202);
    const events = await client.drain(token);
    expect(events.map((e) => e.eventType)).toEqual([
      "CANCELLATION_REQUESTED",
      "CANCELLATION_REQUEST_ACCEPTED",
      "CANCELLED",
    ]);
    expect(events[2]!.metadata).toMatchObject({ reason: "Acabou a massa", code: "UNAVAILABLE_ITEM" });
    const { body } = await client.call<Order>("GET", "/orders/{orderId}", { token, params: { orderId } });
    expect(body.status).toBe("CANCELLED");
    // Already cancelled: 202, nothing new; a lifecycle step now: 409.
    expect(
      (
        await client.call("POST", "/orders/{orderId}/requestCancellation", {
          token,
          params: { orderId },
          body: request,
        })
      ).status,
    ).toBe(202);
    expect((await client.poll(token)).status).toBe(204);
    expect((await client.call("POST", "/orders/{orderId}/confirm", { token, params: { orderId } })).status).toBe(409);

    const out = await sbx.createOrder({ type: "DELIVERY", deliveredBy: "MERCHANT" });
    for (const step of ["confirm", "ready-for-pickup", "dispatch"])
      await client.call("POST", `/orders/{orderId}/${step}`, { token, params: { orderId: out } });
    await client.drain(token);
    await client.call("POST", "/orders/{orderId}/requestCancellation", {
      token,
      params: { orderId: out },
      body: request,
    });
    expect((await client.drain(token)).map((e) => e.eventType)).toEqual([
      "CANCELLATION_REQUESTED",
      "CANCELLATION_REQUEST_DENIED",
    ]);
    const { body: still } = await client.call<Order>("GET", "/orders/{orderId}", { token, params: { orderId: out } });
    expect(still.status).toBe("IN_DELIVERY");
  });

  it("cancels on the platform's side with one CANCELLED event, no handshake", async () => {
    const { sbx, client, token } = await start();
    const orderId = await sbx.createOrder({ type: "TAKEOUT" });
    await client.drain(token);
    const answer = await sbx.control<{ eventType: string }>("POST", `/control/orders/${orderId}/customer-cancellation`);
    expect(answer.eventType).toBe("CANCELLED");
    const events = await client.drain(token);
    expect(events.map((e) => e.eventType)).toEqual(["CANCELLED"]);
    expect(events[0]!.metadata).toMatchObject({ code: "CONSUMER_CANCELLATION_REQUESTED" });
    const { body } = await client.call<Order>("GET", "/orders/{orderId}", { token, params: { orderId } });
    expect(body.status).toBe("CANCELLED");
    // Concluded after a cancellation, it still refuses the lifecycle.
    await sbx.control("POST", `/control/orders/${orderId}/conclude`);
    expect((await client.call("POST", "/orders/{orderId}/confirm", { token, params: { orderId } })).status).toBe(409);
  });

  it("changes the status with no event (PUT /control/orders/{id}/status): only GET tells", async () => {
    const { sbx, client, token } = await start();
    const orderId = await sbx.createOrder({ type: "DELIVERY", deliveredBy: "MERCHANT" });
    await client.call("POST", "/orders/{orderId}/confirm", { token, params: { orderId } });
    await client.drain(token);
    await sbx.control("PUT", `/control/orders/${orderId}/status`, { status: "READY" });
    expect((await client.poll(token)).status).toBe(204);
    const { body } = await client.call<Order>("GET", "/orders/{orderId}", { token, params: { orderId } });
    expect([body.status, body.lastEvent]).toEqual(["READY", "CONFIRMED"]);
    // The lifecycle follows the status the platform holds: dispatch is now possible.
    expect((await client.call("POST", "/orders/{orderId}/dispatch", { token, params: { orderId } })).status).toBe(202);
    expect((await client.drain(token)).map((e) => e.eventType)).toEqual(["DISPATCHED"]);
  });

  it("tells the platform courier's facts as events that leave the status, but the collection", async () => {
    const { sbx, client, token } = await start();
    const orderId = await sbx.createOrder({ type: "DELIVERY", deliveredBy: "MARKETPLACE" });
    const { body: created } = await client.call<Order>("GET", "/orders/{orderId}", { token, params: { orderId } });
    const code = created.fulfillment.delivery?.pickupCode;
    expect(created.fulfillment.delivery?.deliveredBy).toBe("MARKETPLACE");
    expect(code).toMatch(/^\d{4}$/);
    await client.call("POST", "/orders/{orderId}/confirm", { token, params: { orderId } });
    await client.drain(token);

    const statuses: string[] = [];
    for (const fact of ["ASSIGNED", "AT_STORE", "COLLECTED", "ON_THE_WAY", "AT_CUSTOMER"]) {
      await sbx.control("POST", `/control/orders/${orderId}/courier`, { fact });
      const { body } = await client.call<Order>("GET", "/orders/{orderId}", { token, params: { orderId } });
      statuses.push(body.status);
    }
    expect(statuses).toEqual(["CONFIRMED", "CONFIRMED", "IN_DELIVERY", "IN_DELIVERY", "IN_DELIVERY"]);
    const events = await client.drain(token);
    expect(events.map((e) => e.eventType)).toEqual([
      "PICKUP_ONGOING",
      "RIDER_ARRIVED_AT_STORE",
      "ORDER_COLLECTED",
      "DELIVERY_ONGOING",
      "ARRIVED_AT_CUSTOMER",
    ]);
    expect(events[0]!.metadata).toMatchObject({ deliveryPerson: { name: expect.any(String) } });

    // The courier's code is checked synchronously, with no event.
    const wrong = await client.call<{ code: string }>("POST", "/orders/{orderId}/validateCode", {
      token,
      params: { orderId },
      query: "?deliveryCode=0000",
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, "INVALID_DELIVERY_CODE"]);
    const right = await client.call("POST", "/orders/{orderId}/validateCode", {
      token,
      params: { orderId },
      query: `?deliveryCode=${code}`,
    });
    expect([right.status, right.body]).toEqual([200, { orderId, deliveryCode: code }]);
    expect((await client.poll(token)).status).toBe(204);

    // A takeout has no courier.
    const takeout = await sbx.createOrder({ type: "TAKEOUT" });
    const refused = await sbx.call("POST", `/control/orders/${takeout}/courier`, { body: { fact: "ASSIGNED" } });
    expect(refused.status).toBe(422);
  });

  it("concludes a delivered order when the platform says so (CONCLUDED)", async () => {
    const { sbx, client, token } = await start();
    const orderId = await sbx.createOrder({ type: "TAKEOUT" });
    for (const step of ["confirm", "ready-for-pickup", "delivered"])
      await client.call("POST", `/orders/{orderId}/${step}`, { token, params: { orderId } });
    await client.drain(token);
    await sbx.control("POST", `/control/orders/${orderId}/conclude`);
    expect((await client.drain(token)).map((e) => e.eventType)).toEqual(["CONCLUDED"]);
    const { body } = await client.call<Order>("GET", "/orders/{orderId}", { token, params: { orderId } });
    expect(body.status).toBe("CONCLUDED");
  });

  it("polls one merchant's events, filters by type, and asks for a scheduled order's preparation without changing its status", async () => {
    const { sbx, client } = await start();
    const [app] = await sbx.control<{ clientId: string; clientSecret: string; merchantIds: string[] }[]>(
      "GET",
      "/control/integrators",
    );
    const token = await client.token(app!, "od.orders");
    await client.drain(token);
    const [first, second] = app!.merchantIds as [string, string];
    const onFirst = await sbx.createOrder({ merchantId: first, type: "TAKEOUT" });
    await sbx.createOrder({ merchantId: second, type: "TAKEOUT" });
    const named = await client.poll(token, "", { "x-polling-merchants": first });
    expect(named.events.map((e) => e.orderId)).toEqual([onFirst]);
    const other = await client.call("GET", "/events:polling", {
      token,
      headers: { "x-polling-merchants": "00000000-0000-4000-8000-000000000000" },
    });
    expect(other.status).toBe(403);
    // A filter returns its types and acknowledges the rest on the caller's behalf.
    expect((await client.poll(token, "?eventType=CONFIRMED")).status).toBe(204);
    expect((await client.poll(token)).status).toBe(204);

    const scheduledFor = new Date(Date.now() + 3 * 3600_000).toISOString();
    const orderId = await sbx.createOrder({
      merchantId: first,
      type: "TAKEOUT",
      orderTiming: "SCHEDULED",
      scheduledFor,
    });
    await client.call("POST", "/orders/{orderId}/confirm", { token, params: { orderId } });
    await client.drain(token);
    await sbx.control("POST", "/control/clock", { advanceSeconds: 3 * 3600 });
    // (The unconfirmed orders above pass their confirm deadline meanwhile: CANCELLED each.)
    const late = await client.drain(token);
    expect(late.filter((e) => e.orderId === orderId).map((e) => e.eventType)).toEqual(["PREPARATION_REQUESTED"]);
    const { body } = await client.call<Order>("GET", "/orders/{orderId}", { token, params: { orderId } });
    expect([body.status, body.lastEvent]).toEqual(["CONFIRMED", "PREPARATION_REQUESTED"]);
  });

  it("stores a merchant-run delivery's tracking with no event, and refuses it for a takeout", async () => {
    const { sbx, client, token } = await start();
    const orderId = await sbx.createOrder({ type: "DELIVERY", deliveredBy: "MERCHANT" });
    const takeout = await sbx.createOrder({ type: "TAKEOUT" });
    await client.drain(token);
    const tracking = {
      deliveryTrackingInfo: { event: { type: "DELIVERY_ONGOING", datetime: "2026-11-28T10:40:00Z" } },
    };
    const sent = await client.call("POST", "/orders/{orderId}/tracking", {
      token,
      params: { orderId },
      body: tracking,
    });
    expect(sent.status).toBe(202);
    expect((await client.poll(token)).status).toBe(204);
    const view = await sbx.control<{ tracking: { info: unknown }[] }>("GET", `/control/orders/${orderId}`);
    expect(view.tracking.map((t) => t.info)).toEqual([tracking.deliveryTrackingInfo]);
    const refused = await client.call("POST", "/orders/{orderId}/tracking", {
      token,
      params: { orderId: takeout },
      body: tracking,
    });
    expect(refused.status).toBe(422);
  });
});
