import { describe, expect, it } from "vitest";
import {
  coke2l,
  halfHalfPizza,
  harmonia,
  m,
  orderBody,
  tatuape,
  values,
} from "../../../e2e/support/sandbox/store-orders";
import { startStoreKit, sharedStoreKit } from "../../../e2e/support/sandbox/store-kit";

// What POST /store-api/v1/orders refuses, and how it says so: the code, and a message that
// starts with the field or line at fault.

const kit = sharedStoreKit();

async function rejected(body: unknown, status: number, code: string, token = kit.app) {
  const response = await kit.store("POST", "/orders", { token, body });
  return (await kit.error(response, status, code)).message;
}

const water = { itemId: 1503, amount: 1, properties: [], totalPrice: m(4) };

describe("order creation: prices computed on the server", () => {
  it("a line total that disagrees is rejected naming the line", async () => {
    const message = await rejected(orderBody({ pizzaItems: [halfHalfPizza(74.9)] }), 422, "price_mismatch");
    expect(message).toBe("pizzaItems[0].totalPrice: sent 74.90, the price is 79.90 (1 × Pizza Grande (8 fatias))");
  });

  it("an option price that disagrees is rejected naming the option", async () => {
    const pizza = halfHalfPizza();
    pizza.properties[1]!.options[0]!.price = m(10);
    expect(await rejected(orderBody({ pizzaItems: [pizza] }), 422, "price_mismatch")).toMatch(
      /^pizzaItems\[0\]\.properties\[1\]\.options\[0\]\.price: sent 10\.00, the price is 12\.00/,
    );
  });

  it("a wrong subtotal, fee or total is rejected naming the value", async () => {
    expect(await rejected(orderBody({ values: { ...values(93.9), total: m(90) } }), 422, "price_mismatch")).toMatch(
      /^values\.total: sent 90\.00, the server computes 93\.90/,
    );
    const delivery = orderBody({
      fulfillment: { type: "DELIVERY", address: harmonia },
      items: [],
      pizzaItems: [halfHalfPizza()],
      values: values(79.9),
    });
    expect(await rejected(delivery, 422, "price_mismatch")).toMatch(
      /^values\.deliveryFee: sent 0\.00, the server computes 5\.99/,
    );
  });

  it("refuses an address outside every delivery area", async () => {
    const body = orderBody({
      fulfillment: { type: "DELIVERY", address: tatuape },
      values: values(93.9, { deliveryFee: 5.99 }),
    });
    expect(await rejected(body, 422, "outside_delivery_area")).toContain("Rua Tuiuti");
  });

  it("refuses a cart below the minimum order (delivery R$ 40, take-out R$ 20)", async () => {
    const delivery = orderBody({
      fulfillment: { type: "DELIVERY", address: harmonia },
      items: [coke2l()],
      pizzaItems: [],
      values: values(14, { deliveryFee: 5.99 }),
    });
    expect(await rejected(delivery, 422, "below_minimum_order")).toContain("40.00");
    const takeout = orderBody({ items: [water], pizzaItems: [], values: values(4) });
    expect(await rejected(takeout, 422, "below_minimum_order")).toContain("20.00");
  });

  it("refuses items outside their availability periods, sold out items and flavors", async () => {
    const lunch = { itemId: 1403, amount: 1, properties: [], totalPrice: m(32.9) };
    expect(await rejected(orderBody({ items: [coke2l(), lunch] }), 422, "item_unavailable")).toMatch(
      /^items\[1\]: Calzone executivo/,
    );
    const tiramisu = { itemId: 1603, amount: 1, properties: [], totalPrice: m(18.9) };
    expect(await rejected(orderBody({ items: [tiramisu] }), 422, "item_unavailable")).toContain("Tiramisù");
    const shrimp = { ...halfHalfPizza(), flavors: [{ pizzaFlavorId: 1309 }] };
    expect(await rejected(orderBody({ pizzaItems: [shrimp] }), 422, "item_unavailable")).toMatch(
      /^pizzaItems\[0\]\.flavors\[0\]: Camarão/,
    );
  });

  it("refuses carts the menu does not allow", async () => {
    const burger = { itemId: 2201, amount: 1, properties: [], totalPrice: m(24.9) };
    expect(await rejected(orderBody({ items: [burger] }), 422, "invalid_cart")).toContain("items[0].itemId");
    const broto = { ...halfHalfPizza(), pizzaSizeId: 1201 };
    expect(await rejected(orderBody({ pizzaItems: [broto] }), 422, "invalid_cart")).toContain("at most 1 flavors");
    const noDough = { ...halfHalfPizza(), properties: [halfHalfPizza().properties[1]!] };
    expect(await rejected(orderBody({ pizzaItems: [noDough] }), 422, "invalid_cart")).toContain(
      "choose at least 1 of Massa",
    );
  });

  it("refuses unusable vouchers and rewards, saying why", async () => {
    expect(await rejected(orderBody({ voucherCode: "NAOEXISTE" }), 422, "invalid_voucher")).toContain("does not exist");
    expect(await rejected(orderBody({ voucherCode: "VERAO2025" }), 422, "invalid_voucher")).toContain("expired");
    expect(await rejected(orderBody({ voucherCode: "FRETEGRATIS" }), 422, "invalid_voucher")).toContain(
      "delivery orders",
    );
    const cash = orderBody({ voucherCode: "PIX5", payment: { type: "OFFLINE", paymentFormId: 1 } });
    expect(await rejected(cash, 422, "invalid_voucher")).toContain("PIX");
    expect(await rejected(orderBody({ hasMemberGetMemberReward: true }), 422, "reward_unavailable")).toContain(
      "hasMemberGetMemberReward",
    );
  });

  it("refuses change for less than the total, and payment forms used the wrong way", async () => {
    const cash = orderBody({ payment: { type: "OFFLINE", paymentFormId: 1, requiredChange: m(50) } });
    expect(await rejected(cash, 422, "insufficient_change")).toMatch(/^payment\.requiredChange/);
    expect(
      await rejected(orderBody({ payment: { type: "OFFLINE", paymentFormId: 3 } }), 422, "invalid_payment"),
    ).toContain("ONLINE");
    expect(
      await rejected(
        orderBody({ payment: { type: "ONLINE", paymentFormId: 4, creditcardId: 99 } }),
        422,
        "invalid_payment",
      ),
    ).toContain("creditcardId");
    expect(
      await rejected(orderBody({ payment: { type: "OFFLINE", paymentFormId: 77 } }), 422, "invalid_payment"),
    ).toContain("paymentFormId");
  });

  it("refuses tables the store does not have and bad scheduling", async () => {
    expect(
      await rejected(orderBody({ fulfillment: { type: "TABLE", tableCode: "S40" } }), 422, "invalid_table"),
    ).toContain("S40");
    expect(await rejected(orderBody({ scheduling: "2026-11-20T20:10:00-03:00" }), 422, "invalid_scheduling")).toContain(
      "40 minutes",
    );
    expect(await rejected(orderBody({ scheduling: "2026-11-21T09:00:00-03:00" }), 422, "invalid_scheduling")).toContain(
      "closed",
    );
    expect(await rejected(orderBody({ scheduling: "2026-12-20T20:00:00-03:00" }), 422, "invalid_scheduling")).toContain(
      "7 days",
    );
    const table = orderBody({
      fulfillment: { type: "TABLE", tableCode: "S01" },
      scheduling: "2026-11-21T20:00:00-03:00",
    });
    expect(await rejected(table, 422, "invalid_scheduling")).toContain("table");
  });

  it("needs a customer: the customer's token or a customer object", async () => {
    expect(await rejected(orderBody({ customer: null }), 403, "customer_login_required")).toContain("customer");
  });

  it("answers 400 naming the malformed field", async () => {
    const { hasLoyaltyProgramReward: _omit, ...noFlag } = orderBody();
    void _omit;
    expect(await rejected(noFlag, 400, "invalid_request")).toMatch(/^hasLoyaltyProgramReward: /);
    expect(await rejected(orderBody({ items: [{ ...coke2l(), amount: 0 }] }), 400, "invalid_request")).toMatch(
      /^items\[0\]\.amount: /,
    );
    expect(await rejected(orderBody({ fulfillment: { type: "DELIVERY" } }), 400, "invalid_request")).toMatch(
      /^fulfillment\.addressId: needs addressId or address/,
    );
    expect(await rejected(orderBody({ items: [], pizzaItems: [] }), 400, "invalid_request")).toMatch(
      /^items: the cart is empty/,
    );
    expect(await rejected("{oops", 400, "invalid_request")).toBe("body: not valid JSON");
  });
});

describe("order creation when the store is closed", () => {
  it("refuses an instant order and accepts one scheduled for opening time", async () => {
    const early = await startStoreKit(new Date("2026-11-20T09:00:00Z"));
    try {
      const token = await early.appToken();
      const closed = await early.store("POST", "/orders", { token, body: orderBody() });
      expect((await early.error(closed, 422, "store_closed")).message).toContain("2026-11-20T14:");
      const scheduled = await early.store("POST", "/orders", {
        token,
        body: orderBody({ scheduling: "2026-11-20T12:00:00-03:00" }),
      });
      expect(scheduled.status).toBe(201);
    } finally {
      await early.close();
    }
  });
});
