import { randomUUID } from "node:crypto";
import { price, sum } from "./money";
import { buildLines, chosenLines, type ChosenItem } from "./order-lines";
import { billingAddressOf, randomAddress, randomCustomer, randomExtraInfo } from "./order-parties";
import { buildPayments, randomCharges, randomDiscounts, type Charges } from "./order-payment";
import type { PlatformIdentity } from "./identity";
import type { Rng } from "./random";
import type { MerchantSeed } from "./seed/merchants";
import type { Menu } from "./seed/order-menu";
import type { Merchant, OdOrder, OrderTiming, OrderType, PaymentMethodName } from "./types";

export type NewOrderOptions = {
  /** The order's id instead of a random uuid (tests make two platforms' ids collide on purpose). */
  orderId?: string;
  type?: OrderType;
  orderTiming?: OrderTiming;
  paymentMethod?: PaymentMethodName;
  /** A delivery's courier instead of a random one (the platform's comes with a pickup code). */
  deliveredBy?: Charges["deliveredBy"];
  /** A scheduled order's window start (ISO 8601), instead of a random one 1.5–4 h ahead. */
  scheduledFor?: string;
  /** The customer's name as given, verbatim (tests send "poison" text such as NUL through it). */
  customerName?: string;
  /** The order's lines, named by menu code, instead of random ones (tests that need a fixed shape). */
  items?: ChosenItem[];
  /** The customer's note for the whole order; null for none; absent: now and then a random one. */
  extraInfo?: string | null;
};

export type OrderContext = {
  seed: MerchantSeed;
  merchant: Merchant;
  displayId: string;
  now: Date;
  rng: Rng;
  /** The platform taking the order: its application id and, as salesChannel, its name. */
  identity: PlatformIdentity;
};

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

function chooseMenu(ctx: OrderContext): { menu: Menu; virtualBrand?: string } {
  for (const brand of ctx.seed.virtualBrands) {
    if (ctx.rng.chance(brand.share)) return { menu: brand.menu, virtualBrand: brand.name };
  }
  return { menu: ctx.seed.menu };
}

/**
 * When the kitchen should start and when the food is due. A scheduled order's window opens
 * 1.5–4 h from now on a quarter hour, and preparation starts before the window opens.
 */
function timesFor(rng: Rng, type: OrderType, timing: OrderTiming, nowMs: number, scheduledFor?: string) {
  if (timing === "INSTANT") {
    const readyIn = type === "DELIVERY" ? rng.int(35, 60) : type === "TAKEOUT" ? rng.int(20, 35) : rng.int(15, 25);
    return { prepStart: nowMs, due: nowMs + readyIn * MINUTE, schedule: undefined };
  }
  const quarter = 15 * MINUTE;
  const start = scheduledFor
    ? Date.parse(scheduledFor)
    : Math.ceil((nowMs + rng.int(90, 240) * MINUTE) / quarter) * quarter;
  const end = start + 30 * MINUTE;
  const prepStart = start - (type === "DELIVERY" ? 50 : 30) * MINUTE;
  const due = type === "DELIVERY" ? start + 15 * MINUTE : start;
  return { prepStart, due, schedule: { scheduledDateTimeStart: iso(start), scheduledDateTimeEnd: iso(end) } };
}

export function buildOrder(ctx: OrderContext, options: NewOrderOptions): OdOrder {
  const { rng, seed } = ctx;
  const type = options.type ?? rng.pick(["DELIVERY", "DELIVERY", "DELIVERY", "TAKEOUT", "INDOOR"] as const);
  const timing = options.orderTiming ?? (options.scheduledFor || rng.chance(0.2) ? "SCHEDULED" : "INSTANT");
  const method = options.paymentMethod ?? rng.pick(["PIX", "PIX", "CREDIT", "CREDIT", "CASH"] as const);
  const chosen = options.items
    ? chosenLines(seed.key, [seed.menu, ...seed.virtualBrands.map((brand) => brand.menu)], options.items)
    : undefined;
  const { menu, virtualBrand } = chosen
    ? {
        menu: chosen.menu ?? seed.menu,
        virtualBrand: seed.virtualBrands.find((brand) => brand.menu === chosen.menu)?.name,
      }
    : chooseMenu(ctx);

  const lines = chosen ? chosen.lines : buildLines(rng, seed.key, menu);
  const itemsCents = sum(lines.map((l) => l.totalCents));
  const charges = randomCharges(rng, type, itemsCents, menu, options.deliveredBy);
  const discount = randomDiscounts(rng, itemsCents, charges);
  const amountCents = itemsCents + charges.feesCents - discount.cents;
  const nowMs = ctx.now.getTime();
  const times = timesFor(rng, type, timing, nowMs, options.scheduledFor);

  const order: OdOrder = {
    id: options.orderId ?? randomUUID(),
    type,
    displayId: ctx.displayId,
    sourceAppId: ctx.identity.sourceAppId,
    salesChannel: ctx.identity.name,
    createdAt: iso(nowMs),
    lastEvent: "CREATED",
    orderTiming: timing,
    preparationStartDateTime: iso(times.prepStart),
    merchant: { id: ctx.merchant.merchantId, name: ctx.merchant.name },
    items: lines.map((l) => l.line),
    otherFees: charges.fees,
    discounts: discount.discounts,
    total: {
      itemsPrice: price(itemsCents),
      otherFees: price(charges.feesCents),
      discount: price(discount.cents),
      orderAmount: price(amountCents),
    },
    payments: buildPayments(rng, method, type, amountCents),
  };
  if (virtualBrand) order.virtualBrand = virtualBrand;
  if (times.schedule) order.schedule = times.schedule;
  if (options.customerName !== undefined)
    order.customer = { ...randomCustomer(rng, seed.key), name: options.customerName };
  else if (type !== "INDOOR" || rng.chance(0.5)) order.customer = randomCustomer(rng, seed.key);

  if (type === "DELIVERY") {
    order.delivery = {
      deliveredBy: charges.deliveredBy,
      deliveryAddress: randomAddress(rng),
      estimatedDeliveryDateTime: iso(times.due),
    };
    // The marketplace's courier shows this code at the counter to collect the bag.
    if (charges.deliveredBy === "MARKETPLACE") order.delivery.pickupCode = String(rng.int(1000, 9999));
    order.sendDelivered = charges.deliveredBy === "MERCHANT";
  } else if (type === "TAKEOUT") {
    order.takeout = { mode: rng.chance(0.2) ? "PICKUP_AREA" : "DEFAULT", takeoutDateTime: iso(times.due) };
    order.sendPickedUp = true;
    const billing = order.customer && billingAddressOf(order.customer, ctx.displayId);
    if (billing) order.billingAddress = billing;
  } else {
    order.indoor = rng.chance(0.6)
      ? { mode: "PLACE", indoorDateTime: iso(times.due), place: `Mesa ${rng.int(1, 30)}` }
      : { mode: "TAB", indoorDateTime: iso(times.due), tab: `Comanda ${rng.int(1, 120)}` };
  }
  const extraInfo = options.extraInfo !== undefined ? options.extraInfo : randomExtraInfo(rng);
  if (extraInfo) order.extraInfo = extraInfo;
  return order;
}
