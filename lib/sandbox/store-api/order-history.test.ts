import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coke2l, halfHalfPizza, m, orderBody, placeOrder } from "../../../e2e/support/sandbox/store-orders";
import { startStoreKit, type StoreKit } from "../../../e2e/support/sandbox/store-kit";

// The customer's orders (list with limit ≤ 30, default 5; get), the returned-order shape with
// its status following the interchange side, and the cart check.

let kit: StoreKit;
let ana: string;
let joao: string;
const ids: number[] = [];
beforeAll(async () => {
  kit = await startStoreKit();
  ana = await kit.customerToken(kit.pizzaria, 0);
  joao = await kit.customerToken(kit.pizzaria, 1);
  for (let i = 0; i < 7; i++) ids.push((await placeOrder(kit, ana, orderBody({ customer: null }))).id);
});
afterAll(async () => {
  await kit.close();
});

type Page = {
  orders: { id: number; status: string }[];
  pagination: { currentOffset: number; limit: number; totalItems: number };
};

describe("GET /store-api/v1/customers/me/orders", () => {
  it("lists the customer's orders newest first, 5 by default", async () => {
    const page = await kit.data<Page>(await kit.store("GET", "/customers/me/orders", { token: ana }));
    expect(page.pagination).toEqual({ currentOffset: 0, limit: 5, totalItems: 7 });
    expect(page.orders.map((o) => o.id)).toEqual(ids.slice().reverse().slice(0, 5));
  });

  it("pages with offset and limit, up to 30", async () => {
    const page = await kit.data<Page>(await kit.store("GET", "/customers/me/orders?offset=5&limit=30", { token: ana }));
    expect(page.orders.map((o) => o.id)).toEqual([ids[1], ids[0]]);
    expect(page.pagination).toEqual({ currentOffset: 5, limit: 30, totalItems: 7 });
  });

  it("rejects a limit above 30 and a negative offset", async () => {
    expect(
      (await kit.error(await kit.store("GET", "/customers/me/orders?limit=31", { token: ana }), 400, "invalid_request"))
        .message,
    ).toMatch(/^query\.limit/);
    expect(
      (
        await kit.error(
          await kit.store("GET", "/customers/me/orders?offset=-1", { token: ana }),
          400,
          "invalid_request",
        )
      ).message,
    ).toMatch(/^query\.offset/);
  });

  it("shows nobody else's orders and needs a customer's token", async () => {
    const page = await kit.data<Page>(await kit.store("GET", "/customers/me/orders", { token: joao }));
    expect(page.pagination.totalItems).toBe(0);
    await kit.error(
      await kit.store("GET", "/customers/me/orders", { token: await kit.appToken() }),
      403,
      "customer_login_required",
    );
  });
});

describe("GET /store-api/v1/customers/me/orders/{id}", () => {
  it("returns the order with its items, pizza sizes and values; the status follows the merchant's confirm", async () => {
    const id = ids[0]!;
    const before = await kit.data<Record<string, unknown>>(
      await kit.store("GET", `/customers/me/orders/${id}`, { token: ana }),
    );
    expect(before).toMatchObject({ id, status: "WAITING", approvedAt: null, type: "TAKEOUT", source: "STORE_API" });
    expect(before.values).toMatchObject({ subtotal: m(93.9), total: m(93.9) });
    const [item] = before.items as {
      itemId: number;
      totalPrice: unknown;
      item: { name: string; itemProperties: unknown[] };
    }[];
    expect(item).toMatchObject({
      itemId: 1502,
      totalPrice: m(14),
      item: { name: "Coca-Cola 2 L", itemProperties: [] },
    });
    const [pizza] = before.pizzaItems as { pizzaSize: { name: string; maximumFlavors: number }; totalPrice: unknown }[];
    expect(pizza).toMatchObject({ totalPrice: m(79.9), pizzaSize: { name: "Pizza Grande", maximumFlavors: 2 } });

    const confirm = await kit.call("POST", `/v1/orders/${String(before.interchangeOrderId)}/confirm`, {
      token: await kit.token(kit.pizzaria),
    });
    expect(confirm.status).toBe(202);
    const after = await kit.data<{ status: string; approvedAt: string | null }>(
      await kit.store("GET", `/customers/me/orders/${id}`, { token: ana }),
    );
    expect(after.status).toBe("APPROVED");
    expect(after.approvedAt).not.toBeNull();
  });

  it("answers 404 for another customer's order and 400 for a non-integer id", async () => {
    await kit.error(await kit.store("GET", `/customers/me/orders/${ids[0]}`, { token: joao }), 404, "not_found");
    expect(
      (await kit.error(await kit.store("GET", "/customers/me/orders/abc", { token: ana }), 400, "invalid_request"))
        .message,
    ).toMatch(/^id/);
  });
});

describe("a customer's cancellation request", () => {
  it("shows in the order's statusReason and in the notifications", async () => {
    const order = await placeOrder(kit, ana, orderBody({ customer: null }));
    const request = await kit.call("POST", `/control/orders/${order.interchangeOrderId}/customer-cancellation`);
    expect(request.status).toBeLessThan(300);
    const after = await kit.data<{ status: string; statusReason: string }>(
      await kit.store("GET", `/customers/me/orders/${order.id}`, { token: ana }),
    );
    expect(after).toEqual(
      expect.objectContaining({ status: "WAITING", statusReason: "Cancelamento solicitado pelo cliente" }),
    );
    type N = { notifications: { title: string; customData: { order_id: number } }[] };
    const { notifications } = await kit.data<N>(
      await kit.store("GET", "/customers/me/notifications?limit=2", { token: ana }),
    );
    expect(notifications[0]).toMatchObject({ title: "Cancelamento solicitado", customData: { order_id: order.id } });
    ids.push(order.id);
  });
});

describe("POST /store-api/v1/orders/cart-check", () => {
  const cart = (more: Record<string, unknown> = {}) => ({
    orderType: "DELIVERY",
    items: [coke2l()],
    pizzaItems: [halfHalfPizza()],
    ...more,
  });

  it("answers success with no data for a valid cart", async () => {
    const response = await kit.store("POST", "/orders/cart-check", { token: ana, body: cart() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "success" });
  });

  it("names the line that is unavailable or mispriced", async () => {
    const lunch = { itemId: 1403, amount: 1, properties: [] };
    expect(
      (
        await kit.error(
          await kit.store("POST", "/orders/cart-check", { token: ana, body: cart({ items: [lunch] }) }),
          422,
          "item_unavailable",
        )
      ).message,
    ).toMatch(/^items\[0\]/);
    const wrong = cart({ pizzaItems: [halfHalfPizza(10)] });
    expect(
      (
        await kit.error(
          await kit.store("POST", "/orders/cart-check", { token: ana, body: wrong }),
          422,
          "price_mismatch",
        )
      ).message,
    ).toMatch(/^pizzaItems\[0\]\.totalPrice/);
    // At lunch time on a weekday the calzone is on the menu.
    const scheduled = cart({ items: [lunch], scheduling: "2026-11-23T12:00:00-03:00" });
    expect((await kit.store("POST", "/orders/cart-check", { token: ana, body: scheduled })).status).toBe(200);
  });

  it("answers 400 for an unknown order type", async () => {
    expect(
      (
        await kit.error(
          await kit.store("POST", "/orders/cart-check", { token: ana, body: cart({ orderType: "DRONE" }) }),
          400,
          "invalid_request",
        )
      ).message,
    ).toMatch(/^orderType/);
  });
});
