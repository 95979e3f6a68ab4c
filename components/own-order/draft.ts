import type {
  OWN_PAYMENT_METHODS,
  OWN_SOURCES,
  OwnOrderEdit,
  OwnOrderEditable,
  OwnOrderInput,
  OwnOrderLine,
  OwnOrderType,
} from "@/lib/contract/own-order";
import type { OwnOrderMenu } from "@/lib/contract/own-order-form";
import { parseSchedule, scheduleText } from "./schedule";

// The order form's draft (issue 30): everything typed so far, kept in this device's localStorage
// with its idempotency key, so a reload or a lost connection loses nothing and a resend after a
// lost answer is the same order. Pure: the form (own-order-form.tsx) keeps it, the server prices it.

export type OwnSourceName = (typeof OWN_SOURCES)[number];
export type PaymentMethod = (typeof OWN_PAYMENT_METHODS)[number];

export interface DraftLine {
  /** The line's own id in the form (React key, focus target), not sent. */
  key: string;
  kind: "item" | "pizza";
  /** The menu item (kind item) or the pizza size (kind pizza). */
  menuId: number;
  flavorIds: number[];
  quantity: number;
  /** Chosen option ids by property id. */
  choices: Record<string, number[]>;
  note: string;
}

export interface DraftAddress {
  street: string;
  number: string;
  district: string;
  complement: string;
  city: string;
  reference: string;
  postalCode: string;
  state: string;
}

export interface Draft {
  idempotencyKey: string;
  source: OwnSourceName;
  type: OwnOrderType;
  table: string;
  phone: string;
  name: string;
  address: DraftAddress;
  lines: DraftLine[];
  method: PaymentMethod;
  /** "Troco para" as typed, in reais ("100" or "100,50"). */
  changeFor: string;
  note: string;
  confirmNow: boolean;
  /** The scheduled time as typed ("19:30", "28/11 19:30"; ./schedule.ts); "" for now. */
  scheduledFor: string;
}

export const EMPTY_ADDRESS: DraftAddress = {
  street: "",
  number: "",
  district: "",
  complement: "",
  city: "",
  reference: "",
  postalCode: "",
  state: "",
};

export function newDraft(makeId: () => string, city = ""): Draft {
  return {
    idempotencyKey: makeId(),
    source: "phone",
    type: "delivery",
    table: "",
    phone: "",
    name: "",
    address: { ...EMPTY_ADDRESS, city },
    lines: [],
    method: "CASH",
    changeFor: "",
    note: "",
    confirmNow: false,
    scheduledFor: "",
  };
}

/** Whether anything was typed: an empty draft is not worth keeping or warning about. */
export function isBlank(draft: Draft): boolean {
  return draft.lines.length === 0 && draft.phone.trim() === "" && draft.name.trim() === "";
}

/** "100", "100,50", "R$ 1.234,5" → cents; "" → null (no troco); anything else → undefined. */
export function parseReais(text: string): number | null | undefined {
  const cleaned = text.replace(/R\$|\s/g, "");
  if (cleaned === "") return null;
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const reais = Number(match[1]!.replace(/\./g, ""));
  const cents = Number((match[2] ?? "0").padEnd(2, "0"));
  return reais * 100 + cents;
}

/** The lines' choices as the contract has them: every chosen option once. */
function optionsOf(choices: Record<string, number[]>) {
  return Object.values(choices)
    .flat()
    .map((optionId) => ({ optionId, quantity: 1 }));
}

function present(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === "" ? undefined : trimmed;
}

/**
 * The draft as POST /api/orders/own (and its quote) takes it. `forQuote` leaves out what does not
 * change the price (names, notes), so typing a note does not ask for a new price.
 */
export function toInput(
  draft: Draft,
  storeId: string,
  { forQuote = false, now = new Date() }: { forQuote?: boolean; now?: Date } = {},
): OwnOrderInput {
  const changeFor = parseReais(draft.changeFor);
  // A draft kept from before the field existed has none. What is not a time is left out: the form
  // says so by the field and refuses to send.
  const scheduled = parseSchedule(draft.scheduledFor ?? "", now);
  const address = draft.address;
  const text = (value: string) => (forQuote ? undefined : present(value));
  // The quote needs only the district to find the zone: what is not typed yet stands as "-" there
  // (nothing is written); the send takes the fields as typed, and the server says what is missing.
  const fill = (value: string) => (forQuote ? (present(value) ?? "-") : value.trim());
  const hasAddress =
    draft.type === "delivery" && (present(address.district) ?? (forQuote ? undefined : present(address.street)));
  return {
    storeId,
    source: draft.source,
    type: draft.type,
    ...(draft.type === "table" && present(draft.table) ? { table: draft.table.trim() } : {}),
    ...(present(draft.phone) || present(draft.name)
      ? { customer: { ...(present(draft.phone) ? { phone: draft.phone.trim() } : {}), name: draft.name.trim() } }
      : {}),
    ...(hasAddress
      ? {
          address: {
            street: fill(address.street),
            number: fill(address.number),
            district: address.district.trim(),
            city: fill(address.city),
            state: address.state.trim(),
            postalCode: address.postalCode.trim(),
            ...(text(address.complement) ? { complement: address.complement.trim() } : {}),
            ...(text(address.reference) ? { reference: address.reference.trim() } : {}),
          },
        }
      : {}),
    items: draft.lines.map((line) => {
      const note = text(line.note);
      const common = { quantity: line.quantity, options: optionsOf(line.choices), ...(note ? { note } : {}) };
      return line.kind === "pizza"
        ? { kind: "pizza" as const, sizeId: line.menuId, flavorIds: line.flavorIds, ...common }
        : { kind: "item" as const, itemId: line.menuId, ...common };
    }),
    payment: {
      method: draft.method,
      ...(draft.method === "CASH" && typeof changeFor === "number" ? { changeForCents: changeFor } : {}),
    },
    ...(scheduled ? { scheduledFor: scheduled.toISOString() } : {}),
    ...(text(draft.note) ? { note: draft.note.trim() } : {}),
    confirmNow: draft.confirmNow,
    ...(forQuote ? {} : { idempotencyKey: draft.idempotencyKey }),
  };
}

/** A pizza line is complete with its first flavour; a draft is priced once every line is. */
export function readyToPrice(draft: Draft): boolean {
  return draft.lines.length > 0 && draft.lines.every((line) => line.kind === "item" || line.flavorIds.length > 0);
}

type Property = OwnOrderMenu["items"][number]["properties"][number];

/** A new line's choices: each required single choice starts at its first option on sale. */
export function defaultChoices(properties: readonly Property[]): Record<string, number[]> {
  const choices: Record<string, number[]> = {};
  for (const property of properties) {
    if (property.minChoices < 1) continue;
    const first = property.options.find((option) => !option.soldOut);
    if (first) choices[String(property.id)] = [first.id];
  }
  return choices;
}

/** Same number: the typed phone's last 8 digits are the found customer's (DDD and 9th digit vary). */
export function samePhone(typed: string, found: string): boolean {
  const a = typed.replace(/\D/g, "");
  const b = found.replace(/\D/g, "");
  return a.length >= 8 && b.length >= 8 && a.slice(-8) === b.slice(-8);
}

/**
 * A past order's lines (the customer's last, "repetir pedido") as the form's: each option back
 * under its property, so the form shows and changes it as if it had been chosen here.
 */
export function linesFrom(
  lines: readonly OwnOrderLine[],
  menu: Pick<OwnOrderMenu, "items" | "pizzaSizes">,
  makeId: () => string,
): DraftLine[] {
  return lines.map((line) => {
    const properties =
      line.kind === "pizza"
        ? (menu.pizzaSizes.find((size) => size.id === line.sizeId)?.properties ?? [])
        : (menu.items.find((item) => item.id === line.itemId)?.properties ?? []);
    const choices: Record<string, number[]> = {};
    for (const { optionId } of line.options) {
      const property = properties.find((entry) => entry.options.some((option) => option.id === optionId));
      const key = String(property?.id ?? "other");
      choices[key] = [...(choices[key] ?? []), optionId];
    }
    return {
      key: makeId(),
      kind: line.kind,
      menuId: line.kind === "pizza" ? line.sizeId : line.itemId,
      flavorIds: line.kind === "pizza" ? [...line.flavorIds] : [],
      quantity: line.quantity,
      choices,
      note: line.note ?? "",
    };
  });
}

/** The draft as PUT /api/orders/[orderId]/edit takes it: the order, not its restaurant or channel. */
export function toEdit(draft: Draft, now = new Date()): OwnOrderEdit {
  const { type, table, customer, address, items, payment, scheduledFor, note } = toInput(draft, "", { now });
  // What is absent stays absent (undefined is not sent).
  return { type, table, customer, address, items, payment, scheduledFor, note };
}

/** An order being edited as the form's draft (kept in memory only: it is already on the board). */
export function draftFrom(
  { source, order }: OwnOrderEditable,
  menu: Pick<OwnOrderMenu, "items" | "pizzaSizes">,
  makeId: () => string,
): Draft {
  const address = order.address;
  const changeFor = order.payment.changeForCents;
  return {
    ...newDraft(makeId),
    source,
    type: order.type,
    table: order.table ?? "",
    phone: order.customer?.phone ?? "",
    name: order.customer?.name ?? "",
    address: address
      ? { ...EMPTY_ADDRESS, ...address, complement: address.complement ?? "", reference: address.reference ?? "" }
      : { ...EMPTY_ADDRESS },
    lines: linesFrom(order.items, menu, makeId),
    method: order.payment.method,
    changeFor:
      changeFor === undefined ? "" : `${Math.floor(changeFor / 100)},${String(changeFor % 100).padStart(2, "0")}`,
    note: order.note ?? "",
    scheduledFor: scheduleText(order.scheduledFor),
  };
}
