import { nextOrderableTime } from "./hours";
import type { MenuItem, MenuProperty, Money, PaymentForm, StoreInfo, StoreMenu } from "./types";

// The smallest real order a store accepts, so a manager can watch it arrive on the board:
// the cheapest available plain item (its required choices filled with the cheapest options),
// enough of it to reach the take-out minimum, paid offline (cash first, exact amount), TAKEOUT
// so no delivery address has to be invented, and — since the platform's order creation takes
// a `customer` object in place of a logged-in customer — a guest named as a test, reachable at
// the store's own telephone. Scheduled for the next opening when the store is closed now.

export const TEST_CUSTOMER_NAME = "TESTE Comanda";
export const TEST_ORDER_SOURCE = "comanda-test-order";
const MAX_AMOUNT = 20;

const cents = (money: Money | null) => Math.round((money?.value ?? 0) * 100);
const money = (value: number, currency: string): Money => ({ value: value / 100, currency });
const available = (status: string) => status === "" || status.toUpperCase() === "AVAILABLE";

export class TestOrderImpossible extends Error {
  constructor(
    readonly reason: "no_item" | "no_payment" | "no_hours" | "no_telephone",
    message: string,
  ) {
    super(message);
  }
}

interface Line {
  item: MenuItem;
  unitCents: number;
  properties: Array<{ propertyId: number; options: Array<{ optionId: number; amount: number; price: Money }> }>;
}

/** The item's required choices, each filled with its cheapest available options; null when one cannot be. */
function requiredChoices(item: MenuItem, currency: string): Line["properties"] | null {
  const chosen: Line["properties"] = [];
  for (const property of item.properties.filter((p: MenuProperty) => p.minChoices > 0)) {
    const options = property.options.filter((o) => available(o.status)).sort((a, b) => cents(a.price) - cents(b.price));
    if (options.length < property.minChoices) return null;
    chosen.push({
      propertyId: property.id,
      options: options
        .slice(0, property.minChoices)
        .map((o) => ({ optionId: o.id, amount: 1, price: money(cents(o.price), currency) })),
    });
  }
  return chosen;
}

/** The cheapest orderable line: available, priced, no availability window, required choices fillable. */
export function cheapestLine(menu: StoreMenu, currency: string): Line | null {
  let best: Line | null = null;
  for (const item of menu.categories
    .filter((c) => available(c.status) || c.status === "ACTIVE")
    .flatMap((c) => c.items)) {
    // Items sold only in some periods (a weekday lunch) might not be on sale at the order's time.
    if (!available(item.status) || item.availabilities.length > 0 || cents(item.price) <= 0) continue;
    const properties = requiredChoices(item, currency);
    if (!properties) continue;
    const unitCents =
      cents(item.price) + properties.flatMap((p) => p.options).reduce((sum, o) => sum + o.amount * cents(o.price), 0);
    if (!best || unitCents < best.unitCents) best = { item, unitCents, properties };
  }
  return best;
}

/** Offline forms first, cash (asks for change) before card machines. */
export function offlinePaymentForm(forms: PaymentForm[]): PaymentForm | null {
  const offline = forms.filter((form) => !form.online);
  return offline.find((form) => form.askForChange) ?? offline[0] ?? null;
}

export interface TestOrderPlan {
  body: Record<string, unknown>;
  itemName: string;
  amount: number;
  total: Money;
  scheduledFor: Date | null;
}

export function planTestOrder(store: StoreInfo, menu: StoreMenu, forms: PaymentForm[], now: Date): TestOrderPlan {
  const currency = store.takeoutMinimumOrder?.currency ?? store.minimumOrder?.currency ?? "BRL";
  const line = cheapestLine(menu, currency);
  if (!line)
    throw new TestOrderImpossible(
      "no_item",
      "The menu has no available item to order (every one is unavailable, priced at zero or only sold at certain times).",
    );
  const form = offlinePaymentForm(forms);
  if (!form)
    throw new TestOrderImpossible("no_payment", "The store accepts no offline payment form, which a test order needs.");
  const telephone = store.telephone.replace(/\D/g, "");
  if (telephone.length < 10)
    throw new TestOrderImpossible("no_telephone", "The store has no contact telephone for the test order's customer.");

  let scheduledFor: Date | null = null;
  if (store.status.toUpperCase() !== "OPEN") {
    scheduledFor = nextOrderableTime(store.businessHours, now, store.waitingMinutes?.min ?? 0);
    if (!scheduledFor)
      throw new TestOrderImpossible(
        "no_hours",
        "The store is closed and has no business hours in the next week to schedule a test order for.",
      );
  }
  const minimum = cents(store.takeoutMinimumOrder);
  const amount = Math.min(MAX_AMOUNT, Math.max(1, Math.ceil(minimum / line.unitCents)));
  const totalCents = amount * line.unitCents;
  const total = money(totalCents, currency);
  const zero = money(0, currency);
  const body = {
    fulfillment: { type: "TAKEOUT" },
    payment: { type: "OFFLINE", paymentFormId: form.id, requiredChange: null },
    items: [{ itemId: line.item.id, amount, properties: line.properties, totalPrice: total }],
    pizzaItems: [],
    values: { subtotal: total, discount: zero, deliveryFee: zero, serviceFee: zero, total },
    scheduling: scheduledFor ? scheduledFor.toISOString() : null,
    contactName: TEST_CUSTOMER_NAME,
    invoiceDocument: null,
    hasLoyaltyProgramReward: false,
    hasMemberGetMemberReward: false,
    voucherCode: null,
    customer: { name: TEST_CUSTOMER_NAME, telephone },
    apiSource: TEST_ORDER_SOURCE,
  };
  return { body, itemName: line.item.name, amount, total, scheduledFor };
}
