import { afterEach, describe, expect, it } from "vitest";
import { openApiResponseErrorsIn, openApiVersionFound } from "../../e2e/support/openapi-schemas";
import { startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";
import type { OdOrder } from "./types";

// Open Delivery 1.7's additions to the order the sandbox places: MIN_ORDER_FEE (a delivery below
// the store's minimum pays the rest) and a takeout customer's billing address for the NFC-e (2.0
// rc.2's field, carried at the root of a 1.x order). Every body is checked against 1.7.0's own
// document, which names MIN_ORDER_FEE (1.3.0 and the old JSON schemas do not).

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

const found = openApiVersionFound("1.7.0");
const itAgainst17 = (title: string, fn: () => Promise<void>) =>
  it.skipIf(!found)(found ? title : `${title} — skipped: ../shared not present`, fn);

const cents = (value: number) => Math.round(value * 100);
const errors17 = (order: unknown) => openApiResponseErrorsIn("1.7.0", "/v1/orders/{orderId}", "GET", 200, order);

async function readOrder(orderId: string, merchant = sbx.merchants[0]!): Promise<OdOrder> {
  const response = await sbx.call("GET", `/v1/orders/${orderId}`, { token: await sbx.token(merchant) });
  expect(response.status).toBe(200);
  return (await response.json()) as OdOrder;
}

describe("1.7 additions to the sandbox's orders", () => {
  it("a delivery below the store's minimum pays the rest as MIN_ORDER_FEE, and the totals add up", async () => {
    sbx = await startTestSandbox({ seed: 1707 });
    const burger = sbx.merchants[1]!;
    // The burger store's delivery minimum is R$ 25,00; one can of soda is R$ 6,50.
    const small = await readOrder(
      await sbx.createOrder({
        merchantId: burger.merchantId,
        type: "DELIVERY",
        items: [{ code: "BEB-COCA-LATA" }],
      }),
      burger,
    );
    const fee = small.otherFees.find((f) => f.type === "MIN_ORDER_FEE");
    expect(fee).toMatchObject({ name: "Taxa de pedido mínimo", receivedBy: "MERCHANT" });
    expect(cents(small.total.itemsPrice.value) + cents(fee!.price.value)).toBe(2500);
    const fees = small.otherFees.reduce((sum, f) => sum + cents(f.price.value), 0);
    expect(cents(small.total.otherFees.value)).toBe(fees);
    expect(cents(small.total.orderAmount.value)).toBe(
      cents(small.total.itemsPrice.value) + fees - cents(small.total.discount.value),
    );
    expect(small.payments.methods.reduce((sum, m) => sum + cents(m.value), 0)).toBe(
      cents(small.total.orderAmount.value),
    );

    // At the minimum or above, and on a takeout of the same can, there is none.
    const enough = await readOrder(
      await sbx.createOrder({
        merchantId: burger.merchantId,
        type: "DELIVERY",
        items: [{ code: "POR-FRITAS", quantity: 2 }],
      }),
      burger,
    );
    expect(enough.otherFees.map((f) => f.type)).not.toContain("MIN_ORDER_FEE");
    const takeout = await readOrder(
      await sbx.createOrder({
        merchantId: burger.merchantId,
        type: "TAKEOUT",
        items: [{ code: "BEB-COCA-LATA" }],
      }),
      burger,
    );
    expect(takeout.otherFees).toEqual([]);
  });

  it("a takeout customer with a CPF gives a billing address; nobody else does", async () => {
    sbx = await startTestSandbox({ seed: 1708 });
    const orders: OdOrder[] = [];
    for (let i = 0; i < 12; i++) orders.push(await readOrder(await sbx.createOrder({ type: "TAKEOUT" })));
    for (let i = 0; i < 6; i++) orders.push(await readOrder(await sbx.createOrder({ type: "DELIVERY" })));
    const billed = orders.filter((order) => order.billingAddress);
    expect(billed.length).toBeGreaterThan(0);
    for (const order of orders) {
      expect(order.billingAddress !== undefined, order.id).toBe(
        order.type === "TAKEOUT" && order.customer?.documentNumber !== undefined,
      );
    }
    for (const { billingAddress } of billed) {
      expect(billingAddress).toMatchObject({ city: "São Paulo", state: "SP", country: "BR" });
      expect(billingAddress!.postalCode).toMatch(/^\d{8}$/);
      expect(billingAddress!.street.length).toBeGreaterThan(0);
    }
  });

  itAgainst17("random orders, with and without the additions, are valid against 1.7.0's document", async () => {
    sbx = await startTestSandbox({ seed: 1709 });
    const orders: OdOrder[] = [];
    // A drink of each store, below its delivery minimum.
    const drinks = ["BEB-COCA-2L", "BEB-COCA-LATA"];
    for (const [index, merchant] of sbx.merchants.entries()) {
      const token = await sbx.token(merchant);
      for (let i = 0; i < 25; i++) {
        const response = await sbx.call(
          "GET",
          `/v1/orders/${await sbx.createOrder({ merchantId: merchant.merchantId })}`,
          {
            token,
          },
        );
        orders.push((await response.json()) as OdOrder);
      }
      // The additions on purpose, so that the check never passes for lack of them.
      const code = drinks[index % drinks.length]!;
      const small = await sbx.createOrder({ merchantId: merchant.merchantId, type: "DELIVERY", items: [{ code }] });
      orders.push((await (await sbx.call("GET", `/v1/orders/${small}`, { token })).json()) as OdOrder);
      for (let i = 0; i < 6; i++) {
        const takeout = await sbx.createOrder({ merchantId: merchant.merchantId, type: "TAKEOUT" });
        orders.push((await (await sbx.call("GET", `/v1/orders/${takeout}`, { token })).json()) as OdOrder);
      }
    }
    for (const order of orders) expect(errors17(order), order.id).toEqual([]);
    expect(orders.some((o) => o.otherFees.some((f) => f.type === "MIN_ORDER_FEE"))).toBe(true);
    expect(orders.some((o) => o.billingAddress)).toBe(true);
  });

  itAgainst17("the 1.7.0 check has teeth: an unknown fee type or a fee without a price fails it", async () => {
    sbx = await startTestSandbox({ seed: 1710 });
    const order = await readOrder(await sbx.createOrder({ type: "DELIVERY", items: [{ code: "BEB-COCA-2L" }] }));
    expect(errors17(order)).toEqual([]);
    const [first] = order.otherFees;
    expect(errors17({ ...order, otherFees: [{ ...first, type: "SMALL_ORDER_FEE" }] })).not.toEqual([]);
    expect(errors17({ ...order, otherFees: [{ ...first, price: undefined }] })).not.toEqual([]);
  });
});
