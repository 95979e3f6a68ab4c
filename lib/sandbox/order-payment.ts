import { CURRENCY, price, toValue } from "./money";
import type { Rng } from "./random";
import type { Discount, OdOrder, OrderType, OtherFee, PaymentMethodName } from "./types";

// Fees, discounts and payment of a generated order, all in cents until the last step, so that
// orderAmount = itemsPrice + otherFees − discount holds exactly.

export type Charges = { fees: OtherFee[]; feesCents: number; deliveredBy: "MERCHANT" | "MARKETPLACE" };

/**
 * Open Delivery 1.7's MIN_ORDER_FEE: a delivery whose items cost less than the store's minimum
 * is taken, and the customer pays the rest of the minimum (as the store API's checkout would
 * otherwise refuse it). Drawn from nothing: a seed's orders keep their draws.
 */
function minimumOrderFee(itemsCents: number, minimumOrderCents: number): { fee: OtherFee; cents: number } | undefined {
  const cents = minimumOrderCents - itemsCents;
  if (cents <= 0) return undefined;
  return {
    fee: { name: "Taxa de pedido mínimo", type: "MIN_ORDER_FEE", receivedBy: "MERCHANT", price: price(cents) },
    cents,
  };
}

export function randomCharges(
  rng: Rng,
  type: OrderType,
  itemsCents: number,
  menu: { deliveryFeeCents: readonly number[]; minimumOrderCents: number },
  chosenCourier?: Charges["deliveredBy"],
): Charges {
  if (type === "DELIVERY") {
    // Drawn even when chosen: a seed's later draws stay what they were.
    const drawn = rng.chance(0.7) ? "MERCHANT" : "MARKETPLACE";
    const deliveredBy = chosenCourier ?? drawn;
    const cents = rng.pick(menu.deliveryFeeCents);
    const fee: OtherFee = {
      name: "Taxa de entrega",
      type: "DELIVERY_FEE",
      receivedBy: deliveredBy,
      price: price(cents),
    };
    const minimum = minimumOrderFee(itemsCents, menu.minimumOrderCents);
    if (!minimum) return { fees: [fee], feesCents: cents, deliveredBy };
    return { fees: [fee, minimum.fee], feesCents: cents + minimum.cents, deliveredBy };
  }
  if (type === "INDOOR" && rng.chance(0.7)) {
    // The customary optional 10 % "taxa de serviço" of Brazilian table service.
    const cents = Math.round(itemsCents * 0.1);
    const fee: OtherFee = {
      name: "Taxa de serviço (10%)",
      type: "SERVICE_FEE",
      receivedBy: "MERCHANT",
      price: price(cents),
    };
    return { fees: [fee], feesCents: cents, deliveredBy: "MERCHANT" };
  }
  return { fees: [], feesCents: 0, deliveredBy: "MERCHANT" };
}

export function randomDiscounts(
  rng: Rng,
  itemsCents: number,
  charges: Charges,
): { discounts: Discount[]; cents: number } {
  if (!rng.chance(0.3)) return { discounts: [], cents: 0 };
  const deliveryFee = charges.fees.find((f) => f.type === "DELIVERY_FEE");
  if (deliveryFee && rng.chance(0.4)) {
    const cents = Math.round(deliveryFee.price.value * 100);
    return {
      discounts: [
        {
          amount: price(cents),
          target: "DELIVERY_FEE",
          sponsorshipValues: [{ name: "MARKETPLACE", amount: price(cents) }],
        },
      ],
      cents,
    };
  }
  const cents = Math.min(rng.chance(0.5) ? 1000 : Math.round(itemsCents * 0.1), itemsCents);
  const merchantShare = rng.chance(0.5) ? Math.round(cents / 2) : 0;
  const sponsors: Discount["sponsorshipValues"] = [{ name: "MARKETPLACE", amount: price(cents - merchantShare) }];
  if (merchantShare > 0) sponsors.push({ name: "MERCHANT", amount: price(merchantShare) });
  return { discounts: [{ amount: price(cents), target: "CART", sponsorshipValues: sponsors }], cents };
}

const cardBrands = ["VISA", "MASTERCARD", "ELO", "HIPERCARD", "AMEX"] as const;

/** Customers paying cash name the note they will hand over: the next round amount above the bill. */
function changeFor(rng: Rng, amountCents: number): number {
  if (rng.chance(0.2)) return toValue(amountCents);
  const step = amountCents < 5000 ? 1000 : 5000;
  return toValue((Math.floor(amountCents / step) + 1) * step);
}

export function buildPayments(
  rng: Rng,
  method: PaymentMethodName,
  type: OrderType,
  amountCents: number,
): OdOrder["payments"] {
  const value = toValue(amountCents);
  const base = { value, currency: CURRENCY };
  if (method === "PIX") {
    return {
      prepaid: value,
      pending: 0,
      methods: [{ ...base, type: "PREPAID", method: "PIX", methodInfo: "Pago via PIX no app" }],
    };
  }
  if (method === "CASH") {
    return {
      prepaid: 0,
      pending: value,
      methods: [{ ...base, type: "PENDING", method: "CASH", changeFor: changeFor(rng, amountCents) }],
    };
  }
  const brand = rng.pick(cardBrands);
  if (rng.chance(0.6)) {
    return {
      prepaid: value,
      pending: 0,
      methods: [{ ...base, type: "PREPAID", method: "CREDIT", brand, methodInfo: "Cartão salvo no app" }],
    };
  }
  const methodInfo = type === "DELIVERY" ? "Levar maquininha" : "Pagar na maquininha do balcão";
  return { prepaid: 0, pending: value, methods: [{ ...base, type: "PENDING", method: "CREDIT", brand, methodInfo }] };
}
