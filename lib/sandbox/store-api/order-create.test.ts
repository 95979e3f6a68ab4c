import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  acai500,
  guest,
  halfHalfPizza,
  harmonia,
  interchangeOrder,
  m,
  orderBody,
  paulista,
  pinheiros,
  placeOrder,
  smashWithBacon,
  values,
} from "../../../e2e/support/sandbox/store-orders";
import type { OdOrder } from "../types";
import { startStoreKit, type StoreKit } from "../../../e2e/support/sandbox/store-kit";

// POST /store-api/v1/orders: each kind of order reaches the interchange API as a CREATED event
// whose details validate against the official order-details schema.

let kit: StoreKit;
beforeEach(async () => {
  kit = await startStoreKit();
});
afterEach(async () => {
  await kit.close();
});

const byName = (order: OdOrder, name: string) => order.items.find((i) => i.name.startsWith(name));

describe("POST /store-api/v1/orders", () => {
  it("delivery to a saved address, cash with change: free delivery above R$ 90, CREATED event, standard details", async () => {
    const token = await kit.customerToken();
    const addresses = await kit.data<{ customerAddresses: { address: { id: number; street: string } }[] }>(
      await kit.store("GET", "/customers/me/addresses", { token }),
    );
    const home = addresses.customerAddresses.find((a) => a.address.street === "Rua Harmonia");
    const body = orderBody({
      fulfillment: { type: "DELIVERY", addressId: home?.address.id },
      payment: { type: "OFFLINE", paymentFormId: 1, requiredChange: m(100) },
      customer: null,
    });
    const created = await placeOrder(kit, token, body);
    expect(created).toMatchObject({
      status: "WAITING",
      type: "DELIVERY",
      payment: { type: "OFFLINE", paymentFormId: 1 },
      requiredChange: m(100),
    });
    expect(created.values).toEqual(values(93.9));

    const order = await interchangeOrder(kit, created.interchangeOrderId);
    expect(order).toMatchObject({
      type: "DELIVERY",
      orderTiming: "INSTANT",
      merchant: { id: kit.pizzaria.merchantId },
    });
    expect(order.customer).toMatchObject({
      name: "Ana Beatriz Souza",
      phone: { number: "11987651234" },
      documentNumber: "52998224725",
    });
    expect(order.delivery?.deliveryAddress).toMatchObject({
      street: "Rua Harmonia",
      number: "123",
      district: "Vila Madalena",
      postalCode: "05435000",
    });
    expect(order.delivery?.deliveryAddress.coordinates).toEqual({ latitude: -23.5541, longitude: -46.6877 });
    expect(order.otherFees).toEqual([
      { name: "Taxa de entrega", type: "DELIVERY_FEE", receivedBy: "MERCHANT", price: m(0) },
    ]);
    expect(order.payments).toEqual({
      prepaid: 0,
      pending: 93.9,
      methods: [expect.objectContaining({ method: "CASH", type: "PENDING", value: 93.9, changeFor: 100 })],
    });
    const pizza = byName(order, "Pizza Grande");
    expect(pizza).toMatchObject({ quantity: 1, unitPrice: m(67.9), optionsPrice: m(12), totalPrice: m(79.9) });
    expect(pizza?.options?.map((o) => o.name)).toEqual([
      "1/2 Calabresa",
      "1/2 Quatro Queijos",
      "Massa tradicional",
      "Borda recheada de Catupiry",
    ]);
    expect(byName(order, "Coca-Cola 2 L")).toMatchObject({ externalCode: "BEB-COCA-2L", totalPrice: m(14) });
    expect(order.total).toEqual({ itemsPrice: m(93.9), otherFees: m(0), discount: m(0), orderAmount: m(93.9) });

    const poll = await kit.call("GET", "/v1/events:polling", { token: await kit.token(kit.pizzaria) });
    const events = (await poll.json()) as { eventType: string; orderId: string }[];
    expect(events).toContainEqual(
      expect.objectContaining({ eventType: "CREATED", orderId: created.interchangeOrderId }),
    );
  });

  it("take-out by a guest paying with Pix: takeout block, prepaid, the guest as customer", async () => {
    const body = orderBody({
      pizzaItems: [{ ...halfHalfPizza(), observation: "bem assada" }],
      invoiceDocument: "39053344705",
      apiSource: "totem",
    });
    const created = await placeOrder(kit, await kit.appToken(), body);
    expect(created.apiSource).toBe("totem");
    const order = await interchangeOrder(kit, created.interchangeOrderId);
    expect(order.type).toBe("TAKEOUT");
    expect(byName(order, "Pizza Grande")?.specialInstructions).toBe("bem assada");
    expect(order.extraInfo).toBe("CPF/CNPJ na nota: 39053344705");
    expect(order.takeout?.mode).toBe("DEFAULT");
    expect(order.delivery).toBeUndefined();
    expect(order.customer).toMatchObject({
      name: guest.name,
      phone: { number: guest.telephone },
      email: guest.email,
      ordersCountOnMerchant: 0,
    });
    expect(order.payments).toEqual({
      prepaid: 93.9,
      pending: 0,
      methods: [expect.objectContaining({ method: "PIX", type: "PREPAID" })],
    });
    const second = await placeOrder(kit, await kit.appToken(), orderBody());
    expect((await interchangeOrder(kit, second.interchangeOrderId)).customer?.ordersCountOnMerchant).toBe(1);
  });

  it("table order with card on delivery: indoor place and the 10 % service fee", async () => {
    const body = orderBody({
      fulfillment: { type: "TABLE", tableCode: "S05" },
      payment: { type: "OFFLINE", paymentFormId: 2 },
      values: values(93.9, { serviceFee: 9.39 }),
    });
    const created = await placeOrder(kit, await kit.appToken(), body);
    expect(created.values.serviceFee).toEqual(m(9.39));
    const order = await interchangeOrder(kit, created.interchangeOrderId);
    expect(order.type).toBe("INDOOR");
    expect(order.indoor).toMatchObject({ mode: "PLACE", place: "Salão · Mesa 05" });
    expect(order.otherFees).toEqual([expect.objectContaining({ type: "SERVICE_FEE", price: m(9.39) })]);
    expect(order.payments.methods[0]).toMatchObject({ method: "CREDIT", type: "PENDING", value: 103.29 });
  });

  it("scheduled delivery paid with a saved card: schedule block, peak-hour fee at the scheduled time", async () => {
    const token = await kit.customerToken();
    const card = await kit.data<{ id: number }>(
      await kit.store("POST", "/customers/me/creditcards", {
        token,
        body: {
          number: 4111111111111111,
          expiryMonth: 8,
          expiryYear: 2030,
          holderName: "ANA B SOUZA",
          document: "52998224725",
          verificationCode: 123,
        },
      }),
      201,
    );
    const scheduling = "2026-11-21T19:30:00-03:00";
    const body = orderBody({
      fulfillment: { type: "DELIVERY", address: paulista },
      payment: { type: "ONLINE", paymentFormId: 4, creditcardId: card.id },
      values: values(93.9, { deliveryFee: 11.99 }),
      scheduling,
      customer: null,
    });
    const created = await placeOrder(kit, token, body);
    expect(created).toMatchObject({
      scheduling,
      payment: { type: "ONLINE", paymentDetails: { type: "CREDITCARD", creditcardId: card.id } },
    });
    const order = await interchangeOrder(kit, created.interchangeOrderId);
    expect(order.orderTiming).toBe("SCHEDULED");
    expect(order.schedule).toEqual({
      scheduledDateTimeStart: "2026-11-21T22:30:00.000Z",
      scheduledDateTimeEnd: "2026-11-21T23:00:00.000Z",
    });
    expect(Date.parse(order.preparationStartDateTime)).toBeLessThan(Date.parse(order.schedule!.scheduledDateTimeStart));
    expect(order.payments.methods[0]).toMatchObject({ method: "CREDIT", type: "PREPAID", brand: "VISA" });
    expect(order.otherFees[0]?.price).toEqual(m(11.99));
  });

  it("burger store delivery with a category voucher: fixed fee, discount on the açaí line", async () => {
    const body = orderBody({
      fulfillment: { type: "DELIVERY", address: pinheiros },
      items: [smashWithBacon(), acai500()],
      pizzaItems: [],
      voucherCode: "acai20",
      values: values(62.8, { deliveryFee: 4.99, discount: 5.98 }),
    });
    const created = await placeOrder(kit, await kit.appToken(kit.burger), body, kit.burger);
    const order = await interchangeOrder(kit, created.interchangeOrderId, kit.burger);
    expect(order.merchant.name).toBe("Vila Smash Burger & Açaí");
    expect(order.discounts).toEqual([
      { amount: m(5.98), target: "CART", sponsorshipValues: [{ name: "MERCHANT", amount: m(5.98) }] },
    ]);
    expect(order.total.orderAmount).toEqual(m(61.81));
    expect(byName(order, "Smash Burger")?.options).toEqual([
      expect.objectContaining({ name: "Ao ponto", quantity: 1, totalPrice: m(0) }),
      expect.objectContaining({ name: "Bacon extra", quantity: 2, unitPrice: m(4), totalPrice: m(8) }),
    ]);
  });

  it("redeems the loyalty reward once: R$ 15 off, points spent", async () => {
    const token = await kit.customerToken();
    const body = orderBody({ hasLoyaltyProgramReward: true, customer: null, values: values(93.9, { discount: 15 }) });
    const created = await placeOrder(kit, token, body);
    expect(created.values.total).toEqual(m(78.9));
    const balance = await kit.data<{ approved: number; used: number; pending: number }>(
      await kit.store("GET", "/customers/me/loyalty/balance", { token }),
    );
    expect(balance).toMatchObject({ approved: 55, used: 100, pending: 78 });
    const again = await kit.store("POST", "/orders", { token, body });
    expect((await kit.error(again, 422, "reward_unavailable")).message).toContain("hasLoyaltyProgramReward");
  });

  it("redeems a referral reward (sponsored by the platform); a free-delivery voucher on a free delivery adds no discount", async () => {
    const joao = await kit.customerToken(kit.pizzaria, 1);
    const body = orderBody({ customer: null, hasMemberGetMemberReward: true, values: values(93.9, { discount: 10 }) });
    const created = await placeOrder(kit, joao, body);
    const order = await interchangeOrder(kit, created.interchangeOrderId);
    expect(order.discounts).toEqual([
      { amount: m(10), target: "CART", sponsorshipValues: [{ name: "MARKETPLACE", amount: m(10) }] },
    ]);
    const rewards = await kit.data<{ rewards: { requirementType: string; isAvailable: boolean }[] }>(
      await kit.store("GET", "/promotions/rewards", { token: joao }),
    );
    expect(rewards.rewards.find((r) => r.requirementType === "REFERRAL")?.isAvailable).toBe(false);

    const freeAnyway = orderBody({ fulfillment: { type: "DELIVERY", address: harmonia }, voucherCode: "FRETEGRATIS" });
    const free = await placeOrder(kit, await kit.appToken(), freeAnyway);
    expect((await interchangeOrder(kit, free.interchangeOrderId)).discounts).toEqual([]);
  });
});
