import { stores, vouchers } from "../catalog";
import type { StoreDef } from "../catalog/types";
import type { Platform } from "../platform";
import type { Rng } from "../random";
import { firstNames, lastNames, streets } from "../seed/people";
import { saveCard } from "./cards";
import { zoneFor } from "./delivery";
import { storeDomainOf, type StoreDomain } from "./domain";
import { StoreApiError } from "./errors";
import { money } from "./money";
import { createStoreOrder, quoteStoreOrder, type Caller, type UnpricedOrderInput } from "./order-create";
import type { Fulfillment, OrderCreateInput } from "./order-schemas";
import { simulatedCart } from "./simulated-cart";
import type { StoreOrder } from "./state";
import { isOpenAt, nextOpening } from "./time";

// One simulated customer placing an order through the store API's own functions (the same
// validation and pricing as POST /store-api/v1/orders): a realistic mix of stores, order types,
// scheduled orders, payments and vouchers.

export type SimulatedPayment = "CASH" | "PIX" | "CARD_ON_DELIVERY" | "ONLINE_CARD";
export type SimulationOptions = {
  store?: StoreDef;
  type?: "DELIVERY" | "TAKEOUT" | "TABLE";
  scheduled?: boolean;
  payment?: SimulatedPayment;
  voucher?: boolean;
};

const FORMS: Record<SimulatedPayment, number> = { CASH: 1, CARD_ON_DELIVERY: 2, PIX: 3, ONLINE_CARD: 4 };

function deliveryTo(rng: Rng, domain: StoreDomain, store: StoreDef, caller: Caller, at: Date): Fulfillment | undefined {
  if (caller.customerId !== undefined) {
    const saved = domain.addressesOf(caller.merchantId, caller.customerId).filter((a) => zoneFor(store, a.address, at));
    if (saved.length > 0) return { type: "DELIVERY", addressId: rng.pick(saved).id };
  }
  const near = streets.filter((s) => zoneFor(store, { lat: s.latitude, lng: s.longitude, zipcode: s.postalCode }, at));
  if (near.length === 0) return undefined;
  const s = rng.pick(near);
  return {
    type: "DELIVERY",
    address: {
      street: s.street,
      number: String(rng.int(10, 2500)),
      zipcode: s.postalCode.replace("-", ""),
      neighborhood: s.district,
      city: "São Paulo",
      state: "SP",
      complement: rng.chance(0.5) ? `Apto ${rng.int(11, 184)}` : "",
      reference_point: null,
      lat: s.latitude,
      lng: s.longitude,
    },
  };
}

function paymentFor(
  rng: Rng,
  domain: StoreDomain,
  caller: Caller,
  choice: SimulatedPayment | undefined,
): SimulatedPayment {
  let payment = choice ?? rng.pick(["CASH", "PIX", "PIX", "CARD_ON_DELIVERY", "ONLINE_CARD"] as const);
  if (payment === "ONLINE_CARD" && caller.customerId === undefined) payment = "PIX";
  if (payment === "ONLINE_CARD" && caller.customerId !== undefined) {
    const has = [...domain.cards.values()].some(
      (c) => c.merchantId === caller.merchantId && c.customerId === caller.customerId,
    );
    if (!has) {
      const profile = domain.profile(caller.merchantId, caller.customerId);
      saveCard(domain, caller.merchantId, caller.customerId, {
        number: "4111111111111111",
        expiryMonth: 12,
        expiryYear: domain.now().getUTCFullYear() + 3,
        holderName: `${profile.firstName} ${profile.lastName}`.toUpperCase(),
        document: profile.document || "52998224725",
        verificationCode: "123",
      });
    }
  }
  return payment;
}

function paymentInput(domain: StoreDomain, caller: Caller, payment: SimulatedPayment): UnpricedOrderInput["payment"] {
  if (payment === "CASH" || payment === "CARD_ON_DELIVERY") return { type: "OFFLINE", paymentFormId: FORMS[payment] };
  if (payment === "PIX") return { type: "ONLINE", paymentFormId: FORMS.PIX };
  const card = [...domain.cards.values()].find(
    (c) => c.merchantId === caller.merchantId && c.customerId === caller.customerId,
  );
  return { type: "ONLINE", paymentFormId: FORMS.ONLINE_CARD, creditcardId: card?.id ?? null };
}

/** The order as a client sends it once priced: line totals and values from the server's quote. */
function withServerPrices(input: UnpricedOrderInput, quote: ReturnType<typeof quoteStoreOrder>): OrderCreateInput {
  const lineTotal = (path: string) => money(quote.lines.find((l) => l.path === path)?.totalCents ?? 0);
  const { values } = quote;
  return {
    ...input,
    items: input.items.map((line, i) => ({ ...line, totalPrice: lineTotal(`items[${i}]`) })),
    pizzaItems: input.pizzaItems.map((line, i) => ({ ...line, totalPrice: lineTotal(`pizzaItems[${i}]`) })),
    values: {
      subtotal: money(values.subtotal),
      discount: money(values.discount),
      deliveryFee: money(values.deliveryFee),
      serviceFee: money(values.serviceFee),
      total: money(values.total),
    },
  };
}

function attempt(rng: Rng, platform: Platform, options: SimulationOptions, withVoucher: boolean): StoreOrder {
  const domain = storeDomainOf(platform);
  const now = platform.now();
  // A merchant that closed itself through the merchant API gets no orders, scheduled or not.
  const taking = stores.filter((s) => domain.acceptsOrders(domain.merchantIdOf(s)));
  if (taking.length === 0 && !options.store) throw new NoStoreTakingOrders();
  // The store as the platform shows it now (its hours may be the demo's around-the-clock ones).
  const open = taking.filter((s) => isOpenAt(domain.viewOf(s), now));
  const store = domain.viewOf(options.store ?? rng.pick(open.length > 0 ? open : taking));
  const scheduled = options.scheduled ?? (rng.chance(0.1) || !isOpenAt(store, now));
  let type =
    options.type ?? rng.pick(["DELIVERY", "DELIVERY", "DELIVERY", "DELIVERY", "TAKEOUT", "TAKEOUT", "TABLE"] as const);
  if (type === "TABLE" && (scheduled || store.tableSections.length === 0)) type = "TAKEOUT";
  const scheduling = scheduled ? nextOpening(store, now, rng.int(Math.max(60, store.minWaitingTime), 240)) : undefined;
  const at = scheduling ?? now;

  const merchantId = domain.merchantIdOf(store);
  const logins = platform.state.merchant(merchantId)?.customers ?? [];
  const login = logins.length > 0 && rng.chance(0.45) ? rng.pick(logins) : undefined;
  const caller: Caller = login ? { merchantId, customerId: login.customerId } : { merchantId };
  const section = store.tableSections.length > 0 ? rng.pick(store.tableSections) : undefined;
  const fulfillment: Fulfillment | undefined =
    type === "DELIVERY"
      ? deliveryTo(rng, domain, store, caller, at)
      : type === "TABLE" && section
        ? { type: "TABLE", tableCode: `${section.prefixCode}${String(rng.int(1, section.tables)).padStart(2, "0")}` }
        : { type: "TAKEOUT" };
  if (!fulfillment)
    throw new StoreApiError(422, "outside_delivery_area", "no address of the simulation is inside a delivery area");
  const payment = paymentFor(rng, domain, caller, options.payment);
  const usable = vouchers.filter((v) => v.storeIds.includes(store.id) && !v.isIndividual);
  const input: UnpricedOrderInput = {
    fulfillment,
    payment: paymentInput(domain, caller, payment),
    ...simulatedCart(rng, store, at),
    scheduling: scheduling?.toISOString() ?? null,
    hasLoyaltyProgramReward: false,
    hasMemberGetMemberReward: false,
    voucherCode: withVoucher && (options.voucher ?? rng.chance(0.15)) ? rng.pick(usable).code : null,
    customer: login
      ? null
      : { name: `${rng.pick(firstNames)} ${rng.pick(lastNames)}`, telephone: `119${rng.int(60000000, 99999999)}` },
    apiSource: "SIMULATOR",
  };
  const priced = withServerPrices(input, quoteStoreOrder(domain, store, caller, input));
  if (payment === "CASH" && rng.chance(0.8)) {
    // The note the customer will hand over: R$ 50, or the next multiple of R$ 50 above the total.
    const total = Math.round(priced.values.total.value * 100);
    priced.payment = {
      type: "OFFLINE",
      paymentFormId: FORMS.CASH,
      requiredChange: money(Math.max(5000, Math.ceil((total + 1) / 5000) * 5000)),
    };
  }
  return createStoreOrder(domain, store, caller, priced);
}

/** Every merchant has paused: the simulator waits (not an error worth a warning). */
export class NoStoreTakingOrders extends Error {
  constructor() {
    super("no store is taking orders");
  }
}

/** A customer's order; a cart the store refuses (minimum order, voucher conditions) is re-rolled. */
export function simulateStoreOrder(platform: Platform, rng: Rng, options: SimulationOptions = {}): StoreOrder {
  let last: unknown;
  for (let i = 0; i < 10; i++) {
    try {
      return attempt(rng, platform, options, i < 3);
    } catch (error) {
      if (!(error instanceof StoreApiError) || error.status !== 422) throw error;
      last = error;
    }
  }
  throw last;
}
