import "server-only";
import type { DeliveryAddressInput, OwnOrderEdit, OwnOrderEditable } from "@/lib/contract/own-order";
import { lastOrderOf } from "./customer-lookup";
import { EDIT_PARTS, type EditPart } from "./edit-parts";
import { centsOf } from "./money";

// An own order's document (./document.ts) read back as the form's input, for editing it: the
// lines and how it was taken as "repetir pedido" reads them (lastOrderOf), and the rest of what
// the form typed — customer, address, troco, note, table, scheduled time. Comparing two orders
// read this way says what an edit changed, whatever the documents' formatting.

interface EditableDocument {
  displayId?: string;
  customer?: { name?: string; phone?: { number?: string } };
  delivery?: { deliveryAddress?: Partial<Record<keyof DeliveryAddressInput, unknown>> };
  payments?: { methods?: Array<{ changeFor?: number }> };
  indoor?: { place?: string };
  schedule?: { scheduledDateTimeStart?: string };
  extraInfo?: string;
  total?: { orderAmount?: { value?: number } };
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function addressOf(document: EditableDocument): DeliveryAddressInput | undefined {
  const address = document.delivery?.deliveryAddress;
  if (!address) return undefined;
  return {
    street: text(address.street),
    number: text(address.number),
    ...(text(address.complement) ? { complement: text(address.complement) } : {}),
    district: text(address.district),
    city: text(address.city),
    state: text(address.state),
    postalCode: text(address.postalCode),
    ...(text(address.reference) ? { reference: text(address.reference) } : {}),
  };
}

export function editableOf(row: { details: unknown; channelId: string; createdAt: Date }): OwnOrderEditable {
  const document = (row.details ?? {}) as EditableDocument;
  const taken = lastOrderOf(row);
  const phone = text(document.customer?.phone?.number);
  const name = text(document.customer?.name);
  const changeFor = document.payments?.methods?.[0]?.changeFor;
  const address = addressOf(document);
  const order: OwnOrderEdit = {
    type: taken.type,
    ...(document.indoor?.place ? { table: document.indoor.place } : {}),
    ...(phone || name ? { customer: { ...(phone ? { phone } : {}), name } } : {}),
    ...(address ? { address } : {}),
    items: taken.lines,
    payment: {
      method: taken.payment ?? "CASH",
      ...(typeof changeFor === "number" ? { changeForCents: centsOf({ value: changeFor, currency: "BRL" }) } : {}),
    },
    ...(document.schedule?.scheduledDateTimeStart ? { scheduledFor: document.schedule.scheduledDateTimeStart } : {}),
    ...(document.extraInfo ? { note: document.extraInfo } : {}),
  };
  return { source: taken.source, displayId: text(document.displayId), order };
}

const PART_FIELDS: Readonly<Record<EditPart, ReadonlyArray<keyof OwnOrderEdit>>> = {
  items: ["items"],
  customer: ["customer"],
  type: ["type", "table"],
  address: ["address"],
  payment: ["payment"],
  schedule: ["scheduledFor"],
  note: ["note"],
};

/** Which parts differ between the order before and after an edit (both read by editableOf). */
export function changedParts(before: OwnOrderEdit, after: OwnOrderEdit): EditPart[] {
  const same = (key: keyof OwnOrderEdit) => JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null);
  return EDIT_PARTS.filter((part) => !PART_FIELDS[part].every(same));
}

/** The document's total in cents (the audit's before and after). */
export function totalCentsOf(details: unknown): number {
  const value = (details as EditableDocument | null)?.total?.orderAmount?.value;
  return typeof value === "number" ? centsOf({ value, currency: "BRL" }) : 0;
}
