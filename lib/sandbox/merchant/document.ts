import { z } from "zod";
import type { PulledMenu } from "./state";

// The platform's check of a merchant's GET /v1/merchant document: the required fields of the
// standard's Merchant object and of every entity it lists (Open Delivery 1.3.0), plus the
// references between them (an offer's item, a group's options) — a platform cannot publish a menu
// whose offer points nowhere. The sandbox imports nothing from Comanda, so this is its own reading.

const available = z.enum(["AVAILABLE", "UNAVAILABLE"]);
const price = z.looseObject({ value: z.number(), currency: z.string() });
const itemPrice = price.extend({ originalValue: z.number() });

const merchantSchema = z.looseObject({
  lastUpdate: z.iso.datetime({ offset: true }),
  TTL: z.number().int().min(500).max(86_400),
  id: z.string().min(36).max(100),
  status: available,
  basicInfo: z.looseObject({
    name: z.string().min(1),
    document: z.string().min(1),
    corporateName: z.string(),
    description: z.string(),
    averagePreparationTime: z.number(),
    minOrderValue: price,
    merchantType: z.string(),
    merchantCategories: z.array(z.string()),
    address: z.looseObject({}),
    contactEmails: z.array(z.string()),
    contactPhones: z.looseObject({}),
    logoImage: z.looseObject({}),
  }),
  services: z
    .array(
      z.looseObject({
        id: z.uuid(),
        status: available,
        serviceType: z.string(),
        menuId: z.string(),
        serviceHours: z.looseObject({ id: z.string(), weekHours: z.array(z.looseObject({})) }),
      }),
    )
    .min(1),
  menus: z.array(
    z.looseObject({ id: z.string(), name: z.string(), externalCode: z.string(), categoryId: z.array(z.string()) }),
  ),
  categories: z.array(
    z.looseObject({
      id: z.string(),
      index: z.number().int(),
      name: z.string(),
      externalCode: z.string(),
      status: available,
    }),
  ),
  items: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string().max(150),
      description: z.string(),
      externalCode: z.string(),
      unit: z.string(),
    }),
  ),
  itemOffers: z.array(
    z.looseObject({
      id: z.string(),
      itemId: z.string(),
      index: z.number().int(),
      price: itemPrice,
      status: available.optional(),
    }),
  ),
  optionGroups: z
    .array(
      z.looseObject({
        id: z.string(),
        index: z.number().int(),
        name: z.string(),
        externalCode: z.string(),
        status: available,
        minPermitted: z.number().int(),
        maxPermitted: z.number().int(),
        options: z
          .array(z.looseObject({ id: z.string(), itemId: z.string().optional(), status: available.optional() }))
          .optional(),
      }),
    )
    .optional(),
});

export type MerchantDocument = z.infer<typeof merchantSchema>;

/** What the document says, or the first problem in words naming the entity (for merchantStatus.moreInfo). */
export function readMerchantDocument(
  body: unknown,
  merchantId: string,
): { ok: true; doc: MerchantDocument } | { ok: false; error: string } {
  const parsed = merchantSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map(String).join(".") || "document";
    return { ok: false, error: `${where}: ${issue?.message ?? "invalid"}` };
  }
  const doc = parsed.data;
  if (doc.id !== merchantId) return { ok: false, error: `id: ${doc.id} is not merchant ${merchantId}` };
  const itemIds = new Set(doc.items.map((i) => i.id));
  for (const [i, offer] of doc.itemOffers.entries()) {
    if (!itemIds.has(offer.itemId)) return { ok: false, error: `itemOffers.${i}.itemId: no item ${offer.itemId}` };
  }
  for (const [g, group] of (doc.optionGroups ?? []).entries()) {
    for (const [o, option] of (group.options ?? []).entries()) {
      if (option.itemId && !itemIds.has(option.itemId))
        return { ok: false, error: `optionGroups.${g}.options.${o}.itemId: no item ${option.itemId}` };
    }
  }
  return { ok: true, doc };
}

/** What an externalCode names on the store API's menu (docs/merchant-api.md): "item:1502" → an item. */
export type StoreRef = { kind: "item" | "option" | "size" | "flavor"; id: number };

const KINDS: Record<string, StoreRef["kind"]> = { item: "item", option: "option", pizzaSize: "size", flavor: "flavor" };

/** "item:1502", "option:110201", "pizzaSize:1203", "flavor:1301": how Comanda's entities name the store API's. */
export function storeRef(externalCode: string | undefined): StoreRef | undefined {
  const match = /^(item|option|pizzaSize|flavor):(\d+)$/.exec(externalCode ?? "");
  const kind = match ? KINDS[match[1] ?? ""] : undefined;
  return kind ? { kind, id: Number(match?.[2]) } : undefined;
}

export type SoldOut = Record<"soldOutItems" | "soldOutOptions" | "soldOutSizes" | "soldOutFlavors", number[]>;

/** Where a ref's sold-out mark is kept on the merchant's controls. */
export const soldOutKey = (kind: StoreRef["kind"]): keyof SoldOut =>
  kind === "item"
    ? "soldOutItems"
    : kind === "option"
      ? "soldOutOptions"
      : kind === "size"
        ? "soldOutSizes"
        : "soldOutFlavors";

/**
 * The references an update needs, and the sold-out sets the document states. Offers are items or
 * pizza sizes; options are options or pizza flavours (a flavour is out when any size says so:
 * the store API's flavours are one list for every size).
 */
export function menuOf(doc: MerchantDocument): { menu: PulledMenu } & SoldOut {
  const codeOf = new Map(doc.items.map((i) => [i.id, i.externalCode]));
  const sizes: Record<string, number> = {};
  const flavors: Record<string, number> = {};
  const menu: PulledMenu = {
    offers: {},
    options: {},
    sizes,
    flavors,
    items: Object.fromEntries(codeOf),
    ttlSeconds: doc.TTL,
  };
  const out: Record<keyof SoldOut, Set<number>> = {
    soldOutItems: new Set(),
    soldOutOptions: new Set(),
    soldOutSizes: new Set(),
    soldOutFlavors: new Set(),
  };
  const note = (ref: StoreRef, status: string | undefined) => {
    if (status === "UNAVAILABLE") out[soldOutKey(ref.kind)].add(ref.id);
  };
  for (const offer of doc.itemOffers) {
    const ref = storeRef(codeOf.get(offer.itemId));
    if (ref?.kind === "item") menu.offers[offer.id] = ref.id;
    else if (ref?.kind === "size") sizes[offer.id] = ref.id;
    else continue;
    note(ref, offer.status);
  }
  for (const group of doc.optionGroups ?? []) {
    for (const option of group.options ?? []) {
      const ref = storeRef(option.itemId ? codeOf.get(option.itemId) : undefined);
      if (ref?.kind === "option") menu.options[option.id] = ref.id;
      else if (ref?.kind === "flavor") flavors[option.id] = ref.id;
      else continue;
      note(ref, option.status);
    }
  }
  return {
    menu,
    soldOutItems: [...out.soldOutItems],
    soldOutOptions: [...out.soldOutOptions],
    soldOutSizes: [...out.soldOutSizes],
    soldOutFlavors: [...out.soldOutFlavors],
  };
}
