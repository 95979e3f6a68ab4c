import { loyaltyProgram } from "../catalog";
import type { StoreDef } from "../catalog/types";
import { priceCart } from "./cart";
import type { StoreDomain } from "./domain";
import { StoreApiError, unprocessable } from "./errors";
import { resolveFulfillment } from "./fulfillment";
import { buildInterchangeOrder, type OrderPlan } from "./interchange-order";
import { centsOf, reais } from "./money";
import type { OrderCreateInput } from "./order-schemas";
import { resolveDiscounts, resolvePayment } from "./order-terms";
import { orderTimes } from "./scheduling";
import type { StoreOrder } from "./state";

// POST /store-api/v1/orders: everything is priced here; the client's values must agree, line by
// line and total by total. The order then goes to the interchange side as a CREATED event.

export type Caller = { merchantId: string; customerId?: number };

function compareValues(input: OrderCreateInput["values"], server: StoreOrder["values"]) {
  for (const key of ["subtotal", "deliveryFee", "serviceFee", "discount", "total"] as const) {
    const sent = centsOf(input[key]);
    if (sent !== server[key]) {
      throw new StoreApiError(
        422,
        "price_mismatch",
        `values.${key}: sent ${reais(sent)}, the server computes ${reais(server[key])}`,
      );
    }
  }
}

/** An order input before the client has priced it (what quoteStoreOrder takes). */
export type UnpricedOrderInput = Omit<OrderCreateInput, "values" | "items" | "pizzaItems"> & {
  values?: OrderCreateInput["values"];
  items: (Omit<OrderCreateInput["items"][number], "totalPrice"> & { totalPrice?: { value: number } })[];
  pizzaItems: (Omit<OrderCreateInput["pizzaItems"][number], "totalPrice"> & { totalPrice?: { value: number } })[];
};

/** Every check and price of an order, with no side effect. */
function prepare(domain: StoreDomain, store: StoreDef, caller: Caller, input: UnpricedOrderInput) {
  const now = domain.now();
  const { merchantId, customerId } = caller;
  if (!domain.acceptsOrders(merchantId)) {
    throw new StoreApiError(
      409,
      "merchant_unavailable",
      "The store is not taking orders right now: the restaurant has paused it. Try again later.",
    );
  }
  const profile = customerId !== undefined ? domain.profile(merchantId, customerId) : undefined;
  if (!profile && !input.customer) {
    throw new StoreApiError(
      403,
      "customer_login_required",
      "customer: required unless the token is a customer's (password grant)",
    );
  }
  const phone = profile?.telephone || input.customer?.telephone || "";
  const previous = domain.ordersOf(merchantId, customerId !== undefined ? { customerId } : { phone });
  const times = orderTimes(store, input.scheduling ?? null, input.fulfillment.type, now);
  const cart = priceCart(store, input, times.at);
  const place = resolveFulfillment(domain, store, caller, input.fulfillment, cart.subtotalCents, times.at);

  const { form, cardBrand } = resolvePayment(domain, caller, input.payment);
  const usesKey = (id: number) => `${merchantId}:${id}:${customerId ?? phone}`;
  const { voucher, discounts } = resolveDiscounts(input, {
    domain,
    store,
    at: now,
    cart,
    place,
    form,
    profile,
    previousOrders: previous.length,
    usesOf: (v) => domain.voucherUses.get(usesKey(v.id)) ?? 0,
  });
  const discountCents = discounts.reduce((sum, d) => sum + d.cents, 0);
  const values = {
    subtotal: cart.subtotalCents,
    deliveryFee: place.deliveryCents,
    serviceFee: place.serviceCents,
    discount: discountCents,
    total: cart.subtotalCents + place.deliveryCents + place.serviceCents - discountCents,
  };
  let changeForCents: number | null = null;
  // A requiredChange of zero (or none) means the customer pays the exact amount.
  if (form.method === "CASH" && input.payment.type === "OFFLINE" && input.payment.requiredChange?.value) {
    changeForCents = centsOf(input.payment.requiredChange);
    if (changeForCents < values.total) {
      throw unprocessable(
        "insufficient_change",
        `payment.requiredChange: ${reais(changeForCents)} is less than the total ${reais(values.total)}`,
      );
    }
  }

  const name =
    input.contactName ?? input.customer?.name ?? `${profile?.firstName ?? ""} ${profile?.lastName ?? ""}`.trim();
  const merchant = domain.platform.state.merchant(merchantId);
  // What the kitchen and the courier need to read; apiSource stays on the store API's order.
  const extra = [input.invoiceDocument ? `CPF/CNPJ na nota: ${input.invoiceDocument}` : null];
  const plan: OrderPlan = {
    store,
    merchantId,
    merchantName: merchant?.name ?? store.name,
    cart,
    type: place.type,
    address: place.address,
    place: place.place,
    fees: { deliveryCents: place.deliveryCents, serviceCents: place.serviceCents },
    discounts,
    totalCents: values.total,
    payment: { form, changeForCents, cardBrand },
    customer: {
      key: customerId !== undefined ? `id:${customerId}` : `phone:${phone}`,
      name,
      phone,
      document: profile?.document || input.customer?.document || null,
      email: profile?.email || input.customer?.email || null,
      previousOrders: previous.length,
    },
    times: { now, ...times.plan(place.waitMinutes) },
    extraInfo: extra.filter(Boolean).join(" · ") || null,
  };
  return { plan, values, cart, place, voucher, profile, phone, usesKey, changeForCents };
}

/** The server's prices for an order: what a client (or the simulator) must send as values. */
export function quoteStoreOrder(domain: StoreDomain, store: StoreDef, caller: Caller, input: UnpricedOrderInput) {
  const { values, cart } = prepare(domain, store, caller, input);
  return { values, lines: cart.lines };
}

export function createStoreOrder(
  domain: StoreDomain,
  store: StoreDef,
  caller: Caller,
  input: OrderCreateInput,
): StoreOrder {
  const { merchantId, customerId } = caller;
  const { plan, values, cart, place, voucher, profile, phone, usesKey, changeForCents } = prepare(
    domain,
    store,
    caller,
    input,
  );
  compareValues(input.values, values);
  const record = domain.platform.addOrder(merchantId, buildInterchangeOrder(domain, plan));

  if (voucher) domain.voucherUses.set(usesKey(voucher.id), (domain.voucherUses.get(usesKey(voucher.id)) ?? 0) + 1);
  if (profile && input.hasLoyaltyProgramReward) profile.usedPoints += loyaltyProgram.total;
  if (profile && input.hasMemberGetMemberReward) profile.referralRewards -= 1;
  const order: StoreOrder = {
    id: domain.nextId("order"),
    merchantId,
    interchangeId: record.order.id,
    phone,
    input,
    cart,
    values,
    address: place.address,
    type: place.type,
    createdAt: record.order.createdAt,
    expectedTime: plan.times.due.toISOString(),
    requiredChangeCents: changeForCents,
    pointsEarned: Math.floor(values.total / 100) * loyaltyProgram.valueBaseCount,
    ...(customerId !== undefined ? { customerId } : {}),
  };
  domain.orders.push(order);
  return order;
}
