import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { OwnOrderLine } from "@/lib/contract/own-order";
import { OWN_ORDER_TYPES, OWN_PAYMENT_METHODS, OWN_SOURCES } from "@/lib/contract/own-order";
import type { CustomerDetail, CustomerFound } from "@/lib/contract/own-order-form";
import type { Database } from "@/lib/db";
import { customers, orders } from "@/lib/db/schema";
import { readControls } from "@/lib/merchant/controls";
import type { ImportedMenu } from "@/lib/merchant/document-ids";
import { OWN_CHANNEL_PREFIX } from "./channels";
import { findCustomerByPhone, ordersOfCustomer, searchCustomers, type Customer } from "./customers";
import { dddOf, formatPhoneKey } from "./phone";

// The order form's customer lookup (GET /api/customers, /api/customers/[customerId]): a
// restaurant's customers by phone in any form or by name, and the last own order of one, as lines
// the form can send again ("repetir pedido"). Every read takes the restaurant's id.

const found = (customer: Customer): CustomerFound => ({
  id: customer.id,
  name: customer.name,
  phone: formatPhoneKey(customer.phoneKey),
  addresses: customer.addresses,
  notes: customer.notes,
});

/** The customer whose number this is first (typed in any form), then those the text matches. */
export async function lookUpCustomers(db: Database, storeId: string, query: string): Promise<CustomerFound[]> {
  const imported = (await readControls(db, storeId)).menu as ImportedMenu | null;
  const exact = await findCustomerByPhone(db, storeId, query, imported ? dddOf(imported.store.telephone) : undefined);
  const matches = await searchCustomers(db, storeId, query);
  return [...(exact ? [exact] : []), ...matches.filter((customer) => customer.id !== exact?.id)].map(found);
}

export async function customerDetail(
  db: Database,
  storeId: string,
  customerId: string,
): Promise<CustomerDetail | undefined> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)));
  if (!customer) return undefined;
  const [last] = await db
    .select({ details: orders.details, channelId: orders.channelId, createdAt: orders.createdAt })
    .from(orders)
    .where(ordersOfCustomer(storeId, customerId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return { ...found(customer), lastOrder: last ? lastOrderOf(last) : null };
}

interface DocumentOption {
  externalCode?: string;
  quantity?: number;
}
interface DocumentItem extends DocumentOption {
  specialInstructions?: string;
  options?: DocumentOption[];
}
interface OwnDocument {
  type?: string;
  items?: DocumentItem[];
  indoor?: { mode?: string };
  payments?: { methods?: Array<{ method?: string }> };
}

/** `item:12` → ["item", 12]. */
function codeOf(code: string | undefined): [string, number] | undefined {
  const match = /^(item|pizzaSize|flavor|option):(\d+)$/.exec(code ?? "");
  return match ? [match[1]!, Number(match[2])] : undefined;
}

/** An own order's document (./document.ts) back into the lines that made it, and how it was taken. */
export function lastOrderOf(row: {
  details: unknown;
  channelId: string;
  createdAt: Date;
}): NonNullable<CustomerDetail["lastOrder"]> {
  const document = (row.details ?? {}) as OwnDocument;
  const lines: OwnOrderLine[] = [];
  for (const item of document.items ?? []) {
    const code = codeOf(item.externalCode);
    if (!code) continue;
    const choices = (item.options ?? []).map((option) => ({
      code: codeOf(option.externalCode),
      quantity: option.quantity ?? 1,
    }));
    const options = choices
      .filter((choice) => choice.code?.[0] === "option")
      .map((choice) => ({ optionId: choice.code![1], quantity: choice.quantity }));
    const note = item.specialInstructions ? { note: item.specialInstructions } : {};
    const quantity = item.quantity ?? 1;
    if (code[0] === "item") lines.push({ kind: "item", itemId: code[1], quantity, options, ...note });
    else if (code[0] === "pizzaSize") {
      const flavorIds = choices.filter((choice) => choice.code?.[0] === "flavor").map((choice) => choice.code![1]);
      if (flavorIds.length > 0) lines.push({ kind: "pizza", sizeId: code[1], flavorIds, quantity, options, ...note });
    }
  }
  // own:<source>:<restaurant> (./channels.ts ownChannelId).
  const source =
    OWN_SOURCES.find((candidate) => row.channelId.startsWith(`${OWN_CHANNEL_PREFIX}${candidate}:`)) ?? "phone";
  const type =
    document.type === "DELIVERY"
      ? "delivery"
      : document.type === "TAKEOUT"
        ? "takeout"
        : document.indoor?.mode === "PLACE"
          ? "table"
          : "counter";
  const method = document.payments?.methods?.[0]?.method;
  return {
    lines,
    source,
    type: OWN_ORDER_TYPES.includes(type) ? type : "counter",
    payment: OWN_PAYMENT_METHODS.find((candidate) => candidate === method) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
