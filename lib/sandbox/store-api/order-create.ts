import { loyaltyProgram, paymentForms, referralProgram } from "../catalog";
import type { StoreDef } from "../catalog/types";
import { priceCart } from "./cart";
import type { StoreDomain, StoreOrder } from "./domain";
import { StoreApiError, unprocessable } from "./errors";
import { resolveFulfillment } from "./fulfillment";
import { buildInterchangeOrder, type OrderPlan } from "./interchange-order";
import { centsOf, reais } from "./money";
import type { OrderCreateInput } from "./order-schemas";
import { findVoucher, loyaltyBalance, voucherDiscountCents, voucherProblem } from "./promotions";
import { orderTimes } from "./scheduling";

// POST /store-api/v1/orders: everything is priced here; the client's values must agree, line by
// line and total by total. The order then goes to the interchange side as a CREATED event.

export type Caller = { merchantId: string; customerId?: number };

function compareValues(input: OrderCreateInput["values"], server: StoreOrder["values"]) {
  for (const key of ["subtotal", "deliveryFee", "serviceFee", "discount", "total"] as const) {
    const sent = centsOf(input[key]);
    if (sent !== server[key]) {
      throw new StoreApiError(422, "price_mismatch", `values.${key}: sent ${reais(sent)}, the server computes ${reais(server[key])}`);
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
  const profile = customerId !== undefined ? domain.profile(merchantId, customerId) : undefined;
  if (!profile && !input.customer) {
    throw new StoreApiError(403, "customer_login_required", "customer: required unless the token is a customer's (password grant)");
  }
  const phone = profile?.telephone || input.customer?.telephone || "";
  const previous = domain.ordersOf(merchantId, customerId !== undefined ? { customerId } : { phone });
  const times = orderTimes(store, input.scheduling ?? null, input.fulfillment.type, now);
  const cart = priceCart(store, input, times.at);
  const place = resolveFulfillment(domain, store, caller, input.fulfillment, cart.subtotalCents, times.at);

  const form = paymentForms.find((f) => f.id === input.payment.paymentFormId);
  if (!form) throw unprocessable("invalid_payment", `payment.paymentFormId: ${input.payment.paymentFormId} is not a payment form of this store`);
  if (form.online !== (input.payment.type === "ONLINE")) {
    throw unprocessable("invalid_payment", `payment.type: ${form.name} is paid ${form.online ? "ONLINE" : "OFFLINE"}`);
  }
  let cardBrand: string | null = null;
  if (input.payment.type === "ONLINE" && form.method === "CREDIT") {
    const cardId = input.payment.creditcardId;
    const card = cardId != null ? domain.cards.get(cardId) : undefined;
    if (!card || card.merchantId !== merchantId || card.customerId !== customerId) {
      throw unprocessable("invalid_payment", "payment.creditcardId: a saved card of the logged-in customer is required");
    }
    cardBrand = card.brand;
  }

  const discounts: OrderPlan["discounts"] = [];
  const voucher = input.voucherCode ? findVoucher(input.voucherCode) : undefined;
  if (input.voucherCode && !voucher) throw unprocessable("invalid_voucher", `voucherCode: ${input.voucherCode} does not exist`);
  const usesKey = (id: number) => `${merchantId}:${id}:${customerId ?? phone}`;
  if (voucher) {
    const problem = voucherProblem(voucher, {
      store, at: now, subtotalCents: cart.subtotalCents, lines: cart.lines, isDelivery: place.type === "DELIVERY",
      deliveryFeeCents: place.deliveryCents, paymentMethod: form.method, previousOrders: previous.length,
      uses: domain.voucherUses.get(usesKey(voucher.id)) ?? 0, ...(profile ? { profile } : {}),
    });
    if (problem) throw unprocessable("invalid_voucher", `voucherCode: ${problem}`);
    const cents = voucherDiscountCents(voucher, cart.subtotalCents, place.deliveryCents, cart.lines);
    discounts.push({ target: voucher.applyTo === "DELIVERY_FEE" ? "DELIVERY_FEE" : "CART", cents, sponsor: "MERCHANT" });
  }
  if (input.hasLoyaltyProgramReward) {
    if (!profile || !loyaltyBalance(domain, profile).isRewardAvailable) {
      throw unprocessable("reward_unavailable", `hasLoyaltyProgramReward: ${loyaltyProgram.total} approved points are needed`);
    }
    discounts.push({ target: "CART", cents: loyaltyProgram.benefitCents, sponsor: "MERCHANT" });
  }
  if (input.hasMemberGetMemberReward) {
    if (!profile || profile.referralRewards < 1) throw unprocessable("reward_unavailable", "hasMemberGetMemberReward: no referral reward to redeem");
    discounts.push({ target: "CART", cents: referralProgram.rewardCents, sponsor: "MARKETPLACE" });
  }
  // Discounts never take the order below zero: the last ones shrink.
  let room = cart.subtotalCents + place.deliveryCents + place.serviceCents;
  for (const d of discounts) {
    d.cents = Math.min(d.cents, room);
    room -= d.cents;
  }
  // A voucher worth nothing here (free delivery on an order already delivered free) adds no line.
  discounts.splice(0, discounts.length, ...discounts.filter((d) => d.cents > 0));
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
      throw unprocessable("insufficient_change", `payment.requiredChange: ${reais(changeForCents)} is less than the total ${reais(values.total)}`);
    }
  }

  const name = input.contactName ?? input.customer?.name ?? `${profile?.firstName ?? ""} ${profile?.lastName ?? ""}`.trim();
  const merchant = domain.platform.state.merchant(merchantId);
  // What the kitchen and the courier need to read; apiSource stays on the store API's order.
  const extra = [input.invoiceDocument ? `CPF/CNPJ na nota: ${input.invoiceDocument}` : null];
  const plan: OrderPlan = {
    store, merchantId, merchantName: merchant?.name ?? store.name, cart, type: place.type, address: place.address, place: place.place,
    fees: { deliveryCents: place.deliveryCents, serviceCents: place.serviceCents }, discounts, totalCents: values.total,
    payment: { form, changeForCents, cardBrand },
    customer: {
      key: customerId !== undefined ? `id:${customerId}` : `phone:${phone}`, name, phone,
      document: profile?.document || input.customer?.document || null, email: profile?.email || input.customer?.email || null,
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

export function createStoreOrder(domain: StoreDomain, store: StoreDef, caller: Caller, input: OrderCreateInput): StoreOrder {
  const { merchantId, customerId } = caller;
  const { plan, values, cart, place, voucher, profile, phone, usesKey, changeForCents } = prepare(domain, store, caller, input);
  compareValues(input.values, values);
  const record = domain.platform.addOrder(merchantId, buildInterchangeOrder(domain, plan));

  if (voucher) domain.voucherUses.set(usesKey(voucher.id), (domain.voucherUses.get(usesKey(voucher.id)) ?? 0) + 1);
  if (profile && input.hasLoyaltyProgramReward) profile.usedPoints += loyaltyProgram.total;
  if (profile && input.hasMemberGetMemberReward) profile.referralRewards -= 1;
  const order: StoreOrder = {
    id: domain.nextId("order"), merchantId, interchangeId: record.order.id, phone, input, cart, values,
    address: place.address, type: place.type, createdAt: record.order.createdAt,
    expectedTime: plan.times.due.toISOString(), requiredChangeCents: changeForCents,
    pointsEarned: Math.floor(values.total / 100) * loyaltyProgram.valueBaseCount,
    ...(customerId !== undefined ? { customerId } : {}),
  };
  domain.orders.push(order);
  return order;
}
