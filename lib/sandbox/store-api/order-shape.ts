import { paymentForms } from "../catalog";
import type { StoreDef } from "../catalog/types";
import type { OrderRecord } from "../types";
import { allItems, itemShape, pizzaSizeShape } from "./catalog-shapes";
import type { StoreDomain } from "./domain";
import { money } from "./money";
import type { StoreOrder } from "./state";

// The order as the store API returns it ("Store API order: returned"), its status read live from
// the interchange side so the customer sees what the merchant reported.

const statusNames: Record<OrderRecord["status"], string> = {
  CREATED: "WAITING",
  CONFIRMED: "APPROVED",
  IN_TRANSIT: "IN_TRANSIT",
  DONE: "DONE",
  CANCELLED: "CANCELLED",
};

function statusOf(record: OrderRecord | undefined): {
  status: string;
  statusReason: string;
  approvedAt: string | null;
} {
  if (!record) return { status: "DONE", statusReason: "", approvedAt: null };
  let statusReason = "";
  if (record.status === "CANCELLED") {
    statusReason = record.merchantCancellation?.reason ?? record.customerCancellation?.reason ?? "Pedido cancelado";
  } else if (record.customerCancellation?.state === "PENDING") {
    statusReason = "Cancelamento solicitado pelo cliente";
  } else if (record.customerCancellation?.state === "DENIED") {
    statusReason = "Cancelamento recusado pela loja";
  }
  return {
    status: statusNames[record.status] ?? record.status,
    statusReason,
    approvedAt: record.confirmation?.at ?? null,
  };
}

function paymentShape(order: StoreOrder) {
  const p = order.input.payment;
  const form = paymentForms.find((f) => f.id === p.paymentFormId);
  if (p.type === "OFFLINE")
    return { type: "OFFLINE", paymentFormId: p.paymentFormId, paymentFormName: form?.name ?? "", paymentDetails: null };
  const details =
    form?.method === "PIX"
      ? { type: "PIX", creditcardId: null }
      : { type: "CREDITCARD", creditcardId: p.creditcardId ?? null };
  return { type: "ONLINE", paymentFormId: p.paymentFormId, paymentFormName: form?.name ?? "", paymentDetails: details };
}

export function storeOrderShape(domain: StoreDomain, store: StoreDef, order: StoreOrder) {
  const record = domain.platform.state.orders.get(order.interchangeId);
  const items = allItems(store);
  const linePrice = (path: string) => money(order.cart.lines.find((l) => l.path === path)?.totalCents ?? 0);
  return {
    id: order.id,
    interchangeOrderId: order.interchangeId,
    displayId: record?.order.displayId ?? null,
    ...statusOf(record),
    type: order.type,
    address: order.address,
    tableCode: order.input.fulfillment.type === "TABLE" ? order.input.fulfillment.tableCode : null,
    payment: paymentShape(order),
    createdAt: order.createdAt,
    expectedTime: order.expectedTime,
    scheduling: order.input.scheduling ?? null,
    source: "STORE_API",
    apiSource: order.input.apiSource ?? null,
    values: {
      subtotal: money(order.values.subtotal),
      discount: money(order.values.discount),
      deliveryFee: money(order.values.deliveryFee),
      serviceFee: money(order.values.serviceFee),
      total: money(order.values.total),
    },
    requiredChange: order.requiredChangeCents === null ? null : money(order.requiredChangeCents),
    voucherCode: order.input.voucherCode ?? null,
    items: order.input.items.map((line, i) => {
      const found = items.find((x) => x.item.id === line.itemId);
      return {
        ...line,
        totalPrice: linePrice(`items[${i}]`),
        item: found
          ? itemShape(store, found.item, found.category.items.indexOf(found.item) + 1, { properties: true })
          : null,
      };
    }),
    pizzaItems: order.input.pizzaItems.map((line, i) => {
      const size = store.pizzaSizes.find((s) => s.id === line.pizzaSizeId);
      return {
        ...line,
        totalPrice: linePrice(`pizzaItems[${i}]`),
        pizzaSize: size ? pizzaSizeShape(store, size) : null,
      };
    }),
  };
}
