import { afterEach, describe, expect, it } from "vitest";
import { officialSchemasFound } from "../../e2e/support/open-delivery-spec";
import { describeErrors, officialSchema, startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";
import type { OdOrder } from "./types";

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

const cents = (value: number) => Math.round(value * 100);
const sumCents = (values: number[]) => values.reduce((acc, v) => acc + cents(v), 0);

/** The arithmetic a client relies on, checked in cents so float noise can't hide a wrong total. */
function expectTotalsAddUp(order: OdOrder) {
  for (const item of order.items) {
    const optionsCents = sumCents((item.options ?? []).map((o) => o.totalPrice.value));
    for (const option of item.options ?? [])
      expect(cents(option.totalPrice.value)).toBe(option.quantity * cents(option.unitPrice.value));
    expect(cents(item.optionsPrice.value)).toBe(optionsCents);
    expect(cents(item.totalPrice.value)).toBe(item.quantity * (cents(item.unitPrice.value) + optionsCents));
  }
  const items = sumCents(order.items.map((i) => i.totalPrice.value));
  const fees = sumCents(order.otherFees.map((f) => f.price.value));
  const discount = sumCents(order.discounts.map((d) => d.amount.value));
  expect(cents(order.total.itemsPrice.value)).toBe(items);
  expect(cents(order.total.otherFees.value)).toBe(fees);
  expect(cents(order.total.discount.value)).toBe(discount);
  expect(cents(order.total.orderAmount.value)).toBe(items + fees - discount);
  for (const d of order.discounts)
    expect(sumCents(d.sponsorshipValues.map((s) => s.amount.value))).toBe(cents(d.amount.value));
  const amount = cents(order.total.orderAmount.value);
  expect(sumCents(order.payments.methods.map((m) => m.value))).toBe(amount);
  expect(cents(order.payments.prepaid) + cents(order.payments.pending)).toBe(amount);
  for (const m of order.payments.methods) {
    if (m.method === "CASH") expect(cents(m.changeFor ?? -1)).toBeGreaterThanOrEqual(amount);
  }
}

async function readOrder(orderId: string, token: string, prefix = "/v1"): Promise<OdOrder> {
  const response = await sbx.call("GET", `${prefix}/orders/${orderId}`, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as OdOrder;
}

const types = ["DELIVERY", "TAKEOUT", "INDOOR"] as const;
const timings = ["INSTANT", "SCHEDULED"] as const;
const payments = ["CASH", "PIX", "CREDIT"] as const;

describe("GET /v1/orders/{orderId}", () => {
  it("every type × timing × payment validates against the official schema and adds up", async () => {
    sbx = await startTestSandbox({ seed: 20260301 });
    const validate = officialSchema("order-details", "response");
    for (const merchant of sbx.merchants) {
      const token = await sbx.token(merchant);
      for (const type of types) {
        for (const orderTiming of timings) {
          for (const paymentMethod of payments) {
            const orderId = await sbx.createOrder({
              merchantId: merchant.merchantId,
              type,
              orderTiming,
              paymentMethod,
            });
            const order = await readOrder(orderId, token);
            const label = `${merchant.name} ${type} ${orderTiming} ${paymentMethod}`;
            expect(validate(order), `${label}: ${describeErrors(validate)}`).toBe(true);
            expect(order).toMatchObject({ id: orderId, type, orderTiming, merchant: { id: merchant.merchantId } });
            expect(order.payments.methods.map((m) => m.method)).toEqual([paymentMethod]);
            expect(order.displayId).toMatch(/^\d{4}$/);
            expect(order.total.orderAmount.currency).toBe("BRL");
            expectTotalsAddUp(order);

            // The standard's conditional blocks.
            expect(order.delivery !== undefined, label).toBe(type === "DELIVERY");
            expect(order.takeout !== undefined, label).toBe(type === "TAKEOUT");
            expect(order.indoor !== undefined, label).toBe(type === "INDOOR");
            if (type !== "INDOOR") expect(order.customer, label).toBeDefined();
            if (type === "INDOOR")
              expect(order.indoor!.place ?? order.indoor!.tab, label).toMatch(/^(Mesa|Comanda) \d+$/);
            if (type === "DELIVERY") expect(order.otherFees.map((f) => f.type)).toContain("DELIVERY_FEE");
            if (paymentMethod === "PIX") expect(order.payments.pending).toBe(0);
            if (paymentMethod === "CASH") expect(order.payments.prepaid).toBe(0);
            if (orderTiming === "SCHEDULED") {
              expect(order.schedule, label).toBeDefined();
              const start = Date.parse(order.schedule!.scheduledDateTimeStart);
              expect(Date.parse(order.schedule!.scheduledDateTimeEnd)).toBeGreaterThan(start);
              expect(Date.parse(order.preparationStartDateTime)).toBeLessThan(start);
              expect(Date.parse(order.preparationStartDateTime)).toBeGreaterThan(Date.parse(order.createdAt));
            } else {
              expect(order.schedule, label).toBeUndefined();
            }
          }
        }
      }
    }
  });

  it.skipIf(!officialSchemasFound)("the schema check has teeth: a broken order fails it", async () => {
    sbx = await startTestSandbox();
    const order = await readOrder(await sbx.createOrder({ type: "DELIVERY" }), await sbx.token());
    const validate = officialSchema("order-details", "response");
    expect(validate(order)).toBe(true);
    expect(validate({ ...order, type: "DRIVE_THRU" })).toBe(false);
    expect(
      validate({
        ...order,
        payments: { ...order.payments, methods: [{ value: 1, currency: "BRL", type: "LATER", method: "PIX" }] },
      }),
    ).toBe(false);
    const withoutTotal: Partial<OdOrder> = { ...order };
    delete withoutTotal.total;
    expect(validate(withoutTotal)).toBe(false);
  });

  it("random orders are realistic: São Paulo addresses, options, instructions, discounts", async () => {
    sbx = await startTestSandbox({ seed: 7 });
    const validate = officialSchema("order-details", "response");
    const orders: OdOrder[] = [];
    for (const merchant of sbx.merchants) {
      const token = await sbx.token(merchant);
      for (let i = 0; i < 30; i++) {
        orders.push(await readOrder(await sbx.createOrder({ merchantId: merchant.merchantId }), token));
      }
    }
    for (const order of orders) {
      expect(validate(order), describeErrors(validate)).toBe(true);
      expectTotalsAddUp(order);
      if (order.delivery)
        expect(order.delivery.deliveryAddress).toMatchObject({ city: "São Paulo", state: "SP", country: "BR" });
    }
    const lines = orders.flatMap((o) => o.items);
    expect(lines.some((l) => (l.options ?? []).some((o) => o.name.startsWith("1/2 ")))).toBe(true);
    expect(lines.some((l) => (l.options ?? []).some((o) => o.name.startsWith("Borda recheada")))).toBe(true);
    expect(lines.some((l) => l.quantity === 2 && l.name.startsWith("Combo"))).toBe(true);
    expect(lines.some((l) => (l.options ?? []).some((o) => o.quantity > 1))).toBe(true);
    expect(lines.some((l) => l.specialInstructions !== undefined)).toBe(true);
    expect(orders.some((o) => o.discounts.length > 0)).toBe(true);
    expect(orders.some((o) => o.virtualBrand === "Açaí da Vila")).toBe(true);
    expect(new Set(orders.map((o) => o.type))).toEqual(new Set(types));
  });

  it("serves the platform document's alias /orders/{id}", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder();
    expect(await readOrder(orderId, token, "")).toEqual(await readOrder(orderId, token));
  });

  it("answers 404 for an unknown order and for another merchant's order", async () => {
    sbx = await startTestSandbox();
    const orderId = await sbx.createOrder();
    const stranger = await sbx.token(sbx.merchants[1]);
    for (const id of [crypto.randomUUID(), orderId]) {
      const response = await sbx.call("GET", `/v1/orders/${id}`, { token: stranger });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(await response.json()).toEqual({ title: "Order not found", status: 404 });
    }
  });
});

describe("POST /v1/orders/{orderId}/confirm", () => {
  it("answers 202, records CONFIRMED with the clientId, then 422 on a repeat", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder();
    const body = { createdAt: new Date().toISOString(), orderExternalCode: "CMD-1042", preparationTime: 25 };
    const validate = officialSchema("order-confirm", "request");
    expect(validate(body), describeErrors(validate)).toBe(true);

    expect((await sbx.call("POST", `/v1/orders/${orderId}/confirm`, { token, body })).status).toBe(202);
    const state = (await (await sbx.call("GET", `/control/orders/${orderId}`)).json()) as {
      status: string;
      order: OdOrder;
      confirmation: Record<string, unknown>;
      events: { eventType: string; metadata?: unknown }[];
    };
    expect(state.status).toBe("CONFIRMED");
    expect(state.order.lastEvent).toBe("CONFIRMED");
    expect(state.confirmation).toMatchObject({ orderExternalCode: "CMD-1042", preparationTime: 25 });
    expect(state.events.map((e) => e.eventType)).toEqual(["CREATED", "CONFIRMED"]);
    expect(state.events[1]?.metadata).toEqual({ clientId: sbx.merchants[0]!.interchange.clientId });

    const again = await sbx.call("POST", `/v1/orders/${orderId}/confirm`, { token, body });
    expect(again.status).toBe(422);
    expect(again.headers.get("content-type")).toContain("application/problem+json");
    expect(await again.json()).toMatchObject({ status: 422, title: expect.stringContaining("CONFIRMED") });
  });

  it("accepts no body, an empty object, and null fields (the platform document's rule)", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    for (const body of [
      undefined,
      {},
      { createdAt: null, orderExternalCode: null, reason: null, preparationTime: null },
    ]) {
      const orderId = await sbx.createOrder();
      expect((await sbx.call("POST", `/v1/orders/${orderId}/confirm`, { token, body })).status).toBe(202);
    }
  });

  it("refuses a body with a wrong field type, naming the field", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder();
    const body = { createdAt: new Date().toISOString(), orderExternalCode: "X", preparationTime: "soon" };
    if (officialSchemasFound) expect(officialSchema("order-confirm", "request")(body)).toBe(false);
    const response = await sbx.call("POST", `/v1/orders/${orderId}/confirm`, { token, body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { title: string }).title).toContain("preparationTime");
    const badDate = await sbx.call("POST", `/v1/orders/${orderId}/confirm`, {
      token,
      body: { createdAt: "yesterday" },
    });
    expect(((await badDate.json()) as { title: string }).title).toContain("createdAt");
    // Nothing was confirmed by the refused calls.
    expect((await sbx.call("POST", `/v1/orders/${orderId}/confirm`, { token })).status).toBe(202);
  });

  it("answers 404 for an unknown order", async () => {
    sbx = await startTestSandbox();
    const response = await sbx.call("POST", `/v1/orders/${crypto.randomUUID()}/confirm`, { token: await sbx.token() });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ title: "Order not found", status: 404 });
  });
});
