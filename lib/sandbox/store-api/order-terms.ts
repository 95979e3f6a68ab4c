import { loyaltyProgram, paymentForms, referralProgram } from "../catalog";
import type { PaymentFormDef, StoreDef, VoucherDef } from "../catalog/types";
import type { PricedCart } from "./cart";
import type { StoreDomain } from "./domain";
import { unprocessable } from "./errors";
import type { ResolvedFulfillment } from "./fulfillment";
import type { OrderPlan } from "./interchange-order";
import type { PaymentInput } from "./order-schemas";
import { findVoucher, loyaltyBalance, voucherDiscountCents, voucherProblem } from "./promotions";
import type { Profile } from "./state";

// The commercial terms of an order: how it is paid, and what comes off it (voucher, loyalty
// reward, referral reward).

export function resolvePayment(
  domain: StoreDomain,
  who: { merchantId: string; customerId?: number },
  payment: PaymentInput,
) {
  const form = paymentForms.find((f) => f.id === payment.paymentFormId);
  if (!form)
    throw unprocessable(
      "invalid_payment",
      `payment.paymentFormId: ${payment.paymentFormId} is not a payment form of this store`,
    );
  if (form.online !== (payment.type === "ONLINE")) {
    throw unprocessable("invalid_payment", `payment.type: ${form.name} is paid ${form.online ? "ONLINE" : "OFFLINE"}`);
  }
  let cardBrand: string | null = null;
  if (payment.type === "ONLINE" && form.method === "CREDIT") {
    const card = payment.creditcardId != null ? domain.cards.get(payment.creditcardId) : undefined;
    if (!card || card.merchantId !== who.merchantId || card.customerId !== who.customerId) {
      throw unprocessable(
        "invalid_payment",
        "payment.creditcardId: a saved card of the logged-in customer is required",
      );
    }
    cardBrand = card.brand;
  }
  return { form, cardBrand };
}

export type DiscountRequest = {
  voucherCode?: string | null | undefined;
  hasLoyaltyProgramReward: boolean;
  hasMemberGetMemberReward: boolean;
};

export type DiscountContext = {
  domain: StoreDomain;
  store: StoreDef;
  at: Date;
  cart: PricedCart;
  place: ResolvedFulfillment;
  form: PaymentFormDef;
  profile: Profile | undefined;
  previousOrders: number;
  usesOf: (voucher: VoucherDef) => number;
};

/** The discounts, capped so the order never goes below zero (the last ones shrink; empty ones go). */
export function resolveDiscounts(
  request: DiscountRequest,
  ctx: DiscountContext,
): { voucher: VoucherDef | undefined; discounts: OrderPlan["discounts"] } {
  const { cart, place, profile } = ctx;
  const discounts: OrderPlan["discounts"] = [];
  const voucher = request.voucherCode ? findVoucher(request.voucherCode) : undefined;
  if (request.voucherCode && !voucher)
    throw unprocessable("invalid_voucher", `voucherCode: ${request.voucherCode} does not exist`);
  if (voucher) {
    const problem = voucherProblem(voucher, {
      store: ctx.store,
      at: ctx.at,
      subtotalCents: cart.subtotalCents,
      lines: cart.lines,
      isDelivery: place.type === "DELIVERY",
      deliveryFeeCents: place.deliveryCents,
      paymentMethod: ctx.form.method,
      previousOrders: ctx.previousOrders,
      uses: ctx.usesOf(voucher),
      ...(profile ? { profile } : {}),
    });
    if (problem) throw unprocessable("invalid_voucher", `voucherCode: ${problem}`);
    const cents = voucherDiscountCents(voucher, cart.subtotalCents, place.deliveryCents, cart.lines);
    discounts.push({
      target: voucher.applyTo === "DELIVERY_FEE" ? "DELIVERY_FEE" : "CART",
      cents,
      sponsor: "MERCHANT",
    });
  }
  if (request.hasLoyaltyProgramReward) {
    if (!profile || !loyaltyBalance(ctx.domain, profile).isRewardAvailable) {
      throw unprocessable(
        "reward_unavailable",
        `hasLoyaltyProgramReward: ${loyaltyProgram.total} approved points are needed`,
      );
    }
    discounts.push({ target: "CART", cents: loyaltyProgram.benefitCents, sponsor: "MERCHANT" });
  }
  if (request.hasMemberGetMemberReward) {
    if (!profile || profile.referralRewards < 1)
      throw unprocessable("reward_unavailable", "hasMemberGetMemberReward: no referral reward to redeem");
    discounts.push({ target: "CART", cents: referralProgram.rewardCents, sponsor: "MARKETPLACE" });
  }
  let room = cart.subtotalCents + place.deliveryCents + place.serviceCents;
  for (const d of discounts) {
    d.cents = Math.min(d.cents, room);
    room -= d.cents;
  }
  // A voucher worth nothing here (free delivery on an order already delivered free) adds no line.
  return { voucher, discounts: discounts.filter((d) => d.cents > 0) };
}
