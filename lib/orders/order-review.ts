import type { Money } from "@/lib/contract/board";
import type { OrderReview, ReviewPayment } from "@/lib/contract/order-review";
import { reviewItems } from "./order-lines";
import { finite, isRecord, listAt, recordAt, text } from "./read-defensively";

/** When the platform names no currency anywhere: Open Delivery is a Brazilian standard. */
const DEFAULT_CURRENCY = "BRL";

/**
 * The platform's order details as stored (raw Open Delivery `Order`) reshaped into the order for
 * review that pages receive. Pure, and as forgiving as the board: anything missing or malformed
 * reads as absent; only details that are not an object at all give null.
 */
export function toOrderReview(details: unknown): OrderReview | null {
  if (!isRecord(details)) return null;
  const total = recordAt(details, "total");
  const currency = text(recordAt(total, "orderAmount").currency) ?? DEFAULT_CURRENCY;
  const price = (value: unknown): Money | null => priceOf(value, currency);
  const customer = recordAt(details, "customer");
  return {
    items: reviewItems(details.items),
    customer: { name: text(customer.name) ?? null, phone: text(recordAt(customer, "phone").number) ?? null },
    delivery: deliveryOf(details.delivery),
    takeout: isRecord(details.takeout)
      ? { mode: text(details.takeout.mode) ?? null, at: text(details.takeout.takeoutDateTime) ?? null }
      : null,
    indoor: isRecord(details.indoor)
      ? {
          place: text(details.indoor.place) ?? null,
          table: text(details.indoor.table) ?? null,
          tab: text(details.indoor.tab) ?? null,
        }
      : null,
    payments: listAt(recordAt(details, "payments"), "methods")
      .filter(isRecord)
      .map((method) => paymentOf(method, currency)),
    fees: listAt(details, "otherFees")
      .filter(isRecord)
      .map((fee) => ({ name: text(fee.name) ?? null, type: text(fee.type) ?? null, amount: price(fee.price) })),
    discounts: listAt(details, "discounts")
      .filter(isRecord)
      .map((discount) => ({ target: text(discount.target) ?? null, amount: price(discount.amount) })),
    total: price(total.orderAmount),
    notes: text(details.extraInfo) ?? null,
    billingAddress: billingAddressOf(details.billingAddress),
  };
}

/**
 * "Rua Harmonia, 412 - Loja - Vila Madalena, São Paulo - SP, 05435-000": the fields of 2.0 rc.2's
 * billing address (and 1.x's Address names, district and formattedAddress, when a platform sends
 * those), or null when it names no street and no postal code (nothing an invoice could use).
 */
function billingAddressOf(address: unknown): string | null {
  if (!isRecord(address)) return null;
  const street = [text(address.street), text(address.number)].filter(Boolean).join(", ");
  const postal = text(address.postalCode);
  if (!street && !postal) return text(address.formattedAddress) ?? null;
  const cep = postal && /^\d{8}$/.test(postal) ? `${postal.slice(0, 5)}-${postal.slice(5)}` : postal;
  const place = [text(address.neighborhood) ?? text(address.district), text(address.city)].filter(Boolean).join(", ");
  return [street, text(address.complement), [place, text(address.state)].filter(Boolean).join(" - "), cep]
    .filter(Boolean)
    .join(" - ");
}

function deliveryOf(delivery: unknown): OrderReview["delivery"] {
  if (!isRecord(delivery)) return null;
  const address = recordAt(delivery, "deliveryAddress");
  return {
    address: text(address.formattedAddress) ?? null,
    reference: text(address.reference) ?? null,
    pickupCode: text(delivery.pickupCode) ?? null,
  };
}

function paymentOf(method: Record<string, unknown>, orderCurrency: string): ReviewPayment {
  const currency = text(method.currency) ?? orderCurrency;
  const amount = finite(method.value);
  const changeFor = finite(method.changeFor);
  return {
    method: text(method.method) ?? null,
    pending: method.type === "PENDING",
    amount: amount === undefined ? null : { value: amount, currency },
    // 0 means "no change needed" in some platforms' payloads.
    changeFor: changeFor ? { value: changeFor, currency } : null,
  };
}

/** A standard `Price` ({ value, currency }), in the order's currency when it names none. */
function priceOf(price: unknown, orderCurrency: string): Money | null {
  if (!isRecord(price)) return null;
  const value = finite(price.value);
  return value === undefined ? null : { value, currency: text(price.currency) ?? orderCurrency };
}
