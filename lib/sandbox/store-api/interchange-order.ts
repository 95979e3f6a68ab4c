import { randomUUID } from "node:crypto";
import type { AddressDef, PaymentFormDef, StoreDef } from "../catalog/types";
import { price } from "../money";
import { stableUuid } from "../random";
import { firstDisplayIdOf } from "../seed/merchants";
import type { Customer, Discount, ItemLine, OdOrder, OtherFee, PaymentMethodLine } from "../types";
import type { PricedCart } from "./cart";
import type { StoreDomain } from "./domain";

// The Open Delivery order (what GET /v1/orders/{id} answers) for a store-API order, built from
// the server's prices.

export type OrderPlan = {
  store: StoreDef;
  merchantId: string;
  merchantName: string;
  cart: PricedCart;
  type: "DELIVERY" | "TAKEOUT" | "TABLE";
  address: AddressDef | null;
  place: string | null;
  fees: { deliveryCents: number; serviceCents: number };
  discounts: { target: "CART" | "DELIVERY_FEE"; cents: number; sponsor: "MERCHANT" | "MARKETPLACE" }[];
  totalCents: number;
  payment: { form: PaymentFormDef; changeForCents: number | null; cardBrand: string | null };
  customer: {
    key: string;
    name: string;
    phone: string;
    document: string | null;
    email: string | null;
    previousOrders: number;
  };
  times: { now: Date; prepStart: Date; due: Date; schedule: { start: Date; end: Date } | null };
  extraInfo: string | null;
};

const iso = (d: Date) => d.toISOString();

function lines(cart: PricedCart): ItemLine[] {
  return cart.lines.map((l, i) => {
    const line: ItemLine = {
      index: i + 1,
      id: l.id,
      name: l.name,
      externalCode: l.customCode,
      unit: "UN",
      quantity: l.quantity,
      unitPrice: price(l.unitCents),
      optionsPrice: price(l.optionsCents),
      totalPrice: price(l.totalCents),
    };
    if (l.observation) line.specialInstructions = l.observation;
    if (l.options.length > 0) {
      line.options = l.options.map((o, j) => ({
        index: j + 1,
        id: o.id,
        name: o.name,
        externalCode: o.customCode,
        unit: "UN",
        quantity: o.quantity,
        unitPrice: price(o.unitCents),
        totalPrice: price(o.unitCents * o.quantity),
      }));
    }
    return line;
  });
}

function payments(plan: OrderPlan): OdOrder["payments"] {
  const { form, changeForCents, cardBrand } = plan.payment;
  const value = price(plan.totalCents).value;
  const method: PaymentMethodLine = {
    value,
    currency: "BRL",
    type: form.online ? "PREPAID" : "PENDING",
    method: form.method,
    methodInfo: form.online
      ? `${form.name} (pago no app)`
      : plan.type === "DELIVERY"
        ? `${form.name}: cobrar na entrega`
        : `${form.name}: cobrar no balcão`,
  };
  if (cardBrand) method.brand = cardBrand;
  if (form.method === "CASH") method.changeFor = price(changeForCents ?? plan.totalCents).value;
  return { prepaid: form.online ? value : 0, pending: form.online ? 0 : value, methods: [method] };
}

function customer(plan: OrderPlan): Customer {
  const c: Customer = {
    id: stableUuid(`${plan.store.merchantKey}:store-customer:${plan.customer.key}`),
    name: plan.customer.name,
    phone: { number: plan.customer.phone },
    ordersCountOnMerchant: plan.customer.previousOrders,
  };
  if (plan.customer.document) c.documentNumber = plan.customer.document;
  if (plan.customer.email) c.email = plan.customer.email;
  return c;
}

function deliveryAddress(a: AddressDef): NonNullable<OdOrder["delivery"]>["deliveryAddress"] {
  const formatted = [
    `${a.street}, ${a.number}`,
    a.complement || undefined,
    `${a.neighborhood}, ${a.city} - ${a.state}, ${a.zipcode}`,
  ]
    .filter(Boolean)
    .join(" - ");
  const out: NonNullable<OdOrder["delivery"]>["deliveryAddress"] = {
    country: "BR",
    state: a.state,
    city: a.city,
    district: a.neighborhood,
    street: a.street,
    number: a.number,
    formattedAddress: formatted,
    postalCode: a.zipcode.replace(/\D/g, ""),
    coordinates: { latitude: a.lat, longitude: a.lng },
  };
  if (a.complement) out.complement = a.complement;
  if (a.reference_point) out.reference = a.reference_point;
  return out;
}

export function buildInterchangeOrder(domain: StoreDomain, plan: OrderPlan): OdOrder {
  const fees: OtherFee[] = [];
  if (plan.type === "DELIVERY") {
    fees.push({
      name: "Taxa de entrega",
      type: "DELIVERY_FEE",
      receivedBy: "MERCHANT",
      price: price(plan.fees.deliveryCents),
    });
  }
  if (plan.fees.serviceCents > 0) {
    fees.push({
      name: "Taxa de serviço (10%)",
      type: "SERVICE_FEE",
      receivedBy: "MERCHANT",
      price: price(plan.fees.serviceCents),
    });
  }
  const discounts: Discount[] = plan.discounts.map((d) => ({
    amount: price(d.cents),
    target: d.target,
    sponsorshipValues: [{ name: d.sponsor, amount: price(d.cents) }],
  }));
  const feesCents = plan.fees.deliveryCents + plan.fees.serviceCents;
  const discountCents = plan.discounts.reduce((sum, d) => sum + d.cents, 0);
  const { times } = plan;
  const order: OdOrder = {
    id: randomUUID(),
    type: plan.type === "TABLE" ? "INDOOR" : plan.type,
    displayId: domain.platform.state.nextDisplayId(
      plan.merchantId,
      firstDisplayIdOf(plan.store.merchantKey, domain.platform.state.platformKey),
    ),
    sourceAppId: domain.platform.identity.sourceAppId,
    salesChannel: `${domain.platform.identity.name} Store API`,
    createdAt: iso(times.now),
    lastEvent: "CREATED",
    orderTiming: times.schedule ? "SCHEDULED" : "INSTANT",
    preparationStartDateTime: iso(times.prepStart),
    merchant: { id: plan.merchantId, name: plan.merchantName },
    items: lines(plan.cart),
    otherFees: fees,
    discounts,
    total: {
      itemsPrice: price(plan.cart.subtotalCents),
      otherFees: price(feesCents),
      discount: price(discountCents),
      orderAmount: price(plan.totalCents),
    },
    payments: payments(plan),
    customer: customer(plan),
  };
  if (times.schedule)
    order.schedule = {
      scheduledDateTimeStart: iso(times.schedule.start),
      scheduledDateTimeEnd: iso(times.schedule.end),
    };
  if (plan.type === "DELIVERY" && plan.address) {
    order.delivery = {
      deliveredBy: "MERCHANT",
      deliveryAddress: deliveryAddress(plan.address),
      estimatedDeliveryDateTime: iso(times.due),
    };
    order.sendDelivered = true;
  } else if (plan.type === "TAKEOUT") {
    order.takeout = { mode: "DEFAULT", takeoutDateTime: iso(times.due) };
    order.sendPickedUp = true;
  } else if (plan.type === "TABLE") {
    order.indoor = { mode: "PLACE", indoorDateTime: iso(times.due), place: plan.place ?? "Salão" };
  }
  if (plan.extraInfo) order.extraInfo = plan.extraInfo;
  return order;
}
